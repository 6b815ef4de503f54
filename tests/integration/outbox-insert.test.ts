// The one outbox writer against real D1: a single row under a condition, and
// many rows projected from a SELECT (the campaign waves' form), both keeping
// one row per idempotency key; and a shared-body row drained only with the
// filler of its variables that its owner hands in.
import { env } from "cloudflare:workers";
import { sql, type SQL } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { BatchBuilder, runBatch } from "~/server/db/batch.server";
import { drainOutbox } from "~/server/email/drain.server";
import { outboxInsertStatements, toOutboxRow, type OutboxRowsSelect } from "~/server/email/outbox.server";
import { testContext } from "./helpers";

const db = env.DB;

/** Runs statements as one batch; returns their results in order. */
function batch(statements: readonly SQL[]): Promise<D1Result[]> {
  const b = new BatchBuilder();
  b.addAll(statements);
  return runBatch(testContext(), b.plan((results) => [...results]));
}
const NOW = "2026-03-01T10:00:00.000Z";

async function outbox() {
  const { results } = await db
    .prepare("SELECT id, idempotency_key AS k, kind, to_address AS addr, subject, body_id AS bodyId, vars_json AS vars FROM email_outbox ORDER BY to_address")
    .all<{ id: string; k: string; kind: string; addr: string; subject: string; bodyId: string | null; vars: string | null }>();
  return results;
}

/** Rows for every entry of a JSON list, keyed by its k. */
function fromList(entries: Array<{ id: string; k: string; to: string }>, where?: SQL): OutboxRowsSelect {
  const field = (name: string) => sql.raw(`json_extract(j.value, '$.${name}')`);
  return {
    select: {
      id: field("id"),
      idempotencyKey: field("k"),
      kind: sql`'newsletter'`,
      toAddress: field("to"),
      fromAddress: sql`'nyhetsbrev@hundpass.se'`,
      subject: sql`${"Vårens kurser"}`,
      textBody: sql`''`,
      bodyId: sql`'body-1'`,
      varsJson: sql`json_object('unsubscribe_url', 'https://hundpass.se/u/' || ${field("k")})`,
      nextAttemptAt: sql`${NOW}`,
      createdAt: sql`${NOW}`,
    },
    from: sql`json_each(${JSON.stringify(entries)}) j`,
    where,
  };
}

beforeEach(async () => {
  await db.batch([
    db.prepare("DELETE FROM email_outbox"),
    db.prepare("INSERT OR IGNORE INTO email_bodies (id, text_body) VALUES ('body-1', 'Hej! {{unsubscribe_url}}')"),
  ]);
});

describe("outboxInsertStatements, many rows from a SELECT", () => {
  it("queues one row per entry, and skips an entry whose idempotency key is queued already", async () => {
    const earlier = toOutboxRow({ kind: "newsletter", to: "b@example.se", subject: "Tidigare", text: "x", idempotencyKey: "campaign:1:2" }, { from: "a@hundpass.se" }, NOW);
    await batch(outboxInsertStatements(earlier));
    const entries = [
      { id: "o1", k: "campaign:1:1", to: "a@example.se" },
      { id: "o2", k: "campaign:1:2", to: "b@example.se" },
      { id: "o3", k: "campaign:1:3", to: "c@example.se" },
    ];
    const [first] = await batch(outboxInsertStatements(fromList(entries)));
    expect(first?.meta.changes).toBe(2);
    expect(await outbox()).toEqual([
      { id: "o1", k: "campaign:1:1", kind: "newsletter", addr: "a@example.se", subject: "Vårens kurser", bodyId: "body-1", vars: '{"unsubscribe_url":"https://hundpass.se/u/campaign:1:1"}' },
      { id: earlier.id, k: "campaign:1:2", kind: "newsletter", addr: "b@example.se", subject: "Tidigare", bodyId: null, vars: null },
      { id: "o3", k: "campaign:1:3", kind: "newsletter", addr: "c@example.se", subject: "Vårens kurser", bodyId: "body-1", vars: '{"unsubscribe_url":"https://hundpass.se/u/campaign:1:3"}' },
    ]);

    // The same page again (a repeated trigger, new row ids): nothing more.
    const again = entries.map((e) => ({ ...e, id: `${e.id}-again` }));
    const [second] = await batch(outboxInsertStatements(fromList(again)));
    expect(second?.meta.changes).toBe(0);
    expect(await outbox()).toHaveLength(3);
  });

  it("queues only the rows its where clause keeps", async () => {
    const entries = [
      { id: "o1", k: "campaign:2:1", to: "a@example.se" },
      { id: "o2", k: "campaign:2:2", to: "b@example.se" },
    ];
    await batch(outboxInsertStatements(fromList(entries, sql`json_extract(j.value, '$.to') <> 'b@example.se'`)));
    expect((await outbox()).map((r) => r.addr)).toEqual(["a@example.se"]);
  });
});

describe("outboxInsertStatements, one row", () => {
  const row = () => toOutboxRow({ kind: "booking-confirmation", to: "anna@example.se", subject: "Bokad", text: "Välkommen" }, { from: "a@hundpass.se" }, NOW);

  it("queues a row only while its condition holds", async () => {
    await batch(outboxInsertStatements(row(), { condition: sql`${0} = 1` }));
    expect(await outbox()).toEqual([]);
    await batch(outboxInsertStatements(row(), { condition: sql`${1} = 1` }));
    expect((await outbox()).map((r) => r.addr)).toEqual(["anna@example.se"]);
  });

  it("fills a placeholder of its text from an SQL expression as the batch finds it", async () => {
    const queued = { ...row(), textBody: "Deltagare: {{names}}" };
    const names = sql`SELECT group_concat(upper(value), ', ') FROM json_each(${'["anna","bo"]'})`;
    await batch(outboxInsertStatements(queued, { fill: { placeholder: "{{names}}", sql: names } }));
    const text = await db.prepare("SELECT text_body AS t FROM email_outbox WHERE id = ?").bind(queued.id).first<{ t: string }>();
    expect(text?.t).toBe("Deltagare: ANNA, BO");
  });
});

describe("the drain and shared bodies", () => {
  const local = testContext();
  const status = async () =>
    (await db.prepare("SELECT status FROM email_outbox WHERE id = 'o1'").first<{ status: string }>())?.status;

  it("leaves a shared-body row queued without a filler, and fills it with the one it is handed", async () => {
    await batch(outboxInsertStatements(fromList([{ id: "o1", k: "campaign:3:1", to: "a@example.se" }])));
    expect(await drainOutbox(local)).toMatchObject({ sent: 0, failed: 0 });
    expect(await status()).toBe("queued");

    const filled: Array<[string, string | null, string]> = [];
    const fillVars = (body: string, varsJson: string | null, kind: "html" | "text") => {
      filled.push([body, varsJson, kind]);
      return body;
    };
    expect(await drainOutbox(local, { fillVars })).toMatchObject({ sent: 1 });
    expect(await status()).toBe("sent");
    expect(filled).toEqual([["Hej! {{unsubscribe_url}}", '{"unsubscribe_url":"https://hundpass.se/u/campaign:3:1"}', "text"]]);
  });
});
