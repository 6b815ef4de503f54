// "Mina kort" on /mina-bokningar/lista through the Worker: a signed-in
// customer sees the klippkort and presentkort whose code they have (bought
// by them, or given to them once sent), each with its kind, what is left,
// its last valid day, its state and its history (a use with the session it
// paid), and the code's last four characters only; never someone else's
// card, a gift they gave once it has been sent, nor one to them not sent yet.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { formatDateTime } from "~/domain/time";
import { post } from "./admin-fixtures";
import { fetchAndSettle } from "./auth-helpers";
import { createSession } from "./booking-fixtures";
import { bookWithCode, insertCardProducts, sellTestCard } from "./card-fixtures";
import { signInAs } from "./helpers";
import { textOf } from "./public-helpers";

const OWNER = "kortagare@example.se";
const HOUR = 60 * 60_000;

type Sold = Awaited<ReturnType<typeof sellTestCard>>;
let klipp: Sold;
let gift: Sold;
let voided: Sold;
let givenAway: Sold;
let notYetSent: Sold;
let received: Sold;
let someoneElses: Sold;
let sessionStart = "";

/** The signed-in customer's list as text (tags gone), and its HTML. */
async function listOf(email: string) {
  const cookie = await signInAs({ email, kind: "customer" });
  const res = await fetchAndSettle("/mina-bokningar/lista", { headers: { Cookie: cookie } });
  expect(res.status).toBe(200);
  const html = await res.text();
  return { html, text: textOf(html) };
}

/** The text of one card on the list: from its title to the next card. */
function cardText(text: string, title: string) {
  const start = text.indexOf(title);
  expect(start, title).toBeGreaterThanOrEqual(0);
  const next = text.indexOf("Koden slutar på", text.indexOf("Koden slutar på", start) + 1);
  return text.slice(start, next === -1 ? undefined : next);
}

beforeAll(async () => {
  const products = await insertCardProducts("mina kort");
  const admin = await signInAs({ email: "kort.mina@hundpass.se", admin: true });
  klipp = await sellTestCard(products.klippkort, "klippkort", { uses: 3, holder: "KortAgare@Example.se" });
  gift = await sellTestCard(products.presentkort, "presentkort", { balanceSek: 500, holder: OWNER });
  voided = await sellTestCard(products.presentkort, "presentkort", { balanceSek: 200, holder: OWNER });
  expect((await post("/admin/kort", { intent: "void", id: String(voided.id) }, admin)).status).toBe(302);
  givenAway = await sellTestCard(products.presentkort, "presentkort", {
    balanceSek: 200,
    holder: OWNER,
    recipient: "mottagare@example.se",
    sendAt: new Date(Date.now() - HOUR).toISOString(),
  });
  notYetSent = await sellTestCard(products.presentkort, "presentkort", {
    balanceSek: 200,
    holder: "givare@example.se",
    recipient: OWNER,
    sendAt: new Date(Date.now() + 24 * HOUR).toISOString(),
  });
  received = await sellTestCard(products.presentkort, "presentkort", {
    balanceSek: 200,
    holder: "givare@example.se",
    recipient: OWNER,
    sendAt: new Date(Date.now() - HOUR).toISOString(),
  });
  someoneElses = await sellTestCard(products.klippkort, "klippkort", { uses: 3, holder: "nagon.annan@example.se" });
  const sessionId = await createSession({ title: "VALPKURS", priceSek: 300 });
  sessionStart = (await env.DB.prepare("SELECT start_time FROM sessions WHERE id = ?").bind(sessionId).first<string>("start_time"))!;
  // Someone the owner gave the code to books with it: the owner sees the use, not who booked.
  const { bookingId } = await bookWithCode(sessionId, klipp.code, "familj@example.se", "Familjemedlem Fredriksson");
  expect(bookingId).not.toBeNull();
});

describe("Mina kort", () => {
  it("lists the customer's cards with kind, what is left, last valid day, state and the code's last four, never the code", async () => {
    const { html, text } = await listOf(OWNER);
    expect(text).toContain("Mina kort");
    const klippText = cardText(text, "5-kort mina kort 2 klipp kvar");
    expect(klippText).toContain("Aktivt");
    expect(klippText).toContain("Typ Klippkort");
    expect(klippText).toMatch(/Gäller till och med \d{1,2} [a-zåäö]+ \d{4}/);
    expect(klippText).toContain(`Koden slutar på ${klipp.last4}`);
    expect(text).toContain("Presentkort mina kort 500 kr kvar Aktivt");
    expect(text).toContain("Presentkort mina kort 0 kr kvar Spärrat");
    expect(text).toContain(`Koden slutar på ${received.last4}`);
    for (const card of [klipp, gift, voided, received]) {
      expect(html).not.toContain(card.code);
      expect(html).not.toContain(card.code.replaceAll("-", ""));
    }
  });

  it("shows each card's history: its issue, a use with the session it paid, a void", async () => {
    const { text } = await listOf(OWNER);
    const klippText = cardText(text, "5-kort mina kort 2 klipp kvar");
    expect(klippText).toContain("Historik");
    expect(klippText).toContain("Utfärdat · +3 klipp · Sålt i kassan");
    expect(klippText).toContain(`Använt vid bokning · −1 klipp · VALPKURS, ${formatDateTime(sessionStart)}`);
    expect(klippText).not.toContain("Familjemedlem");
    expect(text).toContain("Spärrat · −200 kr · Spärrat av personalen");
  });

  it("never lists someone else's card, a gift the customer gave once sent, or one to them not sent yet", async () => {
    const { text } = await listOf(OWNER);
    for (const card of [givenAway, notYetSent, someoneElses]) expect(text).not.toContain(`Koden slutar på ${card.last4}`);
    // The recipient sees the gift sent to them; its giver still sees the one not sent yet.
    expect((await listOf("mottagare@example.se")).text).toContain(`Koden slutar på ${givenAway.last4}`);
    expect((await listOf("givare@example.se")).text).toContain(`Koden slutar på ${notYetSent.last4}`);
    expect((await listOf("givare@example.se")).text).not.toContain(`Koden slutar på ${received.last4}`);
  });

  it("has no 'Mina kort' for a customer without cards", async () => {
    const { text } = await listOf("utan.kort@example.se");
    expect(text).not.toContain("Mina kort");
    expect(text).toContain("Du har inga kommande bokningar.");
  });
});
