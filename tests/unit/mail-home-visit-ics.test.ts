import { describe, expect, it } from "vitest";
import { unfoldIcs } from "../../app/domain/ics";
import { bookingMails, type BookedSession, type BookingDetails } from "../../app/domain/mail/booking";
import { cancellationMail } from "../../app/domain/mail/cancellation";
import type { MailMessage } from "../../app/domain/mail/message";
import { reminderMail } from "../../app/domain/mail/reminder";
import { sessionChangeMail } from "../../app/domain/mail/session-change";

// A home visit's event is where the customer's mails say it is: their own
// address, in every calendar file the customer gets.
const site = { siteUrl: "https://hundpass.se", adminEmail: "admin@hundpass.se" };
const now = new Date("2026-12-01T10:00:00.000Z");

const homeVisit: BookedSession = {
  id: 21,
  title: "HEMMIS",
  location: "Hembesök",
  startTime: "2026-12-07T17:00:00.000Z",
  endTime: "2026-12-07T18:00:00.000Z",
  passType: "private",
};

const booking: BookingDetails = {
  id: "bok-hem",
  userName: "Anna Andersson",
  userEmail: "anna@example.se",
  userPhone: "070-123 45 67",
  dogName: "Flurre",
  dogBreed: null,
  dogAge: null,
  specialNotes: null,
  homeAddress: "Storgatan 1, Gävle",
  meetingType: null,
  variant: null,
  priceSek: 995,
  createdAt: "2026-11-21T06:00:00.000Z",
};

function icsOf(mail: MailMessage): string[] {
  const [ics] = mail.attachments ?? [];
  if (!ics) throw new Error(`no calendar file in ${mail.kind}`);
  return unfoldIcs(ics.content);
}

const ADDRESS_LOCATION = "LOCATION:Storgatan 1\\, Gävle";

describe("a home visit's calendar event is at the customer's address", () => {
  it.each<[string, () => MailMessage]>([
    ["the confirmation", () => bookingMails(site, homeVisit, booking, now)[0]],
    ["the reminder", () => reminderMail(site, { ...homeVisit, revision: 0 }, booking, now, [])],
    [
      "a change of time",
      () =>
        sessionChangeMail(site, booking, homeVisit, { ...homeVisit, startTime: "2026-12-08T17:00:00.000Z", endTime: "2026-12-08T18:00:00.000Z" }, 1, now),
    ],
    [
      "the cancellation",
      () =>
        cancellationMail(
          site,
          {
            id: booking.id,
            userName: booking.userName,
            userEmail: booking.userEmail,
            sessionId: homeVisit.id,
            sessionTitle: homeVisit.title,
            sessionLocation: homeVisit.location,
            sessionStartTime: homeVisit.startTime,
            sessionEndTime: homeVisit.endTime,
            homeAddress: booking.homeAddress,
          },
          "session",
          now,
        ),
    ],
  ])("%s", (_name, mail) => {
    const ics = icsOf(mail());
    expect(ics).toContain(ADDRESS_LOCATION);
    expect(ics).not.toContain("LOCATION:Hembesök");
  });

  it("a session at a training place keeps its place", () => {
    const group: BookedSession = { ...homeVisit, title: "VALPKURS", location: "Hundhallen Gävle", passType: "group" };
    const ics = icsOf(bookingMails(site, group, { ...booking, homeAddress: null }, now)[0]);
    expect(ics).toContain("LOCATION:Hundhallen Gävle");
  });
});
