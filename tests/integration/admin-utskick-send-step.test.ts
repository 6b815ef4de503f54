// /admin/utskick's send step says to whom before anything goes, through the
// Worker as the admin's browser posts: every choice of recipients by the name
// staff gave its segment, with the number a send would reach now (the number
// the send then uses: subscribed, no hard bounce, in that segment, not had it
// yet); the segments' names, set on the segment tab and audited; the mail as
// a subscriber gets it (the same template, staff's text escaped) in a
// sandboxed frame; and a second send to whom the campaign already went only
// with the box ticked, the server checking it too.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { fillMailVars } from "~/domain/mail/newsletter";
import { startCampaign } from "~/server/newsletter/campaign-sending.server";
import { PREVIEW_ADDRESS } from "~/server/newsletter/send-step.server";
import { unsubscribeUrl } from "~/server/newsletter/unsubscribe-links.server";
import { fetchAndSettle } from "./auth-helpers";
import { post, toastOf } from "./admin-fixtures";
import { config, signInAs, testContext } from "./helpers";
import { campaignState, createCampaign, resetNewsletter, seedSubscribers } from "./newsletter-fixtures";

const PATH = "/admin/utskick";
const MIGRATED_NAMES: Record<string, string> = {
  "vip-utskick": "VIP-kunder",
  "live-utskick": "Live-kunder",
  "slut-utskick": "Sista utskicket",
  "agare-testar": "Ägarens test",
  "vanner-testar": "Vänner som testar",
  "test-once": "Engångstest",
};
let cookie = "";

const page = async (query = "") => (await fetchAndSettle(`${PATH}${query}`, { headers: { Cookie: cookie } })).text();
const sendStep = (id: number) => page(`?atgard=skicka&kampanj=${id}`);
const send = (id: number, target: string, extra: Record<string, string> = {}) =>
  post(`${PATH}?atgard=skicka&kampanj=${id}`, { intent: "send", id: String(id), target, ...extra }, cookie);
const rename = (segment: string, displayName: string) =>
  post(`${PATH}?flik=segment`, { intent: "rename-segment", segment, display_name: displayName }, cookie);

/** One target's row in the send step: its name, its count ('N mottagare' or 'Inga mottagare'), whether it is marked sent. */
function targetRow(html: string, target: string) {
  const start = html.indexOf(`data-testid="send-target-${target}"`);
  if (start < 0) return null;
  const row = html.slice(start, html.indexOf("</li>", start));
  return {
    name: /<label[^>]*class="send-target-name">([^<]*)</.exec(row)?.[1] ?? null,
    count: /data-testid="send-target-count">([^<]*(?:<!-- -->[^<]*)*)</.exec(row)?.[1]?.replace(/<!-- -->/g, "") ?? null,
    sent: row.includes("Har redan fått kampanjen"),
  };
}

/** The preview frame's document, as the browser reads the attribute. */
function previewDocument(html: string): string | null {
  const m = /<iframe title="Mejlet som prenumeranten ser det" sandbox="" srcDoc="([^"]*)"/i.exec(html);
  if (!m) return null;
  return m[1]!.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
}

async function outboxTo() {
  const { results } = await env.DB.prepare("SELECT to_address AS \"to\" FROM email_outbox WHERE kind = 'newsletter' ORDER BY to_address").all<{
    to: string;
  }>();
  return results.map((r) => r.to);
}

async function audits(action: string) {
  const { results } = await env.DB.prepare(
    "SELECT actor_email AS actor, target_id AS target, details_json AS details FROM audit_log WHERE action = ? ORDER BY id",
  )
    .bind(action)
    .all<{ actor: string; target: string; details: string }>();
  return results.map((r) => ({ ...r, details: JSON.parse(r.details) as Record<string, unknown> }));
}

beforeEach(async () => {
  await resetNewsletter();
  await env.DB.batch([
    env.DB.prepare("DELETE FROM audit_log WHERE action IN ('newsletter_segment.rename', 'campaign.send')"),
    env.DB.prepare("DELETE FROM newsletter_segments"),
    ...Object.entries(MIGRATED_NAMES).map(([name, displayName]) =>
      env.DB.prepare("INSERT INTO newsletter_segments (name, display_name) VALUES (?, ?)").bind(name, displayName),
    ),
  ]);
  cookie = await signInAs({ email: `admin-${crypto.randomUUID().slice(0, 8)}@hundpass.se`, admin: true });
});

describe("the number of recipients", () => {
  it("shows for each target how many a send would reach, and the send reaches exactly that many", async () => {
    const [, , , bounced] = await seedSubscribers([
      { email: "a@example.se", segments: ["vanner-testar"] },
      { email: "b@example.se", segments: ["vanner-testar", "vip-utskick"] },
      { email: "gone@example.se", segments: ["vanner-testar"], status: "unsubscribed" },
      { email: "bounced@example.se", segments: ["vanner-testar"] },
      { email: "v@example.se", segments: ["vip-utskick"] },
      { email: "new@example.se" },
    ]);
    await env.DB.prepare("UPDATE newsletter_subscribers SET undeliverable_at = '2026-01-03T00:00:00.000Z' WHERE id = ?").bind(bounced).run();
    const id = await createCampaign();

    const html = await sendStep(id);
    expect(targetRow(html, "vanner-testar")).toEqual({ name: "Vänner som testar", count: "2 mottagare", sent: false });
    expect(targetRow(html, "vip-utskick")).toEqual({ name: "VIP-kunder", count: "2 mottagare", sent: false });
    expect(targetRow(html, "test-once")).toEqual({ name: "Engångstest", count: "Inga mottagare", sent: false });
    expect(targetRow(html, "alla")?.count).toBe("4 mottagare");

    const res = await send(id, "vanner-testar");
    expect(await toastOf(res)).toMatchObject({ title: "Utskicket har startat", description: "2 mottagare får kampanjen." });
    expect(await outboxTo()).toEqual(["a@example.se", "b@example.se"]);
  });

  it("leaves out whoever already got the campaign", async () => {
    await seedSubscribers([
      { email: "a@example.se", segments: ["vanner-testar"] },
      { email: "b@example.se", segments: ["vip-utskick"] },
    ]);
    const id = await createCampaign();
    await send(id, "vanner-testar");
    await seedSubscribers([{ email: "c@example.se", segments: ["vip-utskick"] }]);
    const html = await sendStep(id);
    expect(targetRow(html, "vanner-testar")?.count).toBe("Inga mottagare");
    expect(targetRow(html, "alla")?.count).toBe("2 mottagare");
  });
});

describe("the segments' names", () => {
  it("names every choice, the campaign's target and the segment tab's rows as the migration named them", async () => {
    const id = await createCampaign({ name: "Namnbrevet" });
    const step = await sendStep(id);
    for (const [segment, name] of Object.entries(MIGRATED_NAMES)) expect(targetRow(step, segment)?.name).toBe(name);
    expect(targetRow(step, "alla")?.name).toBe(
      "alla (dag 1 VIP-kunder och Live-kunder, dag 2 Sista utskicket, dag 3 övriga kl. 08:00)",
    );
    expect(await page()).toMatch(/data-testid="campaign-target">Ägarens test</);
    expect(await page("?flik=segment")).toMatch(/data-testid="segment-count-vip-utskick"><th scope="row">VIP-kunder \(vip-utskick\)/);
  });

  it("lets staff rename a segment, audited, while its slug stays the key", async () => {
    await seedSubscribers([{ email: "a@example.se", segments: ["vanner-testar"] }]);
    const res = await rename("vanner-testar", "  Testgänget ");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`${PATH}?flik=segment`);
    expect(await toastOf(res)).toMatchObject({ type: "success", title: "Sparat!" });
    const row = await env.DB.prepare("SELECT display_name AS name FROM newsletter_segments WHERE name = 'vanner-testar'").first<{ name: string }>();
    expect(row?.name).toBe("Testgänget");
    const [audit, ...more] = await audits("newsletter_segment.rename");
    expect(more).toEqual([]);
    expect(audit).toMatchObject({ target: "vanner-testar", details: { before: "Vänner som testar", after: "Testgänget" } });
    expect(audit!.actor).toMatch(/^admin-.+@hundpass\.se$/);
    const member = await env.DB.prepare("SELECT segment_name AS segment FROM newsletter_subscriber_segments").first<{ segment: string }>();
    expect(member?.segment).toBe("vanner-testar");

    const id = await createCampaign();
    expect(targetRow(await sendStep(id), "vanner-testar")).toMatchObject({ name: "Testgänget", count: "1 mottagare" });

    // The same name again changes nothing and writes no second audit row.
    await rename("vanner-testar", "Testgänget");
    expect(await audits("newsletter_segment.rename")).toHaveLength(1);
  });

  it("names a configured personal segment that has no name yet", async () => {
    await env.DB.prepare("DELETE FROM newsletter_segments WHERE name = 'agare-testar'").run();
    expect(targetRow(await sendStep(await createCampaign()), "agare-testar")?.name).toBe("agare-testar");
    expect((await rename("agare-testar", "Mitt test")).status).toBe(302);
    expect(targetRow(await sendStep(await createCampaign()), "agare-testar")?.name).toBe("Mitt test");
  });

  it.each([
    ["a name another segment has, in any case", "test-once", "vip-KUNDER", 409, "Ett annat segment har redan det namnet"],
    ["an empty name", "test-once", "   ", 400, "Ange ett namn för segmentet"],
    ["a name of 61 characters", "test-once", "n".repeat(61), 400, "Namnet får vara högst 60 tecken"],
    ["a segment that is not one", "nya-kunder", "Nya kunder", 400, "Okänt segment"],
  ])("refuses %s, changing nothing", async (_case, segment, name, status, message) => {
    const res = await rename(segment, name);
    expect(res.status).toBe(status);
    expect(await res.text()).toContain(message);
    const { results } = await env.DB.prepare("SELECT name, display_name AS displayName FROM newsletter_segments ORDER BY name").all<{
      name: string;
      displayName: string;
    }>();
    expect(Object.fromEntries(results.map((r) => [r.name, r.displayName]))).toEqual(MIGRATED_NAMES);
    expect(await audits("newsletter_segment.rename")).toEqual([]);
  });
});

describe("the preview", () => {
  it("shows the mail a subscriber gets, from the same template, with staff's text escaped, in a sandboxed frame", async () => {
    await seedSubscribers([{ email: "a@example.se", segments: ["vanner-testar"] }]);
    const id = await createCampaign({
      subject: "Nytt i <maj> & juni",
      content: 'Hej!\n\n<script>alert("x")</script> <img src=x onerror="alert(1)">',
    });
    const html = await sendStep(id);
    expect(html).toMatch(/data-testid="mail-preview-subject">Nytt i &lt;maj&gt; &amp; juni</);
    const preview = previewDocument(html);
    expect(preview).not.toBeNull();
    expect(preview).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(preview).not.toMatch(/<script|<img src="?x/i);
    const previewLink = await unsubscribeUrl(config(), PREVIEW_ADDRESS);
    expect(previewLink).toMatch(/\/unsubscribe\?email=prenumerant%40example\.com&token=/);

    // The mail the subscriber then gets: its shared body with their own link is the preview with the preview's link.
    await send(id, "vanner-testar");
    const sent = await env.DB.prepare(
      "SELECT b.html_body AS html FROM email_outbox o JOIN email_bodies b ON b.id = o.body_id WHERE o.to_address = 'a@example.se'",
    ).first<{ html: string }>();
    expect(fillMailVars(sent!.html, { unsubscribe_url: previewLink }, "html")).toBe(preview);
  });
});

describe("a second send to whom the campaign already went", () => {
  async function sentToFriends() {
    await seedSubscribers([{ email: "a@example.se", segments: ["vanner-testar"] }]);
    const id = await createCampaign({ name: "Majbrevet" });
    expect(await toastOf(await send(id, "vanner-testar"))).toMatchObject({ title: "Utskicket har startat" });
    expect((await campaignState(id))!.status).toBe("sent");
    await seedSubscribers([{ email: "ny@example.se", segments: ["vanner-testar"] }]);
    return id;
  }

  it("warns in the step and marks the choice it already went to", async () => {
    const id = await sentToFriends();
    const html = await sendStep(id);
    expect(targetRow(html, "vanner-testar")).toEqual({ name: "Vänner som testar", count: "1 mottagare", sent: true });
    expect(targetRow(html, "vip-utskick")?.sent).toBe(false);
    expect(html).toContain("Kampanjen har redan skickats till Vänner som testar.");
    expect(html).toMatch(/<input type="checkbox" id="[^"]+" name="again"/);
  });

  it("refuses it without the ticked box, changing nothing, and says why in the step", async () => {
    const id = await sentToFriends();
    const res = await send(id, "vanner-testar");
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Kampanjen har redan skickats till Vänner som testar. Kryssa i rutan om du vill skicka igen.");
    expect((await campaignState(id))!.status).toBe("sent");
    expect(await outboxTo()).toEqual(["a@example.se"]);
    expect(await audits("campaign.send")).toHaveLength(1);
  });

  it("sends it with the box ticked, to those who have not had it, and audits the confirmation", async () => {
    const id = await sentToFriends();
    const res = await send(id, "vanner-testar", { again: "on" });
    expect(await toastOf(res)).toMatchObject({ title: "Utskicket har startat", description: "1 mottagare får kampanjen." });
    expect(await outboxTo()).toEqual(["a@example.se", "ny@example.se"]);
    expect((await audits("campaign.send")).map((a) => a.details)).toEqual([
      { target: "vanner-testar", recipients: 1 },
      { target: "vanner-testar", recipients: 1, again: true },
    ]);
  });

  it("counts 'alla' after one of its segments as a second send, and a first send elsewhere as none", async () => {
    await seedSubscribers([
      { email: "v@example.se", segments: ["vip-utskick"] },
      { email: "f@example.se", segments: ["vanner-testar"] },
      { email: "l@example.se", segments: ["live-utskick"] },
    ]);
    const id = await createCampaign();
    await send(id, "vip-utskick");
    const refused = await send(id, "alla");
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Kampanjen har redan skickats till VIP-kunder.");
    expect(await toastOf(await send(id, "vanner-testar"))).toMatchObject({ description: "1 mottagare får kampanjen." });
  });

  it("says 'Inga mottagare' when nobody new is there, box or not", async () => {
    await seedSubscribers([{ email: "a@example.se", segments: ["vanner-testar"] }]);
    const id = await createCampaign();
    await send(id, "vanner-testar");
    expect(await toastOf(await send(id, "vanner-testar"))).toMatchObject({ type: "info", title: "Inga mottagare" });
  });

  it("is refused by the start itself, not only by the page", async () => {
    const id = await sentToFriends();
    expect(await startCampaign(testContext(), { campaignId: id, target: "vanner-testar" })).toEqual({
      ok: false,
      reason: "already-sent",
      sentTo: ["vanner-testar"],
    });
    expect((await campaignState(id))!.status).toBe("sent");
    expect(await startCampaign(testContext(), { campaignId: id, target: "vanner-testar", again: true })).toMatchObject({ ok: true, recipients: 1 });
  });
});
