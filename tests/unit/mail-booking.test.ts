import { describe, expect, it } from "vitest";
import {
  adminNotificationMail,
  BINDING_TERMS_REMINDER,
  bookingIcs,
  bookingMails,
  customerConfirmationMail,
  type BookedSession,
  type BookingDetails,
} from "../../app/domain/mail/booking";
import { escapeHtml } from "../../app/domain/mail/html";
import { unfoldIcs } from "../../app/domain/ics";

const site = { siteUrl: "https://hundpass.se", adminEmail: "admin@hundpass.se" };

// 2026-12-07 18:00 in Stockholm (winter time, UTC+1).
const session: BookedSession = {
  id: 14,
  title: "VALPKURS",
  location: "Hundhallen Gävle",
  startTime: "2026-12-07T17:00:00.000Z",
  endTime: "2026-12-07T18:00:00.000Z",
  passType: "group",
  currentParticipants: 3,
  maxParticipants: 6,
};

const booking: BookingDetails = {
  id: "3b241101-e2bb-4255-8caf-4136c566a962",
  userName: "Anna Andersson",
  userEmail: "anna@example.se",
  userPhone: "070-123 45 67",
  dogName: "Flurre",
  dogBreed: "Tax",
  dogAge: "2 år",
  specialNotes: "Inkallning <i>med</i> störningar",
  homeAddress: null,
  meetingType: null,
  variant: null,
  priceSek: 249,
  createdAt: "2026-11-21T06:00:00.000Z",
};

describe("customer confirmation", () => {
  const mail = customerConfirmationMail(session, booking, site);

  it("names the session, its Stockholm date and time, place, price and dog", () => {
    expect(mail.subject).toContain("VALPKURS");
    expect(mail.text).toContain("Hej Anna Andersson!");
    expect(mail.text).toContain("Datum: måndag 7 december 2026");
    expect(mail.text).toContain("Tid: 18:00–19:00");
    expect(mail.text).toContain("Plats: Hundhallen Gävle");
    expect(mail.text).toContain("Pris: 249 kr");
    expect(mail.text).toContain("Hund: Flurre (Tax, 2 år)");
    expect(mail.text).toContain(`Bokningsnummer: ${booking.id}`);
  });

  it("reminds that the booking is binding, in text and HTML", () => {
    expect(mail.text).toContain(BINDING_TERMS_REMINDER);
    expect(mail.html).toContain(escapeHtml(BINDING_TERMS_REMINDER));
  });

  it("links to Google Calendar with the session in UTC", () => {
    expect(mail.text).toContain("https://calendar.google.com/calendar/render?");
    expect(mail.text).toContain("dates=20261207T170000Z%2F20261207T180000Z");
    expect(mail.html).toContain("Lägg till i Google Kalender");
  });

  it("escapes what the customer typed in the HTML version", () => {
    expect(mail.html).toContain("Inkallning &lt;i&gt;med&lt;/i&gt; störningar");
    expect(mail.html).not.toContain("<i>med</i>");
  });

  it("lays the HTML out in React Email tables: a heading, the details, the reminder box and the calendar button", () => {
    const html = mail.html;
    expect(html).toMatch(/^<!DOCTYPE html PUBLIC/);
    expect(html).toMatch(/<table align="center" width="100%"[^>]*role="presentation" style="max-width:560px;background-color:#ffffff/);
    expect(html).toContain("<h1");
    expect(html).toContain(">Tack för din bokning, Anna Andersson!</h1>");
    expect(html).toMatch(/<th align="left" style="[^"]*">Datum<\/th><td style="[^"]*white-space:pre-wrap[^"]*">måndag 7 december 2026<\/td>/);
    expect(html).toMatch(/>Hund<\/th><td [^>]*>Flurre \(Tax, 2 år\)<\/td>/);
    expect(html).toMatch(/<p style="[^"]*color:#b42318;padding:12px;background-color:#fde7e5[^"]*">Kom ihåg: bokningen är bindande/);
    expect(html).toMatch(/<a href="https:\/\/calendar\.google\.com\/calendar\/render\?[^"]*" style="[^"]*background-color:#1f5f4a/);
    expect(html).toContain("minst 24 timmar");
    expect(html).toContain('Dina bokningar hittar du på <a href="https://hundpass.se/mina-bokningar"');
    expect(html).toContain("Vi ses!<br/>Hälsningar,<br/>Hundpass");
  });

  it("tells group customers that a small group may be cancelled with 24 h notice", () => {
    expect(mail.text).toContain("minst 24 timmar");
    const privateMail = customerConfirmationMail({ ...session, passType: "private" }, booking, site);
    expect(privateMail.text).not.toContain("minst 24 timmar");
  });

  it("shows the chosen variant and its price for PRIVAT & PROFFS", () => {
    const variantMail = customerConfirmationMail(
      { ...session, title: "PRIVAT & PROFFS", passType: "private" },
      { ...booking, variant: "proffs", priceSek: 595 },
      site,
    );
    expect(variantMail.text).toContain("Pris: Proffs, 595 kr");
    expect(variantMail.html).toContain("PRIVAT &amp; PROFFS");
  });

  it("shows meeting type and home address when the session asked for them", () => {
    const plan = customerConfirmationMail(session, { ...booking, meetingType: "Google Meets" }, site);
    expect(plan.text).toContain("Mötestyp: Google Meets");
    const hemmis = customerConfirmationMail(session, { ...booking, homeAddress: "Storgatan 1, Gävle" }, site);
    expect(hemmis.text).toContain("Hemadress: Storgatan 1, Gävle");
  });

  it("leaves out a price of 0 kr", () => {
    const free = customerConfirmationMail(session, { ...booking, priceSek: 0 }, site);
    expect(free.text).not.toContain("Pris:");
  });
});

describe("admin notification", () => {
  const mail = adminNotificationMail(session, booking, site);

  it("carries every booking detail and the seat count", () => {
    for (const expected of [
      "Anna Andersson",
      "anna@example.se",
      "070-123 45 67",
      "Hund: Flurre",
      "Ras: Tax",
      "Ålder: 2 år",
      "Vad vill du träna?: Inkallning <i>med</i> störningar",
      `Bokningsnummer: ${booking.id}`,
      "Deltagare: 3 av 6",
      "Plats: Hundhallen Gävle",
      "https://hundpass.se/session/14",
    ]) {
      expect(mail.text).toContain(expected);
    }
    expect(mail.subject).toContain("Ny bokning");
    expect(mail.subject).toContain("Anna Andersson");
    // Staff read it as text; no HTML copy to store and send.
    expect(mail.html).toBeUndefined();
  });
});

describe("booking .ics", () => {
  it("has a UID per booking on the site's host and the session times", () => {
    const lines = unfoldIcs(bookingIcs(session, booking, site, new Date("2026-11-21T06:00:00Z")));
    expect(lines).toContain(`UID:booking-${booking.id}@hundpass.se`);
    expect(lines).toContain("DTSTART:20261207T170000Z");
    expect(lines).toContain("DTEND:20261207T180000Z");
    expect(lines).toContain("DTSTAMP:20261121T060000Z");
    expect(lines).toContain("LOCATION:Hundhallen Gävle");
    // URL with its (default) value type written out, as RFC 5545 allows.
    expect(lines).toContain("URL;VALUE=URI:https://hundpass.se/session/14");
  });

  it("names the attachment by the session's day in Stockholm, not in UTC", () => {
    // 00:30 on 8 December in Stockholm is still 7 December in UTC.
    const late = { ...session, startTime: "2026-12-07T23:30:00.000Z", endTime: "2026-12-08T00:30:00.000Z" };
    const [mail] = bookingMails(site, late, booking, new Date("2026-11-21T06:00:00Z"));
    expect(mail.attachments?.map((a) => a.filename)).toEqual(["valpkurs-2026-12-08.ics"]);
  });
});
