// The mail with a card's code: what the card is, the code, what is on it and
// its last valid day, in text and HTML; the code is the mail's secret, so it
// is never sent once the card has expired and never kept once sent.
import { describe, expect, it } from "vitest";
import { cardIssuedMail } from "../../../app/domain/mail/card";

const site = { siteUrl: "https://hundpass.se", adminEmail: "info@hundpass.se" };
const base = { code: "ABCD-EFGH-JKMN-PQRS", lastDay: "2027-12-05", expiresAt: "2027-12-05T23:00:00.000Z" };

describe("cardIssuedMail", () => {
  it("tells a klippkort's buyer its code, uses, session types and last day", () => {
    const mail = cardIssuedMail(
      site,
      "kund@example.se",
      { ...base, kind: "klippkort", productName: "5-kort valpkurs", uses: 5, sessionTypes: ["VALPKURS", "NOSARBETE"], amountSek: null },
      "a".repeat(64),
    );
    expect(mail).toMatchObject({
      kind: "card-issued",
      to: "kund@example.se",
      replyTo: "info@hundpass.se",
      subject: "Ditt klippkort från Hundpass",
      idempotencyKey: `card-issued:${"a".repeat(64)}`,
      secret: { token: "ABCD-EFGH-JKMN-PQRS", expiresAt: "2027-12-05T23:00:00.000Z" },
    });
    expect(mail.text).toContain("Tack för ditt köp! Här är koden till ditt klippkort ”5-kort valpkurs”.");
    expect(mail.text).toContain("Din kod: ABCD-EFGH-JKMN-PQRS");
    expect(mail.text).toContain("Kortet räcker till 5 pass av typerna VALPKURS eller NOSARBETE.");
    expect(mail.text).toContain("Kortet gäller till och med 5 december 2027.");
    expect(mail.text).toContain("https://hundpass.se/boka");
    expect(mail.html).toContain("ABCD-EFGH-JKMN-PQRS");
    expect(mail.html).toContain("Kortet gäller till och med 5 december 2027.");
  });

  it("tells a presentkort's buyer the amount on it", () => {
    const mail = cardIssuedMail(
      site,
      "kund@example.se",
      { ...base, kind: "presentkort", productName: "Presentkort", uses: null, sessionTypes: [], amountSek: 1500 },
      "b".repeat(64),
    );
    expect(mail.subject).toBe("Ditt presentkort från Hundpass");
    expect(mail.text).toContain("På kortet finns 1\u00A0500 kr att använda på våra pass.");
    expect(mail.text).not.toContain("pass av typ");
  });
});
