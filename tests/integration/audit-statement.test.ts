// The one audit writer against real D1: a plain row, a row under a condition
// that reads the statement before it (changes()), a row per row of another
// table with fields computed there, and an explicit time.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { auditStatement } from "~/server/audit/audit-log.server";
import { BatchBuilder, runBatch, type Statement } from "~/server/db/batch.server";
import { testContext } from "./helpers";

const db = env.DB;
/** Runs statements as one batch, as a change's plan does. */
async function run(...statements: Statement[]): Promise<void> {
  const b = new BatchBuilder();
  b.addAll(statements);
  await runBatch(testContext(), b.plan(() => null));
}
const actor = { userId: null, email: "admin@hundpass.se" };

type AuditRow = {
  actor_user_id: string | null;
  actor_email: string;
  action: string;
  target_type: string;
  target_id: string | null;
  details_json: string | null;
  created_at: string;
};

async function auditRows(): Promise<AuditRow[]> {
  const { results } = await db
    .prepare("SELECT actor_user_id, actor_email, action, target_type, target_id, details_json, created_at FROM audit_log ORDER BY id")
    .all<AuditRow>();
  return results;
}

beforeEach(async () => {
  await db.batch([db.prepare("DELETE FROM audit_log"), db.prepare("DELETE FROM flurre_faq")]);
});

describe("auditStatement", () => {
  it("writes the entry as given, its details as JSON and its target id as text", async () => {
    await run(auditStatement(actor, { action: "campaign.stop", targetType: "campaign", targetId: 7, details: { unsent: 3 } }));
    expect(await auditRows()).toEqual([
      expect.objectContaining({
        actor_user_id: null,
        actor_email: "admin@hundpass.se",
        action: "campaign.stop",
        target_type: "campaign",
        target_id: "7",
        details_json: JSON.stringify({ unsent: 3 }),
      }),
    ]);
  });

  it("writes nothing when its condition fails, e.g. the change before it in the batch changed nothing", async () => {
    const entry = { action: "flurre_faq.delete", targetType: "flurre_faq", targetId: "1" };
    const changed = { condition: sql`changes() > 0` };
    await run(sql`DELETE FROM flurre_faq WHERE id = ${999}`, auditStatement(actor, entry, changed));
    expect(await auditRows()).toEqual([]);
    await db.prepare("INSERT INTO flurre_faq (id, question, answer, links_json) VALUES (1, 'F?', 'S.', '[]')").run();
    await run(sql`DELETE FROM flurre_faq WHERE id = ${1}`, auditStatement(actor, entry, changed));
    expect((await auditRows()).map((r) => r.action)).toEqual(["flurre_faq.delete"]);
  });

  it("computes the target id and details from the rows of another table, one audit row per row found", async () => {
    await db.batch([
      db.prepare("INSERT INTO flurre_faq (id, question, answer, links_json) VALUES (1, 'Kostar det?', 'Ja.', '[]')"),
      db.prepare("INSERT INTO flurre_faq (id, question, answer, links_json) VALUES (2, 'Regnar det?', 'Nej.', '[]')"),
    ]);
    const statement = (minId: number) =>
      auditStatement(
        actor,
        {
          action: "flurre_faq.check",
          targetType: "flurre_faq",
          targetId: sql`CAST(id AS TEXT)`,
          details: sql`json_object('question', question, 'note', ${"bound in order"})`,
        },
        { from: sql`flurre_faq`, condition: sql`id >= ${minId}` },
      );
    await run(statement(1));
    await run(statement(3));
    expect((await auditRows()).map((r) => [r.target_id, JSON.parse(r.details_json ?? "null")])).toEqual([
      ["1", { question: "Kostar det?", note: "bound in order" }],
      ["2", { question: "Regnar det?", note: "bound in order" }],
    ]);
  });

  it("stores the change's own time when given one, the database's otherwise", async () => {
    await run(auditStatement(actor, { action: "a.at", targetType: "t", targetId: null }, { createdAt: "2026-03-01T10:00:00.000Z" }));
    await run(auditStatement(actor, { action: "a.now", targetType: "t", targetId: null }));
    const [given, now] = await auditRows();
    expect(given?.created_at).toBe("2026-03-01T10:00:00.000Z");
    expect(now?.created_at).not.toBe("2026-03-01T10:00:00.000Z");
    expect(now?.created_at).toBeTruthy();
  });
});
