// The waitlist's mails: the confirmation of a place in the queue (with the
// link to leave it) and the offer of a freed seat, held for the recipient
// until a stated time, with the link to book it and the link to decline it.
// Links are absolute, made from the site and the tokens handed in. Pure.
import { BUILT_IN_LOCATIONS, placeMapUrl } from "../places";
import { formatSessionDate, formatTimeRange } from "../time";
import { ButtonRow } from "./components/button";
import { MailLayout } from "./components/layout";
import { renderMailDocument } from "./components/render";
import { Paragraph, Signature, UrlLink } from "./components/text";
import type { MailMessage, MailSite } from "./message";

/** The session as the mails name it. */
export interface WaitlistSession {
  title: string;
  location: string;
  startTime: string;
  endTime: string;
}

export interface WaitlistPerson {
  name: string;
  email: string;
  dogName: string;
}

const SIGN_OFF = ["Hälsningar,", "Hundpass"] as const;

/** The hold link's page and the leave link's page. */
export const holdPath = (token: string) => `/ko/${token}`;
export const declinePath = (token: string) => `/ko/${token}?svar=nej`;
export const leavePath = (token: string) => `/ko/lamna/${token}`;

/** One confirmation per place in the queue; one offer per entry (an entry is offered a seat at most once). */
export const waitlistJoinMailKey = (entryId: string) => `waitlist-joined:${entryId}`;
export const waitlistOfferMailKey = (entryId: string) => `waitlist-offer:${entryId}`;

function sessionLine(session: WaitlistSession): string {
  return `${session.title}, ${formatSessionDate(session.startTime)} (${formatTimeRange(session.startTime, session.endTime)}), ${session.location}`;
}

/** 'Du står i kön': sent once when someone joins the queue of a full session. */
export function waitlistJoinedMail(
  site: MailSite & { adminEmail: string },
  session: WaitlistSession,
  person: WaitlistPerson,
  entryId: string,
  leaveToken: string,
): MailMessage {
  const subject = `Du står i kö: ${session.title} ${formatSessionDate(session.startTime)}`;
  const what = sessionLine(session);
  const lead = `Du och ${person.dogName} står nu i kö till passet ${what}.`;
  const how =
    "Blir en plats ledig får den som står först i kön ett mejl med en länk. Platsen hålls då åt dig i 2 timmar, så att ingen annan kan ta den.";
  const leaveUrl = new URL(leavePath(leaveToken), site.siteUrl).toString();
  const leaveText = "Vill du inte stå kvar i kön kan du lämna den här:";
  const text = [`Hej ${person.name}!`, "", lead, "", how, "", leaveText, leaveUrl, "", ...SIGN_OFF].join("\n");
  const html = renderMailDocument(
    <MailLayout title={subject} preview={lead}>
      <Paragraph>Hej {person.name}!</Paragraph>
      <Paragraph>{lead}</Paragraph>
      <Paragraph>{how}</Paragraph>
      <Paragraph muted>
        {leaveText} <UrlLink href={leaveUrl} />
      </Paragraph>
      <Signature lines={SIGN_OFF} />
    </MailLayout>,
  );
  return {
    kind: "waitlist-joined",
    to: person.email,
    replyTo: site.adminEmail,
    subject,
    text,
    html,
    idempotencyKey: waitlistJoinMailKey(entryId),
  };
}

/** 'En plats är ledig': the offer of a held seat, valid until `holdExpiresAt`. */
export function waitlistOfferMail(
  site: MailSite & { adminEmail: string },
  session: WaitlistSession,
  person: WaitlistPerson,
  entryId: string,
  offerToken: string,
  holdExpiresAt: string,
): MailMessage {
  const subject = `En plats är ledig: ${session.title} ${formatSessionDate(session.startTime)}`;
  const until = formatSessionDate(holdExpiresAt);
  const lead = `En plats har blivit ledig på passet ${sessionLine(session)}, och du står först i kön.`;
  const held = `Platsen är reserverad för dig till ${until}. Boka den före dess, annars går den vidare till nästa i kön.`;
  const bookUrl = new URL(holdPath(offerToken), site.siteUrl).toString();
  const declineUrl = new URL(declinePath(offerToken), site.siteUrl).toString();
  // Home visits and online sessions have no place to find on a map.
  const mapUrl = BUILT_IN_LOCATIONS.includes(session.location) ? null : placeMapUrl(session.location);
  const declineText = "Vill du inte ha platsen? Säg till så går den direkt till nästa i kön:";
  const text = [
    `Hej ${person.name}!`,
    "",
    lead,
    "",
    held,
    "",
    "Boka platsen:",
    bookUrl,
    "",
    `Plats: ${session.location}${mapUrl ? ` (karta: ${mapUrl})` : ""}`,
    "",
    `Jag vill inte ha platsen: ${declineUrl}`,
    "",
    ...SIGN_OFF,
  ].join("\n");
  const html = renderMailDocument(
    <MailLayout title={subject} preview={held}>
      <Paragraph>Hej {person.name}!</Paragraph>
      <Paragraph>{lead}</Paragraph>
      <Paragraph>{held}</Paragraph>
      <ButtonRow href={bookUrl}>Boka platsen</ButtonRow>
      <Paragraph muted>
        Plats: {session.location}
        {mapUrl ? (
          <>
            {" "}
            (<UrlLink href={mapUrl} />)
          </>
        ) : null}
      </Paragraph>
      <Paragraph muted>
        {declineText} <UrlLink href={declineUrl} />
      </Paragraph>
      <Signature lines={SIGN_OFF} />
    </MailLayout>,
  );
  return {
    kind: "waitlist-offer",
    to: person.email,
    replyTo: site.adminEmail,
    subject,
    text,
    html,
    idempotencyKey: waitlistOfferMailKey(entryId),
    // The hold link dies with the hold: never sent later, blanked in the stored copy.
    secret: { token: offerToken, expiresAt: holdExpiresAt },
  };
}
