// /presentkort with payments off (this project's setting): the cards on sale
// are listed with their terms and the words that they are bought in person;
// a hidden product is not; no order form is offered, and an order posted
// anyway is refused in Swedish with nothing written.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { removeExpiredRecords, UNPAID_CARD_ORDER_DAYS } from "~/server/privacy/housekeeping.server";
import { insertCardProducts } from "./card-fixtures";
import { testContext } from "./helpers";
import { decode, postForm, SELF, textOf } from "./public-helpers";

let products: { klippkort: number; presentkort: number };
let tag = "";
beforeAll(async () => {
  tag = `butik-${crypto.randomUUID().slice(0, 6)}`;
  products = await insertCardProducts(tag);
  const hidden = await insertCardProducts(`dold-${tag}`);
  await env.DB.prepare("UPDATE card_products SET hidden = 1 WHERE id IN (?, ?)").bind(hidden.klippkort, hidden.presentkort).run();
});

describe("/presentkort with payments off", () => {
  it("lists the cards on sale with their terms and says they are bought in person; hidden ones are not shown", async () => {
    const res = await SELF.fetch("http://localhost/presentkort");
    expect(res.status).toBe(200);
    const html = decode(await res.text());
    expect(html).toContain(`5-kort ${tag}`);
    expect(html).toContain(`Presentkort ${tag}`);
    expect(html).toContain("5 pass · 1\u00a0000 kr · gäller 6 månader · VALPKURS");
    expect(html).toContain("200 eller 500 kr · gäller 12 månader");
    expect(html).toContain("Korten köper du hos oss på plats. Hör av dig så ordnar vi det:");
    expect(html).not.toContain(`dold-${tag}`);
    expect(html).not.toContain("Köp presentkort");
    // A product's own address shows the list, not a form that cannot be paid.
    const chosen = decode(await (await SELF.fetch(`http://localhost/presentkort?kort=${products.presentkort}`)).text());
    expect(chosen).not.toContain("Till betalning");
  });

  it("refuses an order posted anyway, in Swedish, and writes nothing", async () => {
    const before = await env.DB.prepare("SELECT count(*) AS n FROM card_orders").first<number>("n");
    const res = await postForm(`/presentkort?kort=${products.klippkort}`, {
      product_id: String(products.klippkort),
      email: "butik@example.se",
      email_confirm: "butik@example.se",
    });
    expect(res.status).toBe(409);
    // Said on the page itself (not only in the page's data for its scripts).
    expect(textOf((await res.text()).replace(/<script[\s\S]*?<\/script>/g, ""))).toContain("Kort går inte att köpa här just nu. Hör av dig till oss så ordnar vi det.");
    expect(await env.DB.prepare("SELECT count(*) AS n FROM card_orders").first<number>("n")).toBe(before);
  });

  it("forgets an order never paid a month on (the buyer's address and greeting), and keeps a recent one (a paid one has its card and is never taken)", async () => {
    const insert = (id: string, status: string, createdDaysAgo: number) =>
      env.DB.prepare(
        `INSERT INTO card_orders (id, product_id, kind, product_name, paid_sek, balance_sek, validity_months, buyer_email, status, checkout_expires_at, created_at)
         VALUES (?, ?, 'presentkort', 'Presentkort', 200, 200, 12, 'gammal@example.se', ?, ?, ?)`,
      )
        .bind(id, products.presentkort, status, new Date().toISOString(), new Date(Date.now() - createdDaysAgo * 86_400_000).toISOString())
        .run();
    const stale = `gammal-${crypto.randomUUID()}`;
    const recent = `ny-${crypto.randomUUID()}`;
    await insert(stale, "expired", UNPAID_CARD_ORDER_DAYS + 1);
    await insert(recent, "open", 2);
    const { unpaidCardOrders } = await removeExpiredRecords(testContext(), new Date(), { mailRetentionDays: 30 });
    expect(unpaidCardOrders).toBeGreaterThanOrEqual(1);
    const left = await env.DB.prepare("SELECT id FROM card_orders WHERE id IN (?, ?)").bind(stale, recent).all<{ id: string }>();
    expect(left.results.map((r) => r.id)).toEqual([recent]);
  });
});
