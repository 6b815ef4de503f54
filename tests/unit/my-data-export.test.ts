import { describe, expect, it } from "vitest";
import { exportTime, myDataFileName, swedishRow } from "../../app/domain/my-data-export";

describe("the customer's download of their data", () => {
  it("names the file by today's date in Stockholm, not in UTC", () => {
    // 23:30 UTC on 28 November is 00:30 on 29 November in Sweden.
    expect(myDataFileName(new Date("2026-11-28T23:30:00Z"))).toBe("hundpass-mina-uppgifter-2026-11-29.json");
    // 22:30 UTC in summer is 00:30 the next day too (UTC+2).
    expect(myDataFileName(new Date("2026-07-01T22:30:00Z"))).toBe("hundpass-mina-uppgifter-2026-07-02.json");
    expect(myDataFileName(new Date("2026-11-28T12:00:00Z"))).toBe("hundpass-mina-uppgifter-2026-11-28.json");
  });

  it("writes a booking's status in Swedish and its times in Swedish time", () => {
    const row = swedishRow("bokningar", {
      bokningsnummer: "b-1",
      status: "confirmed",
      start: "2026-11-28T23:30:00.000Z",
      bokad: "2026-07-01T16:00:00.000Z",
      paminnelse_skickad: null,
      pris_kr: 249,
      hund: "Måns",
    });
    expect(row).toEqual({
      bokningsnummer: "b-1",
      status: "Bekräftad",
      start: "2026-11-29 00:30",
      bokad: "2026-07-01 18:00",
      paminnelse_skickad: null,
      pris_kr: 249,
      hund: "Måns",
    });
    expect(swedishRow("bokningar", { status: "cancelled" }).status).toBe("Avbokad");
    expect(swedishRow("bokningar", { status: "pending" }).status).toBe("Väntande");
  });

  it("has a Swedish word for every status and code a section can hold", () => {
    const cases: [section: string, column: string, code: string | number, words: string][] = [
      ["nyhetsbrev", "status", "subscribed", "Aktiv"],
      ["nyhetsbrev", "status", "unsubscribed", "Inaktiv"],
      ["nyhetsbrev", "kalla", "website", "Webbplatsen"],
      ["nyhetsbrev", "samtycke_hur", "turnstile", "Anmälan på webbplatsen (robotkontrollen godkänd)"],
      ["problemrapporter", "vill_ha_hjalp", "yes", "ja"],
      ["problemrapporter", "vill_ha_hjalp", "no", "nej"],
      ["konton", "personal", 0, "nej"],
      ["inloggningslankar", "typ", "customer", "kund"],
      ["inloggningar", "typ", "staff", "personal"],
      ["koplatser", "status", "booked", "Bokade"],
      ["koplatser", "status", "waiting", "Väntar"],
      ["mejl_vi_har_skickat", "status", "sent", "Skickat"],
      ["mejl_vi_har_skickat", "status", "failed", "Kunde inte skickas"],
      ["leveransbesked_for_mejl", "handelse", "bounced", "Studsade"],
      ["andringsloggen", "andring", "booking.cancel", "Avbokade bokning"],
      ["betalningar", "status", "refunded", "Återbetald"],
      ["betalningar", "status", "paid", "Betald"],
      ["betalningar", "satt", "card", "kort"],
      ["betalningar", "aterbetalning_orsak", "session-cancelled", "Passet ställdes in"],
    ];
    for (const [section, column, code, words] of cases) {
      expect(swedishRow(section, { [column]: code })[column], `${section}.${column} ${code}`).toBe(words);
    }
  });

  it("leaves the customer's own words alone, even when they read like a code", () => {
    expect(swedishRow("meddelanden", { meddelande: "confirmed", skickat: "2026-01-05T08:00:00Z" })).toEqual({
      meddelande: "confirmed",
      skickat: "2026-01-05 09:00",
    });
  });

  it("dates the file itself in Swedish time", () => {
    expect(exportTime(new Date("2026-11-28T23:30:00Z"))).toBe("2026-11-29 00:30");
  });
});
