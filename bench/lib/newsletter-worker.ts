// The cron worker for bench/newsletter.mjs: its scheduled entry exactly as
// deployed, plus a fetch entry that starts a campaign the way the admin page
// does (startCampaign), since the cron worker itself answers every request 404.
import { getConfig, type Env } from "../../app/server/env.server";
import { startCampaign } from "../../app/server/newsletter/campaign-sending.server";
import cron from "../../workers/cron";

export default {
  scheduled: cron.scheduled,
  async fetch(request, env) {
    const url = new URL(request.url);
    if (url.pathname !== "/start") return new Response("Not Found", { status: 404 });
    const result = await startCampaign(env, getConfig(env), {
      campaignId: Number(url.searchParams.get("campaign")),
      target: url.searchParams.get("target") ?? "alla",
      now: new Date(),
    });
    return Response.json(result);
  },
} satisfies ExportedHandler<Env>;
