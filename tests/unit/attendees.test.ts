import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { ATTENDEE_COLUMNS, attendeesCsv, attendeesFileName, csvCell, type Attendee } from "../../app/domain/attendees";

const attendee = (over: Partial<Attendee> = {}): Attendee => ({
  id: "b-1",
  userName: "Åsa Öberg",
  userEmail: "asa@example.se",
  userPhone: "070-123 45 67",
  dogName: "Måns",
  dogBreed: "Schäfer",
  dogAge: "2 år",
  specialNotes: null,
  homeAddress: null,
  meetingType: null,
  variant: null,
  priceSek: 249,
  createdAt: "2030-06-01T08:05:00.000Z",
  ...over,
});

describe("the attendee CSV", () => {
  it("starts with a BOM, separates with semicolons, ends rows with CRLF, and reads back with å, ä and ö intact", () => {
    const csv = attendeesCsv([
      attendee(),
      attendee({ id: "b-2", userName: "Jöns \"Jönsa\" Ärlig", specialNotes: "Inkallning; och\nlinförighet", variant: "proffs", priceSek: 595 }),
    ]);
    expect(csv.startsWith("\uFEFFNr;Namn;E-post;")).toBe(true);
    expect(csv.endsWith("\r\n")).toBe(true);
    const rows = parse(csv, { bom: true, delimiter: ";", relax_quotes: false }) as string[][];
    expect(rows[0]).toEqual([...ATTENDEE_COLUMNS]);
    // The empty cell after the price is 'Kort' (added with the cards: no card paid this booking).
    expect(rows[1]).toEqual([
      "1", "Åsa Öberg", "asa@example.se", "070-123 45 67", "Måns", "Schäfer", "2 år", "", "", "", "", "249", "",
      "2030-06-01 10:05", "b-1",
    ].map(String));
    expect(rows[2]!.slice(0, 2)).toEqual(["2", 'Jöns "Jönsa" Ärlig']);
    expect(rows[2]![7]).toBe("Inkallning; och\nlinförighet");
    expect(rows[2]!.slice(10, 12)).toEqual(["Proffs", "595"]);
  });

  it("says in the 'Kort' column, after the price, which card paid: its kind, a presentkort's kronor and the code's last four", () => {
    const csv = attendeesCsv([
      attendee({ card: { kind: "klippkort", last4: "ABCD", amountSek: 0 } }),
      attendee({ id: "b-2", card: { kind: "presentkort", last4: "WXYZ", amountSek: 1200 } }),
      attendee({ id: "b-3", card: null }),
    ]);
    const rows = parse(csv, { bom: true, delimiter: ";" }) as string[][];
    const at = ATTENDEE_COLUMNS.indexOf("Kort");
    expect(ATTENDEE_COLUMNS[at - 1]).toBe("Pris (kr)");
    expect(rows.slice(1).map((r) => r[at])).toEqual(["Klippkort (…ABCD)", "Presentkort 1\u00a0200 kr (…WXYZ)", ""]);
    const withPayments = parse(attendeesCsv([attendee({ card: { kind: "klippkort", last4: "ABCD", amountSek: 0 } })], { payments: true }), {
      bom: true,
      delimiter: ";",
    }) as string[][];
    expect(withPayments[0]!.slice(at, at + 2)).toEqual(["Betalning", "Kort"]);
    expect(withPayments[1]![at + 1]).toBe("Klippkort (…ABCD)");
  });

  it("never lets a cell start a formula, a phone number in international form included (Excel would read it as one)", () => {
    expect(csvCell("=HYPERLINK(\"http://x\")")).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("+46 70 123 45 67")).toBe("'+46 70 123 45 67");
    expect(csvCell("070-123 45 67")).toBe("070-123 45 67");
    expect(csvCell(" Sigge ")).toBe('" Sigge "');
    expect(csvCell(null)).toBe("");
  });

  it("names the file after the session and its Stockholm date, in plain ASCII", () => {
    expect(attendeesFileName({ title: "Vardagslydnad – Gävle/Sandviken!", startTime: "" }, "2030-06-02")).toBe(
      "deltagare-vardagslydnad-gavle-sandviken-2030-06-02.csv",
    );
    expect(attendeesFileName({ title: "Övning åäö", startTime: "" }, "2030-06-02")).toBe("deltagare-ovning-aao-2030-06-02.csv");
    expect(attendeesFileName({ title: "!!!", startTime: "" }, "2030-06-02")).toBe("deltagare-pass-2030-06-02.csv");
  });
});
