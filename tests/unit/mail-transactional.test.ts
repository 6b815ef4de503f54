import { describe, expect, it } from "vitest";
import { accountExistsMail, signInLinkMail, staffConfirmationMail } from "../../app/domain/mail/account";
import type { BookedSession, BookingDetails } from "../../app/domain/mail/booking";
import { cancellationMail, type CancelledBooking } from "../../app/domain/mail/cancellation";
import { sessionChangeMail } from "../../app/domain/mail/session-change";

const site = { siteUrl: "https://hundpass.se", adminEmail: "admin@hundpass.se" };
const now = new Date("2026-11-21T06:00:00Z");
const SCRIPT = '<script>alert("x")</script>';

/** The card every HTML mail has: a React Email table, 560 px at most, the site's colours. */
function expectMailFrame(html: string | undefined, title: string) {
  expect(html).toMatch(/^<!DOCTYPE html PUBLIC "-\/\/W3C\/\/DTD XHTML 1\.0 Transitional\/\/EN"/);
  expect(html).toContain('<html dir="ltr" lang="sv">');
  expect(html).toContain(`<title>${title}</title>`);
  expect(html).toMatch(/<table align="center" width="100%"[^>]*role="presentation" style="max-width:560px;background-color:#ffffff/);
  expect(html).not.toMatch(/<script/i);
}

describe("account mails", () => {
  it("the sign-in link is a button in HTML and a bare link in text", () => {
    const link = "https://hundpass.se/mina-bokningar/verify?token=abc&x=1";
    const mail = signInLinkMail(link, "customer");
    expectMailFrame(mail.html, "Din inloggningslänk till Hundpass");
    expect(mail.html).toContain("Här är din länk för att se dina bokningar hos Hundpass.");
    expect(mail.html).toMatch(/<a href="https:\/\/hundpass\.se\/mina-bokningar\/verify\?token=abc&amp;x=1" style="[^"]*background-color:#1f5f4a/);
    expect(mail.html).toContain(">Logga in</span>");
    expect(mail.html).toContain("Länken gäller i 10 minuter");
    expect(mail.text).toBe(
      `Hej!\n\nHär är din länk för att se dina bokningar hos Hundpass.\n\n${link}\n\nLänken gäller i 10 minuter och kan bara användas en gång. Om du inte bad om länken kan du bortse från det här meddelandet.\n\nHälsningar\nHundpass`,
    );
    expect(signInLinkMail(link, "admin").html).toContain("Här är din länk för att logga in i Hundpass admin.");
  });

  it("the staff confirmation and the account-exists mail carry their buttons", () => {
    const confirm = staffConfirmationMail("https://hundpass.se/personal/bekrafta?token=t1");
    expectMailFrame(confirm.html, "Bekräfta ditt personalkonto hos Hundpass");
    expect(confirm.html).toContain(">Bekräfta e-postadress</span>");
    expect(confirm.html).toContain('href="https://hundpass.se/personal/bekrafta?token=t1"');
    const exists = accountExistsMail("https://hundpass.se/logga-in");
    expectMailFrame(exists.html, "Du har redan ett konto hos Hundpass");
    expect(exists.html).toContain("det finns redan ett konto för den");
    expect(exists.text).toContain("https://hundpass.se/logga-in");
  });
});

const cancelled: CancelledBooking = {
  id: "bok-1",
  userName: `Anna ${SCRIPT}`,
  userEmail: "anna@example.se",
  sessionId: 14,
  sessionTitle: "VALPKURS & lek",
  sessionLocation: "Hundhallen Gävle",
  sessionStartTime: "2026-12-07T17:00:00.000Z",
  sessionEndTime: "2026-12-07T18:00:00.000Z",
};

describe("cancellation mail", () => {
  it("says what was cancelled and links to the bookings, escaped", () => {
    const mail = cancellationMail(site, cancelled, "booking", now);
    expectMailFrame(mail.html, mail.subject.replace(/&/g, "&amp;"));
    expect(mail.html).toContain("Hej Anna &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;!");
    expect(mail.html).toContain("Vi har avbokat din bokning av passet VALPKURS &amp; lek");
    expect(mail.html).toContain("tar den bifogade kalenderfilen (.ics) bort det.");
    expect(mail.html).toContain('<a href="https://hundpass.se/mina-bokningar"');
    expect(mail.html).toContain("Bokningsnummer: bok-1");
    expect(mail.text).toContain(`Hej Anna ${SCRIPT}!`);
    expect(mail.text).toContain("Dina bokningar hittar du på https://hundpass.se/mina-bokningar");
  });

  it("tells that the whole session was called off", () => {
    const mail = cancellationMail(site, cancelled, "session", now);
    expect(mail.subject).toMatch(/^Inställt: /);
    expect(mail.html).toContain("Tyvärr har vi ställt in passet VALPKURS &amp; lek");
  });
});

describe("session change mail", () => {
  const booking: BookingDetails = {
    id: "bok-2",
    userName: "Bo <b>",
    userEmail: "bo@example.se",
    userPhone: "070",
    dogName: "Kaffe",
    dogBreed: null,
    dogAge: null,
    specialNotes: null,
    homeAddress: null,
    meetingType: null,
    variant: null,
    priceSek: 249,
    createdAt: "2026-11-01T06:00:00.000Z",
  };
  const after: BookedSession = {
    id: 14,
    title: "VALPKURS",
    location: "Regementsparken Gävle",
    startTime: "2026-12-07T18:00:00.000Z",
    endTime: "2026-12-07T19:00:00.000Z",
    passType: "group",
  };
  const before = { title: "VALPKURS", location: "Hundhallen Gävle", startTime: "2026-12-07T17:00:00.000Z", endTime: "2026-12-07T18:00:00.000Z" };

  it("shows the old place struck through and the new one in bold", () => {
    const mail = sessionChangeMail(site, booking, before, after, 2, now);
    expectMailFrame(mail.html, mail.subject);
    expect(mail.html).toContain("Hej Bo &lt;b&gt;!");
    expect(mail.html).toMatch(/<s style="color:#55645c">Tidigare: VALPKURS, [^<]*Hundhallen Gävle<\/s><br\/><strong>Nu: VALPKURS, [^<]*Regementsparken Gävle<\/strong>/);
    expect(mail.html).toContain("Passar det inte längre? Svara på det här mejlet så hjälper vi dig.");
    expect(mail.text).toContain("Nu: VALPKURS");
  });
});
