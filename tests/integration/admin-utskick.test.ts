// /admin/utskick, campaigns, through the Worker as the admin's browser posts:
// saving (the spec's rules and messages, trimmed values, a draft edited),
// the list newest first, duplicate as a '(Kopia)' draft, delete (refused
// while sending), send (status sending, its waves, wave 1 queued after the
// response), 'Inga mottagare' for an empty target, stop, and the test send
// with its List-Unsubscribe headers. Each action's confirmation step is a
// page of its own without JavaScript.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { fetchAndSettle } from "./auth-helpers";
import { post, toastOf } from "./admin-fixtures";
import { signInAs } from "./helpers";
import { campaignState, createCampaign, resetNewsletter, seedSubscribers, waveStates } from "./newsletter-fixtures";

const PATH = "/admin/utskick";
let cookie = "";

const valid = {
  intent: "save",
  campaign_name: "  Majbrevet  ",
  subject: " Nya pass i maj ",
  subheader: "Sommarträning",
  html_content: "  Hej!\n\nNu finns majs pass.  ",
  image_url: "",
  button_text: "Boka",
  button_url: "https://hundpass.se/alla-popups",
  from_email: "nyhetsbrev@hundpass.se",
  target_segment: "vanner-testar",
  footer_line1: "Hundpass",
  footer_line2: "",
};

async function campaignRow(id: number) {
  return env.DB.prepare(
    `SELECT campaign_name AS name, subject, subheader, html_content AS content, image_url AS imageUrl,
       button_text AS buttonText, button_url AS buttonUrl, from_email AS fromEmail, target_segment AS target,
       footer_line1 AS footer1, footer_line2 AS footer2, status, sent_count AS sentCount
     FROM email_campaigns WHERE id = ?`,
  )
    .bind(id)
    .first<Record<string, string | number | null>>();
}

async function campaignCount() {
  return (await env.DB.prepare("SELECT count(*) AS n FROM email_campaigns").first<{ n: number }>())!.n;
}

async function audits(action: string, id: number) {
  const { results } = await env.DB.prepare("SELECT actor_email AS actor, details_json AS details FROM audit_log WHERE action = ? AND target_id = ?")
    .bind(action, String(id))
    .all<{ actor: string; details: string | null }>();
  return results;
}

const page = async (query = "") => {
  const res = await fetchAndSettle(`${PATH}${query}`, { headers: { Cookie: cookie } });
  return { res, html: await res.text() };
};

beforeEach(async () => {
  await resetNewsletter();
  cookie = await signInAs({ email: `admin-${crypto.randomUUID().slice(0, 8)}@hundpass.se`, admin: true });
});

describe("saving a campaign", () => {
  it("stores a new draft with its values trimmed and says 'Kampanj sparad!'", async () => {
    const res = await post(PATH, valid, cookie);
    expect(res.status).toBe(302);
    const location = res.headers.get("Location")!;
    expect(location).toMatch(/^\/admin\/utskick\?sparad=\d+&utkast=ny$/);
    expect(await toastOf(res)).toMatchObject({ type: "success", title: "Kampanj sparad!" });
    const id = Number(/sparad=(\d+)/.exec(location)![1]);
    expect(await campaignRow(id)).toEqual({
      name: "Majbrevet",
      subject: "Nya pass i maj",
      subheader: "Sommarträning",
      content: "Hej!\n\nNu finns majs pass.",
      imageUrl: null,
      buttonText: "Boka",
      buttonUrl: "https://hundpass.se/alla-popups",
      fromEmail: "nyhetsbrev@hundpass.se",
      target: "vanner-testar",
      footer1: "Hundpass",
      footer2: null,
      status: "draft",
      sentCount: 0,
    });
  });

  it("targets the personal segment when no target is posted", async () => {
    const { target_segment: _, ...rest } = valid;
    const res = await post(PATH, rest, cookie);
    const id = Number(/sparad=(\d+)/.exec(res.headers.get("Location")!)![1]);
    expect((await campaignRow(id))!.target).toBe("agare-testar");
  });

  it.each([
    ["no name", { campaign_name: "   " }, "Fyll i alla obligatoriska fält"],
    ["no subject", { subject: "" }, "Fyll i alla obligatoriska fält"],
    ["no content", { html_content: " \n " }, "Fyll i alla obligatoriska fält"],
    ["a name of 201 characters", { campaign_name: "n".repeat(201) }, "Kampanjnamn för långt"],
    ["a subject of 256 characters", { subject: "s".repeat(256) }, "Ämnesrad för lång"],
    ["content of 10 001 characters", { html_content: "c".repeat(10_001) }, "Innehåll för långt"],
    ["a sender that is not one of the three", { from_email: "someone@example.com" }, "Välj en avsändare"],
    ["an unknown target", { target_segment: "nya-kunder" }, "Välj ett giltigt segment"],
    ["a button link that is not a web address", { button_url: "javascript:alert(1)" }, "Ange en webbadress som börjar med http:// eller https://"],
  ])("refuses %s with '%s' and stores nothing", async (_name, change, message) => {
    const res = await post(PATH, { ...valid, ...change }, cookie);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(message);
    expect(await campaignCount()).toBe(0);
  });

  it("accepts the limits exactly (200, 255, 10 000 characters)", async () => {
    const res = await post(
      PATH,
      { ...valid, campaign_name: "n".repeat(200), subject: "s".repeat(255), html_content: "c".repeat(10_000) },
      cookie,
    );
    expect(res.status).toBe(302);
    expect(await campaignCount()).toBe(1);
  });

  it("edits a draft in place, and refuses to change one that is no longer a draft", async () => {
    const draft = await createCampaign({ name: "Utkastet" });
    const edit = await page(`?kampanj=${draft}`);
    expect(edit.html).toContain("Redigera kampanj");
    expect(edit.html).toContain('value="Utkastet"');

    const res = await post(PATH, { ...valid, id: String(draft), campaign_name: "Utkastet, ändrat" }, cookie);
    expect(res.headers.get("Location")).toBe(`${PATH}?sparad=${draft}`);
    expect((await campaignRow(draft))!.name).toBe("Utkastet, ändrat");
    expect(await campaignCount()).toBe(1);

    const sent = await createCampaign({ name: "Skickat", status: "sent" });
    const refused = await post(PATH, { ...valid, id: String(sent), campaign_name: "Ändrat" }, cookie);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("Kunde inte spara kampanj");
    expect((await campaignRow(sent))!.name).toBe("Skickat");
  });
});

describe("the campaign list", () => {
  it("lists campaigns newest first with their status badges", async () => {
    const old = await createCampaign({ name: "Gammal", status: "sent" });
    const mid = await createCampaign({ name: "Mellan", status: "cancelled" });
    const last = await createCampaign({ name: "Senast", status: "sending" });
    await env.DB.batch([
      env.DB.prepare("UPDATE email_campaigns SET created_at = '2026-01-01T08:00:00.000Z' WHERE id = ?").bind(old),
      env.DB.prepare("UPDATE email_campaigns SET created_at = '2026-02-01T08:00:00.000Z' WHERE id = ?").bind(mid),
      env.DB.prepare("UPDATE email_campaigns SET created_at = '2026-03-01T08:00:00.000Z' WHERE id = ?").bind(last),
    ]);
    const { res, html } = await page();
    expect(res.status).toBe(200);
    const order = ["Senast", "Mellan", "Gammal"].map((name) => html.indexOf(`>${name}</h3>`));
    expect(order.every((i) => i > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    for (const [id, label] of [
      [old, "Skickad"],
      [mid, "Stoppad"],
      [last, "Skickas"],
    ] as const) {
      const card = html.slice(html.indexOf(`data-testid="campaign-${id}"`));
      expect(card.slice(0, card.indexOf("</article>"))).toContain(`data-testid="campaign-status">${label}<`);
    }
  });
});

describe("confirmation steps without JavaScript", () => {
  // The choice of target is radio buttons now (each with its name and how many it reaches), not a select.
  it("shows the send step with a choice of target, the chosen campaign's own as default", async () => {
    const id = await createCampaign({ name: "Att skicka" });
    const { html } = await page(`?atgard=skicka&kampanj=${id}`);
    expect(html).toContain("Skicka kampanjen? Välj mottagare.");
    const radio = (value: string) => new RegExp(`<input type="radio"[^>]*name="target"[^>]*value="${value}"[^>]*/>`).exec(html)?.[0];
    expect(radio("agare-testar")).toContain('checked=""');
    expect(radio("alla")).toBeDefined();
    expect(radio("alla")).not.toContain("checked");
    expect(html).toContain(`action="/admin/utskick?atgard=skicka&amp;kampanj=${id}"`);
  });

  it("offers no stop step for a campaign that is not being sent, and no delete step while it is", async () => {
    const draft = await createCampaign();
    expect((await page(`?atgard=stoppa&kampanj=${draft}`)).html).not.toContain("Stoppa utskicket?");
    const sending = await createCampaign({ status: "sending" });
    expect((await page(`?atgard=ta-bort&kampanj=${sending}`)).html).not.toContain("Ta bort kampanjen?");
    expect((await page(`?atgard=stoppa&kampanj=${sending}`)).html).toContain("Stoppa utskicket?");
  });

  it("sends an unknown campaign back to the list with 'Kunde inte hitta kampanj'", async () => {
    const { res } = await page("?atgard=skicka&kampanj=999999");
    expect(res.status).toBe(302);
    expect(await toastOf(res)).toMatchObject({ type: "error", description: "Kunde inte hitta kampanj" });
  });
});

describe("duplicate and delete", () => {
  it("duplicates any campaign as a draft named '(Kopia)' that has gone to nobody", async () => {
    const sent = await createCampaign({ name: "Aprilbrevet", status: "sent" });
    await env.DB.prepare("UPDATE email_campaigns SET sent_count = 40 WHERE id = ?").bind(sent).run();
    const res = await post(PATH, { intent: "duplicate", id: String(sent) }, cookie);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(PATH);
    const copy = await env.DB.prepare("SELECT id FROM email_campaigns WHERE id <> ?").bind(sent).first<{ id: number }>();
    expect(await campaignRow(copy!.id)).toMatchObject({ name: "Aprilbrevet (Kopia)", status: "draft", sentCount: 0, subject: "Nya pass i april" });
    expect((await campaignRow(sent))!.status).toBe("sent");
  });

  it("keeps a copy's name within 200 characters", async () => {
    const long = await createCampaign({ name: "x".repeat(200) });
    await post(PATH, { intent: "duplicate", id: String(long) }, cookie);
    const copy = await env.DB.prepare("SELECT campaign_name AS name FROM email_campaigns WHERE id <> ?").bind(long).first<{ name: string }>();
    expect(copy!.name).toHaveLength(200);
    expect(copy!.name.endsWith(" (Kopia)")).toBe(true);
  });

  it("refuses to delete a campaign while it is being sent, and deletes it otherwise with an audit row", async () => {
    const sending = await createCampaign({ status: "sending" });
    const refused = await post(PATH, { intent: "delete", id: String(sending) }, cookie);
    expect(await toastOf(refused)).toMatchObject({ type: "error", description: expect.stringContaining("Kunde inte ta bort kampanj") });
    expect(await campaignRow(sending)).not.toBeNull();
    expect(await audits("campaign.delete", sending)).toHaveLength(0);

    const draft = await createCampaign({ name: "Bort" });
    const res = await post(PATH, { intent: "delete", id: String(draft) }, cookie);
    expect(await toastOf(res)).toMatchObject({ type: "success", title: "Kampanjen är borttagen" });
    expect(await campaignRow(draft)).toBeNull();
    const [audit] = await audits("campaign.delete", draft);
    expect(JSON.parse(audit!.details!)).toMatchObject({ before: { name: "Bort", status: "draft" }, after: null });

    const again = await post(PATH, { intent: "delete", id: String(draft) }, cookie);
    expect(await toastOf(again)).toMatchObject({ type: "error", description: "Kunde inte hitta kampanj" });
    expect(await audits("campaign.delete", draft)).toHaveLength(1);
  });
});

describe("sending, stopping and test sends", () => {
  it("starts a send to one segment: status sending, one wave, its mail queued after the response, an audit row", async () => {
    await seedSubscribers([
      { email: "a@example.se", segments: ["vanner-testar"] },
      { email: "b@example.se", segments: ["vanner-testar"] },
      { email: "c@example.se", segments: ["vip-utskick"] },
      { email: "d@example.se", segments: ["vanner-testar"], status: "unsubscribed" },
    ]);
    const id = await createCampaign();
    const res = await post(PATH, { intent: "send", id: String(id), target: "vanner-testar" }, cookie);
    expect(await toastOf(res)).toMatchObject({ type: "success", title: "Utskicket har startat", description: "2 mottagare får kampanjen.", durationMs: 8_000 });
    expect(await campaignState(id)).toMatchObject({ target: "vanner-testar" });
    expect((await waveStates(id)).map((w) => [w.wave, w.audience])).toEqual([[1, "vanner-testar"]]);
    const { results } = await env.DB.prepare(
      "SELECT to_address AS \"to\", headers_json AS headers FROM email_outbox WHERE kind = 'newsletter' ORDER BY to_address",
    ).all<{ to: string; headers: string }>();
    expect(results.map((r) => r.to)).toEqual(["a@example.se", "b@example.se"]);
    expect(await audits("campaign.send", id)).toHaveLength(1);
  });

  it("plans every wave for 'alla' and keeps the campaign sending", async () => {
    await seedSubscribers([{ email: "v@example.se", segments: ["vip-utskick"] }]);
    const id = await createCampaign();
    await post(PATH, { intent: "send", id: String(id), target: "alla" }, cookie);
    expect((await campaignState(id))!.status).toBe("sending");
    expect((await waveStates(id)).map((w) => [w.wave, w.audience])).toEqual([
      [1, "live-utskick"],
      [1, "vip-utskick"],
      [2, "slut-utskick"],
      [3, "utan-segment"],
    ]);
  });

  it("offers no 'Skicka till segment' for a stopped campaign and refuses its send, changing nothing", async () => {
    await seedSubscribers([{ email: "s@example.se", segments: ["vanner-testar"] }]);
    const stopped = await createCampaign({ name: "Stoppat brev", status: "cancelled" });
    const draft = await createCampaign({ name: "Utkastet" });
    const sendHref = (id: number) => `?atgard=skicka&amp;kampanj=${id}`;
    const list = (await page()).html;
    expect(list).toContain(sendHref(draft));
    expect(list).not.toContain(sendHref(stopped));
    expect((await page(`?atgard=skicka&kampanj=${stopped}`)).html).not.toContain("Skicka kampanjen? Välj mottagare.");

    const res = await post(PATH, { intent: "send", id: String(stopped), target: "vanner-testar" }, cookie);
    expect(await toastOf(res)).toMatchObject({
      type: "error",
      title: "Fel",
      description: "Kunde inte starta utskick: kampanjen är stoppad. Duplicera den för att skicka en kopia.",
    });
    expect((await campaignState(stopped))!.status).toBe("cancelled");
    expect(await waveStates(stopped)).toEqual([]);
    expect(await audits("campaign.send", stopped)).toHaveLength(0);
    const queued = await env.DB.prepare("SELECT count(*) AS n FROM email_outbox WHERE kind = 'newsletter'").first<{ n: number }>();
    expect(queued!.n).toBe(0);
  });

  it("says 'Inga mottagare' for a target with nobody subscribed, and leaves the campaign a draft", async () => {
    await seedSubscribers([{ email: "gone@example.se", segments: ["test-once"], status: "unsubscribed" }]);
    const id = await createCampaign();
    const res = await post(PATH, { intent: "send", id: String(id), target: "test-once" }, cookie);
    expect(await toastOf(res)).toMatchObject({ type: "info", title: "Inga mottagare" });
    expect((await campaignState(id))!.status).toBe("draft");
    expect(await waveStates(id)).toEqual([]);
  });

  it("refuses an unknown target in the send step, with the message in the step", async () => {
    const id = await createCampaign();
    const res = await post(`${PATH}?atgard=skicka&kampanj=${id}`, { intent: "send", id: String(id), target: "alla-kunder" }, cookie);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Välj ett giltigt segment");
    expect((await campaignState(id))!.status).toBe("draft");
  });

  it("stops a campaign being sent: cancelled ('Stoppad'), later waves cancelled, an audit row; a draft cannot be stopped", async () => {
    await seedSubscribers([{ email: "v@example.se", segments: ["vip-utskick"] }]);
    const id = await createCampaign();
    await post(PATH, { intent: "send", id: String(id), target: "alla" }, cookie);
    const res = await post(PATH, { intent: "stop", id: String(id) }, cookie);
    expect(await toastOf(res)).toMatchObject({ type: "success", title: "Utskicket är stoppat" });
    expect((await campaignState(id))!.status).toBe("cancelled");
    const waves = await waveStates(id);
    expect(waves.filter((w) => w.wave > 1).map((w) => w.status)).toEqual(["cancelled", "cancelled"]);
    expect(await audits("campaign.stop", id)).toHaveLength(1);
    expect((await page()).html).toContain('data-testid="campaign-status">Stoppad<');

    const draft = await createCampaign();
    const refused = await post(PATH, { intent: "stop", id: String(draft) }, cookie);
    expect(await toastOf(refused)).toMatchObject({ type: "error", description: "Kunde inte stoppa kampanjen" });
    expect((await campaignState(draft))!.status).toBe("draft");
  });

  it("test-sends one mail to the address given, with its own unsubscribe link and the List-Unsubscribe headers", async () => {
    const id = await createCampaign({ subject: "Test av maj", from: "flurre@hundpass.se" });
    const res = await post(PATH, { intent: "test", id: String(id), email: " Provare@Example.se " }, cookie);
    expect(await toastOf(res)).toMatchObject({ type: "success", title: "Test-mail skickat!" });
    const { results } = await env.DB.prepare(
      `SELECT to_address AS "to", from_address AS "from", subject, text_body AS text, headers_json AS headers
       FROM email_outbox WHERE kind = 'newsletter-test'`,
    ).all<{ to: string; from: string; subject: string; text: string; headers: string }>();
    expect(results).toHaveLength(1);
    const [mail] = results;
    expect(mail).toMatchObject({ to: "Provare@Example.se", from: "Hundpass <flurre@hundpass.se>", subject: "Test av maj" });
    const headers = JSON.parse(mail!.headers) as Record<string, string>;
    const link = /Avprenumerera: (\S+)/.exec(mail!.text)![1]!;
    expect(link).toMatch(/\/unsubscribe\?email=.+&token=/);
    expect(headers["List-Unsubscribe"]).toContain(`<${link}>`);
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect((await campaignState(id))!.status).toBe("draft");
  });

  it("refuses a test send to an address that is not one, with the message in the step", async () => {
    const id = await createCampaign();
    const res = await post(`${PATH}?atgard=testa&kampanj=${id}`, { intent: "test", id: String(id), email: "inte en adress" }, cookie);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Ange en giltig e-postadress");
    const none = await env.DB.prepare("SELECT count(*) AS n FROM email_outbox WHERE kind = 'newsletter-test'").first<{ n: number }>();
    expect(none!.n).toBe(0);
  });
});
