import { describe, expect, it } from "vitest";
import { reminderLabel } from "../../app/domain/admin-session-view";
import { unfoldIcs } from "../../app/domain/ics";
import type { BookingDetails } from "../../app/domain/mail/booking";
import {
  reminderDayWord,
  reminderMail,
  reminderPlace,
  reminderSubject,
  type RemindedSession,
} from "../../app/domain/mail/reminder";
import { SEEDED_PREPARATION } from "../fixtures/seeded-content";

const site = { siteUrl: "https://hundpass.se", adminEmail: "admin@hundpass.se" };
const SCRIPT = '<script>alert("x")</script>';

const session: RemindedSession = {
  id: 14,
  title: "VALPKURS",
  location: "Hundhallen Gävle",
  startTime: "2026-12-07T17:00:00.000Z", // Monday 18:00 in Stockholm
  endTime: "2026-12-07T18:00:00.000Z",
  passType: "group",
  revision: 3,
};

const booking: BookingDetails = {
  id: "bok-1",
  userName: "Anna",
  userEmail: "anna@example.se",
  userPhone: "0701234567",
  dogName: "Flurre",
  dogBreed: "Tax",
  dogAge: "2 år",
  specialNotes: null,
  homeAddress: null,
  meetingType: null,
  variant: null,
  priceSek: 249,
  createdAt: "2026-11-01T10:00:00.000Z",
};

describe("the reminder's day word", () => {
  it("says 'i morgon' for the next Stockholm day, 'i dag' for the same, nothing otherwise", () => {
    expect(reminderDayWord(session.startTime, new Date("2026-12-06T17:00:00Z"))).toBe("i morgon");
    expect(reminderDayWord(session.startTime, new Date("2026-12-07T06:00:00Z"))).toBe("i dag");
    expect(reminderDayWord(session.startTime, new Date("2026-12-05T22:59:00Z"))).toBeNull();
  });

  it("counts days in Stockholm, not in UTC", () => {
    // 23:30 UTC on the 5th is already 00:30 on the 6th in Stockholm: the session is tomorrow.
    expect(reminderDayWord(session.startTime, new Date("2026-12-05T23:30:00Z"))).toBe("i morgon");
    // A session at 00:30 Stockholm time on the 8th is 23:30 UTC on the 7th.
    expect(reminderDayWord("2026-12-07T23:30:00.000Z", new Date("2026-12-07T12:00:00Z"))).toBe("i morgon");
  });

  it("holds across both DST changes", () => {
    expect(reminderDayWord("2026-10-25T17:00:00.000Z", new Date("2026-10-24T17:00:00Z"))).toBe("i morgon");
    expect(reminderDayWord("2026-03-29T16:00:00.000Z", new Date("2026-03-28T16:00:00Z"))).toBe("i morgon");
  });
});

describe("the reminder's subject", () => {
  it("names the session and its Stockholm start, with 'i morgon' or the date", () => {
    expect(reminderSubject(session, new Date("2026-12-06T17:00:00Z"))).toBe("Påminnelse: VALPKURS i morgon kl. 18:00");
    expect(reminderSubject(session, new Date("2026-12-07T08:00:00Z"))).toBe("Påminnelse: VALPKURS i dag kl. 18:00");
    expect(reminderSubject(session, new Date("2026-12-05T17:00:00Z"))).toBe("Påminnelse: VALPKURS mån 7 dec. 18:00");
  });
});

describe("where the reminder sends the customer", () => {
  it("a training place with its map link, a home visit to the customer's address, online with the meeting type", () => {
    expect(reminderPlace(session, booking)).toEqual({
      kind: "place",
      name: "Hundhallen Gävle",
      mapUrl: "https://www.google.com/maps/search/?api=1&query=Hundhallen+G%C3%A4vle",
    });
    expect(reminderPlace({ location: "Hembesök" }, { homeAddress: "Storgatan 1", meetingType: null })).toEqual({
      kind: "home",
      name: "Hembesök",
      address: "Storgatan 1",
    });
    expect(reminderPlace({ location: "Online" }, { homeAddress: null, meetingType: "Microsoft Teams" })).toEqual({
      kind: "online",
      name: "Online",
      meetingType: "Microsoft Teams",
    });
  });

  it("by the booking's address or meeting type, or the built-in location, whatever the session is called", () => {
    expect(reminderPlace({ location: "Hembesök" }, { homeAddress: null, meetingType: null })).toMatchObject({ kind: "home", address: null });
    expect(reminderPlace({ location: "Online" }, { homeAddress: null, meetingType: null })).toMatchObject({ kind: "online", meetingType: null });
    expect(reminderPlace({ location: "Bronsängen Sandviken" }, { homeAddress: "Storgatan 1", meetingType: null })).toMatchObject({ kind: "home" });
  });
});

describe("the reminder mail", () => {
  const now = new Date("2026-12-06T17:00:00Z");

  it("is keyed per booking, replies to the business and carries the booking's event at the session's revision", () => {
    const mail = reminderMail(site, session, booking, now, SEEDED_PREPARATION);
    expect(mail).toMatchObject({
      kind: "booking-reminder",
      to: "anna@example.se",
      replyTo: "admin@hundpass.se",
      idempotencyKey: "reminder:bok-1",
    });
    const ics = unfoldIcs(mail.attachments![0]!.content);
    expect(ics).toContain("UID:booking-bok-1@hundpass.se");
    expect(ics).toContain("SEQUENCE:3");
    expect(ics).toContain("METHOD:PUBLISH");
    expect(ics).toContain("DTSTART:20261207T170000Z");
  });

  it("states time, place, dog, what to bring and where the bookings are, in text and HTML", () => {
    const mail = reminderMail(site, session, booking, now, SEEDED_PREPARATION);
    expect(mail.text).toContain("Hej Anna!");
    expect(mail.text).toContain("Snart är det dags för VALPKURS med Flurre i morgon.");
    expect(mail.text).toContain("Datum: måndag 7 december 2026\nTid: 18:00–19:00\nPlats: Hundhallen Gävle\nHund: Flurre (Tax, 2 år)");
    expect(mail.text).toContain("Hitta dit: https://www.google.com/maps/search/?api=1&query=Hundhallen+G%C3%A4vle");
    expect(mail.text).toContain("- Godis – mycket godis! Små, mjuka och extra goda bitar");
    expect(mail.text).toContain("Mer om hur du förbereder dig: https://hundpass.se/preppa");
    expect(mail.text).toContain("Dina bokningar hittar du på https://hundpass.se/mina-bokningar");
    expect(mail.text).toContain("Bokningsnummer: bok-1");
    expect(mail.html).toContain('<html dir="ltr" lang="sv">');
    expect(mail.html).toContain('href="https://www.google.com/maps/search/?api=1&amp;query=Hundhallen+G%C3%A4vle"');
    expect(mail.html).toContain("<strong>Tid:</strong> 18:00–19:00");
  });

  it("escapes what the customer typed", () => {
    const mail = reminderMail(site, session, { ...booking, userName: `Anna ${SCRIPT}`, dogName: SCRIPT }, now, SEEDED_PREPARATION);
    expect(mail.html).not.toMatch(/<script/i);
    expect(mail.html).toContain("&lt;script&gt;");
  });
});

describe("the admin's reminder label", () => {
  it("shows when the reminder went out, in Stockholm time, or nothing", () => {
    expect(reminderLabel("2026-10-24T17:00:00.000Z")).toBe("Påmind 24 okt. 2026 19:00");
    expect(reminderLabel("2026-03-28T16:00:00.000Z")).toBe("Påmind 28 mars 2026 17:00");
    expect(reminderLabel(null)).toBeNull();
  });
});
