// The admin's mails of the minimum-participant decision: the request at
// T−30 h with its two one-click links ('Ställ in' / 'Kör ändå', each a page
// that asks for one confirming click), and the note sent when the deadline
// was first seen too late to cancel with 24 h notice. Both go to the
// business's own address (ADMIN_EMAIL). Pure.
import {
  DECISION_TEXTS,
  participantsOf,
  type Decision,
} from "../session-decision";
import { formatDateTime, formatSessionDate, formatTimeRange } from "../time";
import { ButtonRow } from "./components/button";
import { MailLayout } from "./components/layout";
import { renderMailDocument } from "./components/render";
import { Paragraph, Signature, UrlLink } from "./components/text";
import type { MailMessage, MailSite } from "./message";

/** The session as the request shows it. */
export interface DecisionSession {
  id: number;
  title: string;
  location: string;
  startTime: string;
  endTime: string;
  currentParticipants: number;
  maxParticipants: number;
}

/** One request per session and start: a second run queues nothing. */
export const decisionRequestMailKey = (sessionId: number, startTime: string) => `session-decision:${sessionId}:${startTime}`;
export const decisionLateMailKey = (sessionId: number, startTime: string) => `session-decision-late:${sessionId}:${startTime}`;

const SIGN_OFF = ["Hälsningar", "Hundpass"] as const;

function describe(session: DecisionSession): string {
  return `${session.title}, ${formatSessionDate(session.startTime)} (${formatTimeRange(session.startTime, session.endTime)}), ${session.location}`;
}

export function decisionRequestMail(
  site: MailSite & { adminEmail: string },
  session: DecisionSession,
  {
    links,
    deadline,
    defaultDecision,
    token,
  }: {
    /** The two one-click links, each carrying the token and its action. */
    links: Record<Decision, string>;
    deadline: string;
    defaultDecision: Decision;
    /** The links' token: the mail is never sent after the deadline, and the token is blanked once decided. */
    token: string;
  },
): MailMessage {
  const participants = participantsOf(session.currentParticipants, session.maxParticipants);
  const subject = `Få deltagare: ${session.title} ${formatSessionDate(session.startTime)} – ställ in eller kör?`;
  const lead = `Passet ${describe(session)} har ${participants} deltagare.`;
  const rule =
    "Grupp-pass med två eller färre deltagare får ställas in, och då ska kunderna få besked minst 24 timmar innan.";
  const ask = `Vill du ställa in passet eller köra ändå? Välj senast ${formatDateTime(deadline)}.`;
  const otherwise = DECISION_TEXTS.defaultWillApply(defaultDecision, deadline);
  const list = new URL("/admin/vantande-pass", site.siteUrl).toString();
  const after =
    "Ställer du in passet får varje kund ett mejl om det, med en kalenderfil som tar bort passet. Varje länk frågar en gång till innan något ändras, och bara det första beslutet gäller.";
  const text = [
    "Hej!",
    "",
    lead,
    rule,
    "",
    ask,
    "",
    `${DECISION_TEXTS.cancelButton}: ${links.cancel}`,
    `${DECISION_TEXTS.runButton}: ${links.run}`,
    "",
    otherwise,
    `Du kan också välja under Väntande pass: ${list}`,
    "",
    after,
    "",
    ...SIGN_OFF,
  ].join("\n");
  const html = renderMailDocument(
    <MailLayout title={subject} preview={lead}>
      <Paragraph>Hej!</Paragraph>
      <Paragraph>
        {lead} {rule}
      </Paragraph>
      <Paragraph>{ask}</Paragraph>
      <ButtonRow href={links.cancel}>{DECISION_TEXTS.cancelButton}</ButtonRow>
      <ButtonRow href={links.run}>{DECISION_TEXTS.runButton}</ButtonRow>
      <Paragraph>
        {otherwise} Du kan också välja under Väntande pass: <UrlLink href={list} />
      </Paragraph>
      <Paragraph muted>{after}</Paragraph>
      <Signature lines={SIGN_OFF} />
    </MailLayout>,
  );
  return {
    kind: "session-decision",
    to: site.adminEmail,
    subject,
    text,
    html,
    idempotencyKey: decisionRequestMailKey(session.id, session.startTime),
    secret: { token, expiresAt: deadline },
  };
}

/** The deadline passed unseen and cancelling now would give less than 24 h notice: the session runs. */
export function decisionLateMail(site: MailSite & { adminEmail: string }, session: DecisionSession): MailMessage {
  const participants = participantsOf(session.currentParticipants, session.maxParticipants);
  const subject = `Körs som planerat: ${session.title} ${formatSessionDate(session.startTime)}`;
  const lead = `Passet ${describe(session)} har ${participants} deltagare. Tidsgränsen för beslutet passerade utan att det fattades, och nu är det mindre än 24 timmar kvar till start.`;
  const outcome =
    "Passet körs därför som planerat och kunderna har inte fått något mejl. Vill du ändå ställa in det gör du det under Väntande pass, men kunderna får då kortare varsel än 24 timmar.";
  const list = new URL("/admin/vantande-pass", site.siteUrl).toString();
  const text = ["Hej!", "", lead, "", outcome, list, "", ...SIGN_OFF].join("\n");
  const html = renderMailDocument(
    <MailLayout title={subject} preview={lead}>
      <Paragraph>Hej!</Paragraph>
      <Paragraph>{lead}</Paragraph>
      <Paragraph>
        {outcome} <UrlLink href={list} />
      </Paragraph>
      <Signature lines={SIGN_OFF} />
    </MailLayout>,
  );
  return {
    kind: "session-decision-late",
    to: site.adminEmail,
    subject,
    text,
    html,
    idempotencyKey: decisionLateMailKey(session.id, session.startTime),
  };
}
