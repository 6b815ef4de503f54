// The end of a card's validity, through the cron worker's real scheduled
// entry: one reminder 30 days before a card with something left expires, to
// whoever has its code, and an 'expiry' ledger row taking off what is left
// once its last day has passed; the kept balance stays the ledger's sum.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { CARD_REMINDER_DAYS, cardLastDay } from "~/domain/cards/card-terms";
import { CARD_LEDGER_NOTES } from "~/domain/cards/card-texts";
import { formatLongDate } from "~/domain/time";
import { sellCardAtCounter } from "~/server/cards/sell-card.server";
import cron, { CRONS } from "../../workers/cron";
import { testContext } from "./helpers";
import { seedDemo } from "./public-helpers";

const DAY = 86_400_000;
const actor = { userId: null, email: "kassan@example.se" };

async function runCron(scheduledTime: Date) {
  const ctx = createExecutionContext();
  await cron.scheduled(createScheduledController({ scheduledTime, cron: CRONS.everyFiveMinutes }), env, ctx);
  await waitOnExecutionContext(ctx);
}

async function product(kind: "klippkort" | "presentkort", validityMonths: number): Promise<number> {
  const name = `${kind} ${crypto.randomUUID().slice(0, 8)}`;
  const row =
    kind === "klippkort"
      ? await env.DB.prepare(
          `INSERT INTO card_products (kind, name, uses, price_sek, session_types_json, validity_months) VALUES ('klippkort', ?, 5, 1195, '["VALPKURS"]', ?) RETURNING id`,
        )
          .bind(name, validityMonths)
          .first<{ id: number }>()
      : await env.DB.prepare(`INSERT INTO card_products (kind, name, amounts_json, validity_months) VALUES ('presentkort', ?, '[500]', ?) RETURNING id`)
          .bind(name, validityMonths)
          .first<{ id: number }>();
  return row!.id;
}

type CardRow = { id: number; uses_left: number | null; balance_sek: number | null; expires_at: string; expiry_reminded_at: string | null; code_last4: string };

async function sell(kind: "klippkort" | "presentkort", email: string, validityMonths = 12): Promise<CardRow> {
  const outcome = await sellCardAtCounter(testContext(), actor, {
    product_id: await product(kind, validityMonths),
    amount_sek: kind === "presentkort" ? 500 : undefined,
    email,
    email_confirm: email,
  }, null);
  expect(outcome.status).toBe("issued");
  return (await card((outcome as { cardId: number }).cardId))!;
}

const card = (id: number) => env.DB.prepare("SELECT * FROM cards WHERE id = ?").bind(id).first<CardRow>();

async function reminders(to: string) {
  const { results } = await env.DB.prepare("SELECT subject, text_body AS text, secret FROM email_outbox WHERE kind = 'card-reminder' AND to_address = ?")
    .bind(to)
    .all<{ subject: string; text: string; secret: string | null }>();
  return results;
}

async function ledger(id: number) {
  const { results } = await env.DB.prepare("SELECT kind, uses_delta AS uses, amount_delta_sek AS amount, note FROM card_ledger WHERE card_id = ? ORDER BY id")
    .bind(id)
    .all<{ kind: string; uses: number; amount: number; note: string }>();
  return results;
}

beforeAll(() => seedDemo());
beforeEach(() => {
  vi.spyOn(console, "log").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe("a card's reminder before it expires", () => {
  it("is sent once, 30 days before, with what is left and the code's last four characters, never the code", async () => {
    const sold = await sell("klippkort", "paminn.klipp@example.se");
    const expires = Date.parse(sold.expires_at);

    await runCron(new Date(expires - (CARD_REMINDER_DAYS + 1) * DAY));
    expect(await reminders("paminn.klipp@example.se")).toEqual([]);

    await runCron(new Date(expires - (CARD_REMINDER_DAYS - 1) * DAY));
    const mails = await reminders("paminn.klipp@example.se");
    expect(mails).toHaveLength(1);
    const date = formatLongDate(cardLastDay(sold.expires_at));
    expect(mails[0]!.subject).toBe(`Ditt klippkort gäller till och med ${date}`);
    expect(mails[0]!.text).toContain("har 5 klipp kvar och gäller till och med");
    expect(mails[0]!.text).toContain(`Den slutar på ${sold.code_last4}.`);
    const issued = await env.DB.prepare("SELECT secret FROM email_outbox WHERE kind = 'card-issued' AND to_address = ?").bind("paminn.klipp@example.se").first<{ secret: string | null }>();
    // The code is cut from the issue mail once sent; the reminder never had it.
    expect(mails[0]!.secret).toBeNull();
    expect(mails[0]!.text).not.toMatch(/[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}/);
    if (issued?.secret) expect(mails[0]!.text).not.toContain(issued.secret);
    expect((await card(sold.id))!.expiry_reminded_at).not.toBeNull();

    // Later runs, however many, send no second one.
    await runCron(new Date(expires - (CARD_REMINDER_DAYS - 2) * DAY));
    await runCron(new Date(expires - 2 * DAY));
    expect(await reminders("paminn.klipp@example.se")).toHaveLength(1);
  });

  it("is not sent for a card valid for less than 30 days, nor one voided, used up or whose holder erased their data", async () => {
    const short = await sell("klippkort", "kort.giltighet@example.se", 1);
    await runCron(new Date(Date.parse(short.expires_at) - 5 * DAY));
    expect(await reminders("kort.giltighet@example.se")).toEqual([]);

    const voided = await sell("presentkort", "sparrad@example.se");
    await env.DB.prepare("UPDATE cards SET voided_at = ? WHERE id = ?").bind(new Date().toISOString(), voided.id).run();
    const used = await sell("klippkort", "forbrukad@example.se");
    await env.DB.batch([
      env.DB.prepare("UPDATE cards SET uses_left = 0 WHERE id = ?").bind(used.id),
    ]);
    const erased = await sell("klippkort", "raderad.kund@example.se");
    await env.DB.prepare("UPDATE cards SET holder_email = '[raderad]' WHERE id = ?").bind(erased.id).run();

    await runCron(new Date(Date.parse(voided.expires_at) - 10 * DAY));
    expect(await reminders("sparrad@example.se")).toEqual([]);
    expect(await reminders("forbrukad@example.se")).toEqual([]);
    expect(await reminders("[raderad]")).toEqual([]);
    expect((await card(erased.id))!.expiry_reminded_at).toBeNull();
  });
});

describe("a card past its last day", () => {
  it("loses what is left by an 'expiry' ledger row, once, its balance the ledger's sum", async () => {
    const klipp = await sell("klippkort", "utgar.klipp@example.se");
    const gift = await sell("presentkort", "utgar.present@example.se");
    const expires = Math.max(Date.parse(klipp.expires_at), Date.parse(gift.expires_at));

    // On its last day it still holds everything.
    await runCron(new Date(Date.parse(klipp.expires_at) - 60_000));
    expect((await card(klipp.id))!.uses_left).toBe(5);
    expect((await ledger(klipp.id)).map((r) => r.kind)).toEqual(["issue"]);

    await runCron(new Date(expires + 60_000));
    await runCron(new Date(expires + 10 * 60_000));
    expect(await ledger(klipp.id)).toEqual([
      expect.objectContaining({ kind: "issue", uses: 5 }),
      { kind: "expiry", uses: -5, amount: 0, note: CARD_LEDGER_NOTES.expired },
    ]);
    expect(await ledger(gift.id)).toEqual([
      expect.objectContaining({ kind: "issue", amount: 500 }),
      { kind: "expiry", uses: 0, amount: -500, note: CARD_LEDGER_NOTES.expired },
    ]);
    expect((await card(klipp.id))!.uses_left).toBe(0);
    expect((await card(gift.id))!.balance_sek).toBe(0);
  });

  it("is left alone when it has ended already or holds nothing", async () => {
    const voided = await sell("klippkort", "redan.slut@example.se");
    const now = new Date().toISOString();
    await env.DB.batch([
      env.DB.prepare("INSERT INTO card_ledger (card_id, kind, uses_delta, note, created_at) VALUES (?, 'void', -5, 'test', ?)").bind(voided.id, now),
      env.DB.prepare("UPDATE cards SET uses_left = 0, voided_at = ? WHERE id = ?").bind(now, voided.id),
    ]);
    await runCron(new Date(Date.parse(voided.expires_at) + 60_000));
    expect((await ledger(voided.id)).map((r) => r.kind)).toEqual(["issue", "void"]);
  });
});
