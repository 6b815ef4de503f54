// The drizzle schema (app/server/db/schema.server.ts) and the migrations must
// describe the same database. Each side is reduced to the same plain shape
// (tables, columns, primary keys, foreign keys, named and unique indexes) and
// compared; the last tests prove the comparison notices one-sided changes.
import { env } from "cloudflare:workers";
import { getTableName, is, SQL } from "drizzle-orm";
import {
  getTableConfig,
  integer,
  primaryKey,
  index,
  type IndexColumn,
  SQLiteColumn,
  SQLiteSyncDialect,
  SQLiteTable,
  sqliteTable,
  text,
} from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import * as schema from "~/server/db/schema.server";

type ColumnShape = {
  name: string;
  type: string;
  notNull: boolean;
  default: string | null;
};
type ForeignKeyShape = { columns: string[]; table: string; to: string[]; onDelete: string; onUpdate: string };
type IndexShape = { name: string; unique: boolean; columns: string[]; where: string | null };
type TableShape = {
  name: string;
  columns: ColumnShape[];
  primaryKey: string[];
  autoIncrement: boolean;
  foreignKeys: ForeignKeyShape[];
  indexes: IndexShape[];
  /** Unnamed UNIQUE constraints (column.unique() / unique()), by their columns. */
  uniqueConstraints: string[][];
};

const dialect = new SQLiteSyncDialect();

/**
 * Identifier quotes, keyword case, spacing and wrapping parentheses do not
 * matter when comparing SQL fragments; the text of string literals does.
 */
function normalizeSql(text: string): string {
  let out = text
    .split(/('(?:[^']|'')*')/)
    .map((part, i) =>
      i % 2 === 1
        ? part
        : part
            .replace(/["`[\]]/g, "")
            .replace(/\s+/g, " ")
            .replace(/\s*([(),])\s*/g, "$1")
            .toLowerCase(),
    )
    .join("")
    .trim();
  while (out.startsWith("(") && out.endsWith(")") && wrapsWhole(out)) out = out.slice(1, -1).trim();
  return out;
}

/** True when the opening parenthesis at 0 closes at the very end. */
function wrapsWhole(text: string): boolean {
  let depth = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === "'") quoted = !quoted;
    if (quoted) continue;
    if (ch === "(") depth++;
    else if (ch === ")" && --depth === 0) return i === text.length - 1;
  }
  return false;
}

function renderSql(fragment: SQL): string {
  const query = dialect.sqlToQuery(fragment, "indexes");
  if (query.params.length > 0) throw new Error(`unexpected parameters in ${query.sql}`);
  return normalizeSql(query.sql);
}

function drizzleDefault(column: SQLiteColumn): string | null {
  const value: unknown = column.default;
  // No value: no default, an autoincrement id or a $defaultFn (JavaScript only).
  if (!column.hasDefault || value === undefined) return null;
  if (is(value, SQL)) return normalizeSql(dialect.sqlToQuery(value).sql);
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "number") return String(value);
  if (typeof value === "string") return normalizeSql(`'${value.replace(/'/g, "''")}'`);
  throw new Error(`cannot describe default ${String(value)} of ${column.name}`);
}

function indexColumnSql(column: IndexColumn): string {
  if (is(column, SQLiteColumn)) return column.name;
  if (is(column, SQL)) return renderSql(column);
  throw new Error("unknown index column");
}

function byName<T extends { name: string }>(items: T[]): T[] {
  return [...items].sort((a, b) => a.name.localeCompare(b.name));
}

function fkKey(fk: ForeignKeyShape): string {
  return `${fk.columns.join(",")}->${fk.table}`;
}

function describeDrizzleTable(table: SQLiteTable): TableShape {
  const config = getTableConfig(table);
  const singlePk = config.columns.filter((c) => c.primary).map((c) => c.name);
  const compositePk = config.primaryKeys.flatMap((pk) => pk.columns.map((c) => c.name));
  return {
    name: config.name,
    columns: byName(
      config.columns.map((c) => ({
        name: c.name,
        type: c.getSQLType().toUpperCase(),
        notNull: c.notNull,
        default: drizzleDefault(c),
      })),
    ),
    primaryKey: [...singlePk, ...compositePk],
    autoIncrement: config.columns.some((c) => "autoIncrement" in c && c.autoIncrement === true),
    foreignKeys: config.foreignKeys
      .map((fk) => {
        const ref = fk.reference();
        return {
          columns: ref.columns.map((c) => c.name),
          table: getTableName(ref.foreignTable),
          to: ref.foreignColumns.map((c) => c.name),
          onDelete: (fk.onDelete ?? "no action").toUpperCase(),
          onUpdate: (fk.onUpdate ?? "no action").toUpperCase(),
        };
      })
      .sort((a, b) => fkKey(a).localeCompare(fkKey(b))),
    indexes: byName(
      config.indexes.map((i) => ({
        name: i.config.name,
        unique: i.config.unique,
        columns: i.config.columns.map(indexColumnSql),
        where: i.config.where ? renderSql(i.config.where) : null,
      })),
    ),
    uniqueConstraints: [
      ...config.columns.filter((c) => c.isUnique).map((c) => [c.name]),
      ...config.uniqueConstraints.map((u) => u.columns.map((c) => c.name)),
    ]
      .map((cols) => [...cols].sort())
      .sort(),
  };
}

type TableInfoRow = { cid: number; name: string; type: string; notnull: number; dflt_value: string | null; pk: number };
type ForeignKeyRow = { id: number; seq: number; table: string; from: string; to: string; on_update: string; on_delete: string };
type IndexListRow = { seq: number; name: string; unique: number; origin: string; partial: number };
type IndexInfoRow = { seqno: number; cid: number; name: string | null };

async function all<T>(query: string, ...params: unknown[]): Promise<T[]> {
  const { results } = await env.DB.prepare(query).bind(...params).all<T>();
  return results;
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Splits "CREATE INDEX x ON t (a, lower(b)) WHERE c" into its column list and condition. */
function parseIndexSql(createSql: string): { columns: string[]; where: string | null } {
  const on = /\bON\s+\S+\s*\(/i.exec(createSql);
  if (!on) throw new Error(`cannot parse ${createSql}`);
  let depth = 1;
  let i = on.index + on[0].length;
  const start = i;
  const columns: string[] = [];
  let part = start;
  for (; i < createSql.length && depth > 0; i++) {
    const ch = createSql[i];
    if (ch === "(") depth++;
    else if (ch === ")") depth--;
    if ((ch === "," && depth === 1) || depth === 0) {
      columns.push(normalizeSql(createSql.slice(part, i)));
      part = i + 1;
    }
  }
  const rest = createSql.slice(i).trim();
  const where = /^WHERE\s+([\s\S]*)$/i.exec(rest);
  return { columns, where: where?.[1] ? normalizeSql(where[1]) : null };
}

async function describeDbTable(name: string): Promise<TableShape> {
  const info = await all<TableInfoRow>(`PRAGMA table_info(${quoteIdent(name)})`);
  const pkRows = info.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk);
  // An INTEGER PRIMARY KEY is the rowid: never NULL, though table_info says notnull 0.
  const rowidAlias = pkRows.length === 1 && pkRows[0]?.type.toUpperCase() === "INTEGER" ? pkRows[0].name : null;
  const [tableSql] = await all<{ sql: string }>(
    "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?",
    name,
  );

  const fkRows = await all<ForeignKeyRow>(`PRAGMA foreign_key_list(${quoteIdent(name)})`);
  const fkIds = [...new Set(fkRows.map((r) => r.id))];
  const foreignKeys = fkIds
    .map((id) => {
      const rows = fkRows.filter((r) => r.id === id).sort((a, b) => a.seq - b.seq);
      const first = rows[0]!;
      return {
        columns: rows.map((r) => r.from),
        table: first.table,
        to: rows.map((r) => r.to),
        onDelete: first.on_delete.toUpperCase(),
        onUpdate: first.on_update.toUpperCase(),
      };
    })
    .sort((a, b) => fkKey(a).localeCompare(fkKey(b)));

  const indexes: IndexShape[] = [];
  const uniqueConstraints: string[][] = [];
  for (const idx of await all<IndexListRow>(`PRAGMA index_list(${quoteIdent(name)})`)) {
    const cols = (await all<IndexInfoRow>(`PRAGMA index_info(${quoteIdent(idx.name)})`)).sort(
      (a, b) => a.seqno - b.seqno,
    );
    if (idx.origin === "u") {
      uniqueConstraints.push(cols.map((c) => c.name ?? "<expr>").sort());
      continue;
    }
    if (idx.origin !== "c") continue; // "pk": covered by primaryKey
    const [row] = await all<{ sql: string }>(
      "SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?",
      idx.name,
    );
    const parsed = parseIndexSql(row?.sql ?? "");
    indexes.push({
      name: idx.name,
      unique: idx.unique === 1,
      // index_info names plain columns; expressions (cid -2) come from the SQL text.
      columns: cols.map((c, i) => (c.cid >= 0 && c.name ? c.name : (parsed.columns[i] ?? "<expr>"))),
      where: idx.partial === 1 ? parsed.where : null,
    });
  }

  return {
    name,
    columns: byName(
      info.map((c) => ({
        name: c.name,
        type: c.type.toUpperCase(),
        notNull: c.notnull === 1 || c.name === rowidAlias,
        default: c.dflt_value === null ? null : normalizeSql(c.dflt_value),
      })),
    ),
    primaryKey: pkRows.map((c) => c.name),
    autoIncrement: /\bAUTOINCREMENT\b/i.test(tableSql?.sql ?? ""),
    foreignKeys,
    indexes: byName(indexes),
    uniqueConstraints: uniqueConstraints.sort(),
  };
}

const schemaExports: unknown[] = Object.values(schema);
const drizzleTables = schemaExports.filter((value): value is SQLiteTable => is(value, SQLiteTable));

async function dbTableNames(): Promise<string[]> {
  const rows = await all<{ name: string }>(
    "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name",
  );
  return rows
    .map((r) => r.name)
    .filter((n) => !n.startsWith("sqlite_") && !n.startsWith("_cf_") && n !== "d1_migrations");
}

describe("drizzle schema against the migrated database", () => {
  it("has exactly the tables the drizzle schema declares", async () => {
    const expected = drizzleTables.map((t) => getTableName(t)).sort();
    expect(expected.length).toBeGreaterThan(10);
    expect(await dbTableNames()).toEqual(expected);
  });

  it.each(drizzleTables.map((t) => [getTableName(t), t] as const))(
    "describes %s the same way as the migrations",
    async (_name, table) => {
      const expected = describeDrizzleTable(table);
      expect(await describeDbTable(expected.name)).toEqual(expected);
    },
  );
});

describe("the schema comparison itself", () => {
  // A copy of rate_limits as declared in schema.server.ts, to vary one side at a time.
  const rateLimitsColumns = {
    key: text("key").notNull(),
    windowStart: integer("window_start").notNull(),
    hits: integer("hits").notNull().default(0),
  };

  it("sees no difference for a faithful copy of a table", async () => {
    const copy = sqliteTable("rate_limits", rateLimitsColumns, (t) => [
      primaryKey({ columns: [t.key, t.windowStart] }),
    ]);
    expect(await describeDbTable("rate_limits")).toEqual(describeDrizzleTable(copy));
  });

  it("notices a column that only the drizzle side has", async () => {
    const copy = sqliteTable("rate_limits", { ...rateLimitsColumns, note: text("note") }, (t) => [
      primaryKey({ columns: [t.key, t.windowStart] }),
    ]);
    expect(await describeDbTable("rate_limits")).not.toEqual(describeDrizzleTable(copy));
  });

  it("notices an index that only the drizzle side has", async () => {
    const copy = sqliteTable("rate_limits", rateLimitsColumns, (t) => [
      primaryKey({ columns: [t.key, t.windowStart] }),
      index("rate_limits_hits_idx").on(t.hits),
    ]);
    expect(await describeDbTable("rate_limits")).not.toEqual(describeDrizzleTable(copy));
  });

  it("notices a column that only the database has", async () => {
    await env.DB.exec("ALTER TABLE rate_limits ADD COLUMN note TEXT");
    try {
      expect(await describeDbTable("rate_limits")).not.toEqual(describeDrizzleTable(schema.rateLimits));
    } finally {
      await env.DB.exec("ALTER TABLE rate_limits DROP COLUMN note");
    }
    expect(await describeDbTable("rate_limits")).toEqual(describeDrizzleTable(schema.rateLimits));
  });

  it("notices an index that only the database has, or whose uniqueness or condition differs", async () => {
    const drizzleSide = describeDrizzleTable(schema.bookings);
    const variants = [
      "CREATE INDEX bookings_extra_idx ON bookings (dog_name)",
      "CREATE UNIQUE INDEX bookings_extra_idx ON bookings (user_phone)",
    ];
    for (const create of variants) {
      await env.DB.exec(create);
      try {
        expect(await describeDbTable("bookings")).not.toEqual(drizzleSide);
      } finally {
        await env.DB.exec("DROP INDEX bookings_extra_idx");
      }
    }
    // Same name, same columns, but no longer partial.
    await env.DB.exec("DROP INDEX bookings_one_confirmed_per_email");
    await env.DB.exec(
      "CREATE UNIQUE INDEX bookings_one_confirmed_per_email ON bookings (session_id, lower(user_email))",
    );
    try {
      expect(await describeDbTable("bookings")).not.toEqual(drizzleSide);
    } finally {
      await env.DB.exec("DROP INDEX bookings_one_confirmed_per_email");
      await env.DB.exec(
        "CREATE UNIQUE INDEX bookings_one_confirmed_per_email ON bookings (session_id, lower(user_email)) WHERE booking_status = 'confirmed'",
      );
    }
    expect(await describeDbTable("bookings")).toEqual(drizzleSide);
  });

  it("notices a table that only the database has", async () => {
    await env.DB.exec("CREATE TABLE stray (id INTEGER PRIMARY KEY)");
    try {
      expect(await dbTableNames()).toContain("stray");
    } finally {
      await env.DB.exec("DROP TABLE stray");
    }
  });
});
