// The pages a mailed link opens share one action shape: the link's fields are
// parsed before anything is looked up, and a link that does not fit gets the
// page's own "this link does not work" with its status; nothing is changed.
// Through the Worker, against real D1.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { CONFIRM_TEXTS, UNSUBSCRIBE_TEXTS } from "~/domain/newsletter/signup-texts";
import { DECISION_LINK_TEXTS } from "~/domain/session-decision";
import { LEAVE_TEXTS } from "~/domain/waitlist";
import { fetchAndSettle } from "./auth-helpers";

const form = (fields: Record<string, string>) => ({
  method: "POST",
  body: new URLSearchParams(fields).toString(),
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
});

/** Rows a link could change, counted before and after. */
async function footprint() {
  const [outbox, audit, subscribers, waitlist, decisions] = await env.DB.batch([
    env.DB.prepare("SELECT count(*) AS n FROM email_outbox"),
    env.DB.prepare("SELECT count(*) AS n FROM audit_log"),
    env.DB.prepare("SELECT count(*) AS n FROM newsletter_subscribers WHERE status = 'subscribed'"),
    env.DB.prepare("SELECT count(*) AS n FROM waitlist_entries WHERE status IN ('waiting', 'offered')"),
    env.DB.prepare("SELECT count(*) AS n FROM session_decisions WHERE decision IS NOT NULL"),
  ]);
  return [outbox, audit, subscribers, waitlist, decisions].map((r) => (r?.results[0] as { n: number }).n);
}

const SHORT = "abc";
const WRONG_ALPHABET = "!".repeat(43);
const TOO_LONG = "a".repeat(44);

describe("a malformed link is refused by its page before anything is looked up", () => {
  it.each([SHORT, WRONG_ALPHABET, TOO_LONG])("token %s", async (token) => {
    const before = await footprint();
    const confirm = await fetchAndSettle("/nyhetsbrev/bekrafta", form({ token }));
    expect(confirm.status).toBe(400);
    expect(await confirm.text()).toContain(CONFIRM_TEXTS.failedTitle);

    const staff = await fetchAndSettle("/registrera/bekrafta", form({ token }));
    expect(staff.status).toBe(400);
    expect(staff.headers.get("Location")).toBeNull();

    const decision = await fetchAndSettle("/beslut", form({ token, val: "stall-in" }));
    expect(decision.status).toBe(409);
    expect(await decision.text()).toContain(DECISION_LINK_TEXTS.invalidTitle);

    const leave = await fetchAndSettle(`/ko/lamna/${encodeURIComponent(token)}`, form({}));
    expect(leave.status).toBe(410);
    expect(await leave.text()).toContain(LEAVE_TEXTS.goneTitle);

    const unsubscribe = await fetchAndSettle(`/unsubscribe?email=kund%40example.se&token=${encodeURIComponent(token)}`, form({}));
    expect(unsubscribe.status).toBe(400);
    expect(await unsubscribe.text()).toContain(UNSUBSCRIBE_TEXTS.failed);

    expect(await footprint()).toEqual(before);
  });

  it("refuses a link without its token or address", async () => {
    expect((await fetchAndSettle("/nyhetsbrev/bekrafta", form({}))).status).toBe(400);
    expect((await fetchAndSettle("/beslut", form({ val: "kor" }))).status).toBe(409);
    expect((await fetchAndSettle(`/unsubscribe?token=${"a".repeat(43)}`, form({}))).status).toBe(400);
  });
});
