// The cron worker for bench/newsletter.mjs: its scheduled entry exactly as
// deployed, plus a fetch entry that starts a campaign the way the admin page
// does (startCampaign), and one that queues a booking confirmation and
// drains it after the response the way the app's booking action does
// (sendEmail, then a drain of that mail in waitUntil), since the cron worker
// itself answers every request 404.
import { drainOutbox, sendEmail, AFTER_RESPONSE_BUDGET_MS } from "../../app/server/email/send-email.server";
import { getLoadContext } from "../../app/server/platform/context.server";
import type { Env } from "../../app/server/platform/env.server";
import { startCampaign } from "../../app/server/newsletter/campaign-sending.server";
import cron from "../../workers/cron";

export default {
  scheduled: cron.scheduled,
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    const context = getLoadContext(env, ctx);
    if (url.pathname === "/confirm") {
      const queued = await sendEmail(context, {
        kind: "booking-confirmation",
        to: url.searchParams.get("to") ?? "kund@example.se",
        subject: "Bokningsbekräftelse",
        text: "Välkommen på passet!",
        idempotencyKey: `bench-confirmation:${crypto.randomUUID()}`,
      });
      if (queued.id) ctx.waitUntil(drainOutbox(context, { ids: [queued.id], budgetMs: AFTER_RESPONSE_BUDGET_MS }));
      return Response.json({ queuedAt: new Date().toISOString(), status: queued.status });
    }
    if (url.pathname !== "/start") return new Response("Not Found", { status: 404 });
    const result = await startCampaign(context, {
      campaignId: Number(url.searchParams.get("campaign")),
      target: url.searchParams.get("target") ?? "alla",
      now: new Date(),
    });
    return Response.json(result);
  },
} satisfies ExportedHandler<Env>;
