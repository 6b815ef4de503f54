// What Flurre answers from is read again only when it has changed. Every
// write to its tables replaces the token of the content's version (a trigger
// each, migrations/0176_content_version.sql), and a question whose token is
// the one Flurre read with reads that one row, not the content. Plain SQL
// stands in here for every writer (the admin pages, a booking, the cron
// worker, a migration): a trigger sees them all.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { getLoadContext } from "~/server/platform/context.server";
import { askFlurre, loadFlurreKnowledge } from "~/server/flurre/answer.server";
import { loadFlurreContent } from "~/server/flurre/corpus.server";
import { seedDemo } from "./public-helpers";

const noop = { waitUntil: () => {}, passThroughOnException: () => {}, props: {} } as unknown as ExecutionContext;

/** The vocabulary is read on a clock of its own (it changes only with a migration); the rate limit is not content. */
const NOT_CONTENT = new Set(["content_version", "flurre_vocabulary", "rate_limits"]);

const CONTENT_TABLES = ["bookings", "card_products", "flurre_faq", "places", "popup_types", "preparation_items", "sessions", "team_members"];

/** The D1 binding, recording each batch's statements. */
function recordingBatches() {
  const batches: string[][] = [];
  const db = new Proxy(env.DB, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (typeof value !== "function") return value;
      if (prop === "batch") {
        return (statements: D1PreparedStatement[]) => {
          batches.push(statements.map((s) => (s as unknown as { statement: string }).statement));
          return target.batch(statements);
        };
      }
      return value.bind(target);
    },
  });
  return { context: getLoadContext({ ...env, DB: db }, noop), batches };
}

async function token(): Promise<string> {
  return (await env.DB.prepare("SELECT token FROM content_version WHERE id = 1").first<string>("token"))!;
}

/** The tables a statement reads or writes (its FROM, JOIN, INTO and UPDATE names). */
function tablesOf(statement: string): string[] {
  return [...statement.matchAll(/\b(?:from|join|into|update)\s+"?([a-z_]+)"?/gi)].map((m) => m[1]!.toLowerCase());
}

beforeAll(async () => {
  await seedDemo();
});

/** The columns of `table` a statement names: its own select list's (when it reads from `table`) and `table.column`. */
function columnsOf(statement: string, table: string): string[] {
  const named = [...statement.matchAll(new RegExp(`"?\\b${table}"?\\."?([a-z_]+)"?`, "g"))].map((m) => m[1]!);
  const own = new RegExp(`^select (.*?) from "${table}"`, "s").exec(statement)?.[1] ?? "";
  // The select list's own columns, quoted; a subquery in it names its columns with its table or alias.
  const listed = [...own.replace(/\((?:[^()]|\([^()]*\))*\)/g, "").matchAll(/"([a-z_]+)"/g)].map((m) => m[1]!);
  return [...named, ...listed];
}

/** The trigger's `UPDATE OF` columns, or null when it fires on any column. */
function updateOf(sql: string): string[] | null {
  const list = /AFTER UPDATE OF (.+?) ON/s.exec(sql)?.[1];
  return list ? list.split(",").map((c) => c.trim()) : null;
}

async function triggers(): Promise<{ tbl_name: string; sql: string }[]> {
  return (await env.DB.prepare("SELECT tbl_name, sql FROM sqlite_master WHERE type = 'trigger' AND sql LIKE '%content_version%'").all<{ tbl_name: string; sql: string }>())
    .results;
}

describe("the token of what Flurre answers from", () => {
  it("is replaced by a write to every table the content is read from, in all three ways, and every column read", async () => {
    const { context, batches } = recordingBatches();
    await loadFlurreContent(context, new Date(), { vocabulary: true });
    const statements = batches.flat();
    const read = new Set(statements.flatMap(tablesOf).filter((table) => !NOT_CONTENT.has(table)));
    expect([...read].sort()).toEqual(CONTENT_TABLES);
    const all = await triggers();
    for (const table of read) {
      const own = all.filter((t) => t.tbl_name === table);
      const events = own.map((t) => /AFTER (INSERT|UPDATE|DELETE)/.exec(t.sql)?.[1]);
      expect(events.sort(), table).toEqual(["DELETE", "INSERT", "UPDATE"]);
      const columns = updateOf(own.find((t) => t.sql.includes("AFTER UPDATE"))!.sql);
      if (columns === null) continue;
      const needed = new Set(statements.flatMap((statement) => columnsOf(statement, table)));
      expect(needed.size, `${table}: columns read`).toBeGreaterThan(1);
      expect(columns, `${table}: the columns Flurre reads`).toEqual(expect.arrayContaining([...needed]));
    }
  });

  it("changes with every row written, and not with a statement that changes none", async () => {
    // The demo data sells no card: one inserted, written and deleted.
    const none = await token();
    const { meta } = await env.DB.prepare(
      "INSERT INTO card_products (kind, name, uses, price_sek, session_types_json, validity_months) VALUES ('klippkort', '5-kort', 5, 1000, '[\"VALPKURS\"]', 6)",
    ).run();
    const inserted = await token();
    expect(inserted).not.toBe(none);
    for (const table of ["card_products", "flurre_faq", "places", "popup_types", "preparation_items", "team_members"]) {
      const before = await token();
      await env.DB.prepare(`UPDATE ${table} SET rowid = rowid WHERE 0`).run();
      expect(await token(), `${table}, no row`).toBe(before);
      const written = await env.DB.prepare(`UPDATE ${table} SET rowid = rowid WHERE rowid = (SELECT min(rowid) FROM ${table})`).run();
      expect(written.meta.changes, `${table} has a row to write`).toBeGreaterThan(0);
      expect(await token(), table).not.toBe(before);
    }
    const before = await token();
    await env.DB.prepare("DELETE FROM card_products WHERE id = ?").bind(meta.last_row_id).run();
    expect(await token()).not.toBe(before);
  });

  it("changes with a session's shown columns and a pending booking, and not with what Flurre does not read", async () => {
    const changes = async (statement: string, ...values: unknown[]) => {
      const before = await token();
      await env.DB.prepare(statement).bind(...values).run();
      return (await token()) !== before;
    };
    const session = (await env.DB.prepare("SELECT id FROM sessions ORDER BY id LIMIT 1").first<number>("id"))!;
    expect(await changes("UPDATE sessions SET current_participants = current_participants WHERE id = ?", session)).toBe(true);
    expect(await changes("UPDATE sessions SET cancelled_at = cancelled_at WHERE id = ?", session)).toBe(true);
    expect(await changes("UPDATE sessions SET revision = revision WHERE id = ?", session)).toBe(false);

    const booking = (await env.DB.prepare("SELECT id FROM bookings WHERE booking_status = 'confirmed' LIMIT 1").first<string>("id"))!;
    // A reminder marked, a confirmed booking's status written again: no pending booking, nothing Flurre reads.
    expect(await changes("UPDATE bookings SET reminded_at = reminded_at WHERE id = ?", booking)).toBe(false);
    expect(await changes("UPDATE bookings SET booking_status = 'confirmed' WHERE id = ?", booking)).toBe(false);
    // Held for payment (pending) and back: each changes the seats Flurre tells.
    expect(await changes("UPDATE bookings SET booking_status = 'pending' WHERE id = ?", booking)).toBe(true);
    expect(await changes("UPDATE bookings SET reminded_at = reminded_at WHERE id = ?", booking)).toBe(false);
    expect(await changes("UPDATE bookings SET booking_status = 'confirmed' WHERE id = ?", booking)).toBe(true);
  });
});

describe("a question", () => {
  it("reads only the token while nothing has changed, and what changed at once", async () => {
    const { context, batches } = recordingBatches();
    const now = new Date();
    const first = await loadFlurreKnowledge(context, now);
    expect(batches.at(-1)!.length, "the content, with the token").toBeGreaterThan(1);

    const again = await loadFlurreKnowledge(context, now);
    expect(batches.at(-1)).toEqual([expect.stringContaining("content_version")]);
    expect(again.knowledge).toBe(first.knowledge);

    // A team member renamed by any writer: the next question reads the token, sees it changed, and reads the content.
    const [member] = (await env.DB.prepare("SELECT id, name FROM team_members ORDER BY id LIMIT 1").all<{ id: number; name: string }>()).results;
    await env.DB.prepare("UPDATE team_members SET name = 'Vega Lundström' WHERE id = ?").bind(member!.id).run();
    const trips = batches.length;
    const answer = await askFlurre(context, { question: "Vem är Vega Lundström?", page: null, record: false, now });
    expect(batches.length - trips, "the token, then the content").toBe(2);
    expect(answer.kind).toBe("answer");
    expect(answer.paragraphs.join(" ")).toContain("Vega Lundström");
    await env.DB.prepare("UPDATE team_members SET name = ? WHERE id = ?").bind(member!.name, member!.id).run();
  });

  it("builds nothing new for a write that changed nothing Flurre reads", async () => {
    const { context } = recordingBatches();
    const now = new Date();
    const first = await loadFlurreKnowledge(context, now);
    await env.DB.prepare("UPDATE team_members SET name = name").run();
    const again = await loadFlurreKnowledge(context, now);
    expect(again.knowledge).toBe(first.knowledge);
  });

  it("leaves out a session once it has started, with nothing written", async () => {
    const { context, batches } = recordingBatches();
    const now = new Date();
    const soonest = await env.DB.prepare(
      "SELECT id, start_time FROM sessions WHERE start_time > ? AND cancelled_at IS NULL ORDER BY start_time, id LIMIT 1",
    )
      .bind(now.toISOString())
      .first<{ id: number; start_time: string }>();
    const before = await loadFlurreKnowledge(context, now);
    expect(before.knowledge.byId.has(`session:${soonest!.id}`)).toBe(true);
    // Still held a moment before it starts: only the token is read.
    const justBefore = new Date(Date.parse(soonest!.start_time) - 1);
    await loadFlurreKnowledge(context, justBefore);
    expect(batches.at(-1)).toEqual([expect.stringContaining("content_version")]);
    const started = await loadFlurreKnowledge(context, new Date(Date.parse(soonest!.start_time)));
    expect(batches.at(-1)!.length).toBeGreaterThan(1);
    expect(started.knowledge.byId.has(`session:${soonest!.id}`)).toBe(false);
    // Back to a moment before the content was read: read again, the session is there.
    const earlier = await loadFlurreKnowledge(context, new Date(now.getTime() - 60_000));
    expect(earlier.knowledge.byId.has(`session:${soonest!.id}`)).toBe(true);
  });
});
