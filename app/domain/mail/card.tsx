// The mail with a klippkort's or presentkort's code, to its buyer: what the
// card is, its code, what is on it and its last valid day; as text and HTML
// (React Email). The code is the mail's secret (MailMessage.secret): never
// sent once the card has expired, blanked in our stored copy once the card
// is voided or expired, and cut out of it once the provider has the mail.
// Pure: the batch that issues the card queues it. Also the one reminder
// before a card with something left expires (the cron's 'cards' job).
import { cardBalanceText, CARD_MAIL_TEXTS as T, CARD_REMINDER_MAIL_TEXTS as R } from "../cards/card-texts";
import type { CardKind } from "../cards/card-terms";
import { formatLongDate } from "../time";
import { MailLayout } from "./components/layout";
import { renderMailDocument } from "./components/render";
import { Paragraph, Signature, UrlLink } from "./components/text";
import { colors } from "./components/theme";
import type { MailMessage, MailSite } from "./message";

export interface IssuedCard {
  kind: CardKind;
  productName: string;
  /** The code as the buyer reads it, in groups (formatCardCode). */
  code: string;
  /** A klippkort's uses and session types; a presentkort's amount. */
  uses: number | null;
  sessionTypes: readonly string[];
  amountSek: number | null;
  /** The last valid day ("yyyy-MM-dd", Stockholm) and the instant the card stops working. */
  lastDay: string;
  expiresAt: string;
}

/** One mail per card, whatever repeats the sale: keyed by the code's hash. */
export const cardMailKey = (codeHash: string) => `card-issued:${codeHash}`;

export function cardIssuedMail(site: MailSite & { adminEmail: string }, to: string, card: IssuedCard, codeHash: string): MailMessage {
  const subject = T.subject(card.kind);
  const lead = T.lead(card.kind, card.productName);
  const what = card.kind === "klippkort" ? T.klippkortWhat(card.uses ?? 0, card.sessionTypes) : T.presentkortWhat(card.amountSek ?? 0);
  const valid = T.validThrough(formatLongDate(card.lastDay));
  const bookUrl = new URL("/boka", site.siteUrl).toString();
  const text = [
    T.greeting,
    "",
    lead,
    "",
    `${T.codeLabel}: ${card.code}`,
    "",
    what,
    valid,
    "",
    T.use,
    bookUrl,
    "",
    T.keep,
    "",
    T.questions,
    "",
    ...T.signOff,
  ].join("\n");
  const html = renderMailDocument(
    <MailLayout title={subject} preview={`${what} ${valid}`}>
      <Paragraph>{T.greeting}</Paragraph>
      <Paragraph>{lead}</Paragraph>
      <Paragraph muted style={{ marginBottom: "4px" }}>
        {T.codeLabel}
      </Paragraph>
      <Paragraph
        style={{
          fontFamily: "ui-monospace,SFMono-Regular,Menlo,Consolas,monospace",
          fontSize: "22px",
          lineHeight: "30px",
          fontWeight: 700,
          letterSpacing: "1px",
          color: colors.primary,
        }}
      >
        {card.code}
      </Paragraph>
      <Paragraph>
        {what} {valid}
      </Paragraph>
      <Paragraph>
        {T.use} <UrlLink href={bookUrl} />
      </Paragraph>
      <Paragraph>{T.keep}</Paragraph>
      <Paragraph muted>{T.questions}</Paragraph>
      <Signature lines={T.signOff} />
    </MailLayout>,
  );
  return {
    kind: "card-issued",
    to,
    replyTo: site.adminEmail,
    subject,
    text,
    html,
    idempotencyKey: cardMailKey(codeHash),
    secret: { token: card.code, expiresAt: card.expiresAt },
  };
}

export interface ExpiringCard {
  id: number;
  kind: CardKind;
  productName: string;
  usesLeft: number | null;
  balanceSek: number | null;
  /** The last valid day ("yyyy-MM-dd", Stockholm). */
  lastDay: string;
  codeLast4: string;
}

/** One reminder per card. */
export const cardReminderMailKey = (cardId: number) => `card-expiry-reminder:${cardId}`;

/**
 * The one reminder before a card with something left expires. It names the
 * code by its last four characters only: the code itself stays in the mail
 * that carried it.
 */
export function cardReminderMail(site: MailSite & { adminEmail: string }, to: string, card: ExpiringCard): MailMessage {
  const date = formatLongDate(card.lastDay);
  const subject = R.subject(card.kind, date);
  const lead = R.lead(card.kind, card.productName, cardBalanceText(card.kind, card.usesLeft, card.balanceSek), date);
  const bookUrl = new URL("/boka", site.siteUrl).toString();
  const code = R.code(card.codeLast4);
  const text = [T.greeting, "", lead, "", R.book, bookUrl, "", code, "", R.questions, "", ...R.signOff].join("\n");
  const html = renderMailDocument(
    <MailLayout title={subject} preview={lead}>
      <Paragraph>{T.greeting}</Paragraph>
      <Paragraph>{lead}</Paragraph>
      <Paragraph>
        {R.book} <UrlLink href={bookUrl} />
      </Paragraph>
      <Paragraph>{code}</Paragraph>
      <Paragraph muted>{R.questions}</Paragraph>
      <Signature lines={R.signOff} />
    </MailLayout>,
  );
  return { kind: "card-reminder", to, replyTo: site.adminEmail, subject, text, html, idempotencyKey: cardReminderMailKey(card.id) };
}
