/**
 * The klippkort and presentkort staff sell (card_products): reading them,
 * adding, editing, hiding and showing one. Every change writes its audit row
 * (before/after) in the same D1 batch. A product's kind is fixed once it
 * exists; a hidden product is not sold, and the cards sold of it stay valid
 * (a card keeps its own balance, expiry and session types).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { asc, eq, sql } from "drizzle-orm";
import type { CardProductFormValues } from "~/domain/cards/card-schemas";
import { readAmountList, readNameList, type CardKind, type CardProductTerms, type CardShownOn } from "~/domain/cards/card-terms";
import { auditStatement, type Actor } from "../audit/audit-log.server";
import { BatchBuilder, runBatch } from "../db/batch.server";
import { schema } from "../db/client.server";
import type { CardProductRow } from "../db/schema.server";
import { claimStatement, type FormClaim } from "../forms/form-claim.server";

const { cardProducts, popupTypes } = schema;

export type CardProduct = CardProductTerms & { id: number; hidden: boolean; shownOn: CardShownOn; updatedAt: string };
export type ListedCardProduct = CardProduct & { sold: number };

/** A product row as the domain reads it. */
export function cardProductOf(row: CardProductRow): CardProduct {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    uses: row.uses,
    priceSek: row.priceSek,
    sessionTypes: readNameList(row.sessionTypesJson),
    amounts: readAmountList(row.amountsJson),
    freeMinSek: row.freeMinSek,
    freeMaxSek: row.freeMaxSek,
    validityMonths: row.validityMonths,
    hidden: row.hidden,
    shownOn: row.shownOn,
    updatedAt: row.updatedAt,
  };
}

/**
 * The columns a form's values give, the other kind's left empty (the table's
 * CHECK asks it); where it is shown stays `shownOn` when the post does not say.
 */
function productColumns(values: CardProductFormValues, kind: CardKind, shownOn: CardShownOn = "none") {
  const klippkort = kind === "klippkort";
  const free = !klippkort && values.free_min_sek !== undefined && values.free_max_sek !== undefined;
  return {
    kind,
    name: values.name,
    uses: klippkort ? (values.uses ?? null) : null,
    price_sek: klippkort ? (values.price_sek ?? null) : null,
    session_types_json: klippkort ? JSON.stringify(values.session_types) : null,
    amounts_json: !klippkort && values.amounts.length > 0 ? JSON.stringify(values.amounts) : null,
    free_min_sek: free ? values.free_min_sek! : null,
    free_max_sek: free ? values.free_max_sek! : null,
    validity_months: values.validity_months,
    hidden: values.hidden === "on" ? 1 : 0,
    shown_on: values.shown_on ?? shownOn,
  };
}

type ProductColumns = ReturnType<typeof productColumns>;

/** A product's terms as the audit log keeps them. */
function auditView(c: ProductColumns) {
  return {
    kind: c.kind,
    name: c.name,
    uses: c.uses,
    priceSek: c.price_sek,
    sessionTypes: c.session_types_json === null ? null : (JSON.parse(c.session_types_json) as string[]),
    amounts: c.amounts_json === null ? null : (JSON.parse(c.amounts_json) as number[]),
    freeMinSek: c.free_min_sek,
    freeMaxSek: c.free_max_sek,
    validityMonths: c.validity_months,
    hidden: c.hidden === 1,
    shownOn: c.shown_on,
  };
}

function columnsOf(p: CardProduct): ProductColumns {
  return {
    kind: p.kind,
    name: p.name,
    uses: p.uses,
    price_sek: p.priceSek,
    session_types_json: p.kind === "klippkort" ? JSON.stringify(p.sessionTypes) : null,
    amounts_json: p.kind === "presentkort" && p.amounts.length > 0 ? JSON.stringify(p.amounts) : null,
    free_min_sek: p.freeMinSek,
    free_max_sek: p.freeMaxSek,
    validity_months: p.validityMonths,
    hidden: p.hidden ? 1 : 0,
    shown_on: p.shownOn,
  };
}

/** Every product, by kind and name, with how many cards of it were sold. */
export function listCardProductsQuery(context: AppLoadContext) {
  return context.db
    .select({ product: cardProducts, sold: sql<number>`(SELECT count(*) FROM cards c WHERE c.product_id = card_products.id)` })
    .from(cardProducts)
    .orderBy(asc(cardProducts.kind), asc(sql`lower(${cardProducts.name})`), asc(cardProducts.id));
}

/** The session type names a klippkort may name (popup_types.name), hidden types too. */
export function sessionTypeNamesQuery(context: AppLoadContext) {
  return context.db.select({ name: popupTypes.name }).from(popupTypes).orderBy(asc(popupTypes.name));
}

export async function loadSessionTypeNames(context: AppLoadContext): Promise<string[]> {
  return (await sessionTypeNamesQuery(context)).map((r) => r.name);
}

export async function loadCardProduct(context: AppLoadContext, id: number): Promise<CardProduct | null> {
  const [row] = await context.db.select().from(cardProducts).where(eq(cardProducts.id, id)).limit(1);
  return row ? cardProductOf(row) : null;
}

export type SaveProductOutcome = { status: "saved" | "unchanged"; id: number } | { status: "not-found" } | { status: "kind-fixed" };

/** Adds a product, with its audit row and the form's claim in the same batch. */
export async function createCardProduct(
  context: AppLoadContext,
  actor: Actor,
  values: CardProductFormValues,
  claim: FormClaim | null,
): Promise<SaveProductOutcome> {
  const c = productColumns(values, values.kind);
  const b = new BatchBuilder();
  const inserted = b.add<{ id: number }>(
    sql`INSERT INTO card_products (kind, name, uses, price_sek, session_types_json, amounts_json, free_min_sek, free_max_sek, validity_months, hidden, shown_on)
         VALUES (${c.kind}, ${c.name}, ${c.uses}, ${c.price_sek}, ${c.session_types_json}, ${c.amounts_json}, ${c.free_min_sek},
           ${c.free_max_sek}, ${c.validity_months}, ${c.hidden}, ${c.shown_on})
         RETURNING id`,
  );
  if (claim) b.add(claimStatement(claim, sql`last_insert_rowid()`));
  b.add(
    auditStatement(
      actor,
      { action: "card_product.create", targetType: "card_product", targetId: sql`CAST(last_insert_rowid() AS TEXT)`, details: { after: auditView(c) } },
      { condition: sql`changes() = 1` },
    ),
  );
  const id = await runBatch(context, b.plan((results) => inserted.first(results)!.id));
  return { status: "saved", id };
}

/** Saves an edit; the kind stays the product's own (an edit posted as the other kind is refused). */
export async function updateCardProduct(
  context: AppLoadContext,
  actor: Actor,
  id: number,
  values: CardProductFormValues,
): Promise<SaveProductOutcome> {
  const before = await loadCardProduct(context, id);
  if (!before) return { status: "not-found" };
  if (values.kind !== before.kind) return { status: "kind-fixed" };
  const c = productColumns(values, before.kind, before.shownOn);
  const old = columnsOf(before);
  if (JSON.stringify(auditView(c)) === JSON.stringify(auditView(old))) return { status: "unchanged", id };
  const b = new BatchBuilder();
  const updated = b.add<{ id: number }>(
    sql`UPDATE card_products SET name = ${c.name}, uses = ${c.uses}, price_sek = ${c.price_sek}, session_types_json = ${c.session_types_json},
           amounts_json = ${c.amounts_json}, free_min_sek = ${c.free_min_sek}, free_max_sek = ${c.free_max_sek},
           validity_months = ${c.validity_months}, hidden = ${c.hidden}, shown_on = ${c.shown_on}, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
         WHERE id = ${id} AND kind = ${before.kind} RETURNING id`,
  );
  b.add(
    auditStatement(
      actor,
      { action: "card_product.update", targetType: "card_product", targetId: id, details: { before: auditView(old), after: auditView(c) } },
      { condition: sql`changes() = 1` },
    ),
  );
  const saved = await runBatch(context, b.plan((results) => updated.rows(results).length > 0));
  return saved ? { status: "saved", id } : { status: "not-found" };
}

/** Hides a product (no longer sold) or shows it again; audited when it changed. */
export async function setCardProductHidden(
  context: AppLoadContext,
  actor: Actor,
  id: number,
  hidden: boolean,
): Promise<"done" | "not-found"> {
  const b = new BatchBuilder();
  const changed = b.add<{ name: string }>(
    sql`UPDATE card_products SET hidden = ${hidden ? 1 : 0}, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
         WHERE id = ${id} AND hidden <> ${hidden ? 1 : 0} RETURNING name`,
  );
  b.add(
    auditStatement(
      actor,
      {
        action: hidden ? "card_product.hide" : "card_product.show",
        targetType: "card_product",
        targetId: id,
        details: sql`json_object('name', (SELECT name FROM card_products WHERE id = ${id}))`,
      },
      { condition: sql`changes() = 1` },
    ),
  );
  const exists = b.add<{ id: number }>(sql`SELECT id FROM card_products WHERE id = ${id}`);
  return runBatch(context, b.plan((results) => (exists.rows(results).length > 0 || changed.rows(results).length > 0 ? "done" : "not-found")));
}
