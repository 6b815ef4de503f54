// The attendee list through the Worker: the CSV download (UTF-8 with BOM,
// semicolons, confirmed bookings only, never cached) and the print view,
// and a 404 for a session that does not exist; a booking paid with a
// klippkort or presentkort says so (its kind and the code's last four, never
// the code) on the session's page, /admin/bokade-pass, the print view and in
// the CSV's 'Kort' column. Who may open them is covered for every admin
// route by admin-guard.test.ts.
import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import { ATTENDEE_COLUMNS } from "~/domain/attendees";
import { seatsFor } from "../../app/server/seats/seats.server";
import { fetchAndSettle } from "./auth-helpers";
import { createSession, seatInput } from "./booking-fixtures";
import { bookWithCode, insertCardProducts, sellTestCard } from "./card-fixtures";
import { signInAs, testContext } from "./helpers";
import { decode } from "./public-helpers";

let admin = "";
let sessionId = 0;

beforeAll(async () => {
  admin = await signInAs({ email: "lista@hundpass.se", admin: true });
  sessionId = await createSession({ title: "Söndagsträning på Bronsängen" });
  const seats = seatsFor(testContext(), sessionId);
  const booked = [
    await seats.book(seatInput("lista-1", { userName: "Åke Ärlig", dogName: "Östen", dogBreed: "Schäfer", specialNotes: "Gå fint; i koppel", idempotencyKey: "lista-1" })),
    await seats.book(seatInput("lista-2", { userName: "Bo Avbokad", idempotencyKey: "lista-2" })),
    await seats.book(seatInput("lista-3", { userName: "Märta Ödlund", dogName: "Ärtan", idempotencyKey: "lista-3" })),
  ];
  const cancelled = booked[1]!;
  if (cancelled.status !== "booked") throw new Error("setup");
  await seats.cancelBooking(cancelled.booking.id);
});

describe("the attendee list", () => {
  it("downloads as a CSV Excel opens as it is, with the confirmed customers in booking order", async () => {
    const res = await fetchAndSettle(`/admin/pass/${sessionId}/deltagare.csv`, { headers: { Cookie: admin } });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="deltagare-sondagstraning-pa-bronsangen-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parse(new TextDecoder().decode(bytes), { bom: true, delimiter: ";" }) as string[][];
    expect(rows[0]!.slice(0, 5)).toEqual(["Nr", "Namn", "E-post", "Telefon", "Hund"]);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[4], r[5], r[7]])).toEqual([
      ["1", "Åke Ärlig", "Östen", "Schäfer", "Gå fint; i koppel"],
      ["2", "Märta Ödlund", "Ärtan", "", ""],
    ]);
  });

  it("opens a print view with the same people and a box for attendance", async () => {
    const res = await fetchAndSettle(`/admin/pass/${sessionId}/utskrift`, { headers: { Cookie: admin } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Deltagarlista: Söndagsträning på Bronsängen");
    expect(html).toContain("2 av 10 platser bokade");
    expect(html).toContain("Åke Ärlig");
    expect(html).toContain("Märta Ödlund");
    expect(html).not.toContain("Bo Avbokad");
    expect(html).toContain("Närvaro");
  });

  it("answers 404 for a session that does not exist", async () => {
    for (const path of ["/admin/pass/999999/deltagare.csv", "/admin/pass/999999/utskrift"]) {
      const res = await fetchAndSettle(path, { headers: { Cookie: admin } });
      expect(res.status, path).toBe(404);
    }
  });
});

describe("a booking paid with a card", () => {
  let cardSession = 0;
  let klipp = { id: 0, code: "", last4: "" };
  let gift = { id: 0, code: "", last4: "" };

  beforeAll(async () => {
    const products = await insertCardProducts("deltagarlista");
    klipp = await sellTestCard(products.klippkort, "klippkort", { uses: 3 });
    gift = await sellTestCard(products.presentkort, "presentkort", { balanceSek: 200 });
    cardSession = await createSession({ title: "VALPKURS", priceSek: 300, startsInMs: 2 * 60 * 60_000 });
    for (const [code, name] of [[klipp.code, "Klara Klippsson"], [gift.code, "Greta Gåva"], ["", "Bo Kontant"]] as const) {
      const { res } = await bookWithCode(cardSession, code, undefined, name);
      expect(res.status, name).toBe(302);
    }
  });

  async function csvRows() {
    const res = await fetchAndSettle(`/admin/pass/${cardSession}/deltagare.csv`, { headers: { Cookie: admin } });
    return parse(new TextDecoder().decode(new Uint8Array(await res.arrayBuffer())), { bom: true, delimiter: ";" }) as string[][];
  }

  it("has a 'Kort' column in the CSV: the card's kind, a presentkort's amount and the code's last four", async () => {
    const rows = await csvRows();
    const at = ATTENDEE_COLUMNS.indexOf("Kort");
    expect(rows[0]![at - 1]).toBe("Pris (kr)");
    expect(rows.slice(1).map((r) => [r[1], r[at]])).toEqual([
      ["Klara Klippsson", `Klippkort (…${klipp.last4})`],
      ["Greta Gåva", `Presentkort 200 kr (…${gift.last4})`],
      ["Bo Kontant", ""],
    ]);
    expect(rows.every((r) => r.length === ATTENDEE_COLUMNS.length)).toBe(true);
  });

  it("says which card paid on the print view, the session's page and /admin/bokade-pass, and never the code", async () => {
    const print = decode(await (await fetchAndSettle(`/admin/pass/${cardSession}/utskrift`, { headers: { Cookie: admin } })).text());
    expect(print).toContain('<th scope="col">Kort</th>');
    const session = decode(await (await fetchAndSettle(`/admin/pass/${cardSession}`, { headers: { Cookie: admin } })).text());
    const booked = decode(await (await fetchAndSettle("/admin/bokade-pass", { headers: { Cookie: admin } })).text());
    for (const html of [print, session, booked]) {
      expect(html).toContain(`Klippkort (…${klipp.last4})`);
      expect(html).toContain(`Presentkort 200 kr (…${gift.last4})`);
    }
    for (const html of [print, session, booked, (await csvRows()).join("\n")]) {
      for (const code of [klipp.code, gift.code]) {
        expect(html).not.toContain(code);
        expect(html).not.toContain(code.replaceAll("-", ""));
      }
    }
  });

  it("leaves the print view's card column out when no card paid", async () => {
    const print = await (await fetchAndSettle(`/admin/pass/${sessionId}/utskrift`, { headers: { Cookie: admin } })).text();
    expect(print).not.toContain('<th scope="col">Kort</th>');
  });
});
