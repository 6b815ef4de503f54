// The mail with a klippkort's or presentkort's code, to its buyer: what the
// card is, its code, what is on it and its last valid day; as text and HTML
// (React Email). The code is the mail's secret (MailMessage.secret): never
// sent once the card has expired, blanked in our stored copy once the card
// is voided or expired, and cut out of it once the provider has the mail.
// Pure: the batch that issues the card queues it. Also the one reminder
// before a card with something left expires (the cron's 'cards' job).
import { CARD_GIFT_MAIL_TEXTS as G } from "../cards/card-shop-texts";
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

/** Why a card's mail waiting for its day was not sent (the card ended first). */
export const CARD_MAIL_HELD_BACK = "The card ended before its mail was due";

/** One mail per card, whatever repeats the sale: keyed by the code's hash. */
export const cardMailKey = (codeHash: string) => `card-issued:${codeHash}`;

/** A card given away online: who it is from, who gets it and the greeting written for them. */
export interface CardGift {
  fromName: string | null;
  recipientName: string | null;
  message: string | null;
}

/** The mail with the code: to its buyer, or (a gift) to its recipient with the buyer's greeting. */
export function cardIssuedMail(
  site: MailSite & { adminEmail: string },
  to: string,
  card: IssuedCard,
  codeHash: string,
  gift: CardGift | null = null,
): MailMessage {
  const subject = gift ? G.subject(card.kind) : T.subject(card.kind);
  const lead = gift ? G.lead(card.kind, card.productName, gift.fromName) : T.lead(card.kind, card.productName);
  const greeting = gift?.recipientName ? `Hej ${gift.recipientName}!` : T.greeting;
  const message = gift?.message ? [`${G.messageLabel}:`, gift.message] : [];
  const what = card.kind === "klippkort" ? T.klippkortWhat(card.uses ?? 0, card.sessionTypes) : T.presentkortWhat(card.amountSek ?? 0);
  const valid = T.validThrough(formatLongDate(card.lastDay));
  const bookUrl = new URL("/boka", site.siteUrl).toString();
  const text = [
    greeting,
    "",
    lead,
    "",
    ...(message.length > 0 ? [...message, ""] : []),
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
      <Paragraph>{greeting}</Paragraph>
      <Paragraph>{lead}</Paragraph>
      {gift?.message ? (
        <>
          <Paragraph muted style={{ marginBottom: "4px" }}>
            {G.messageLabel}
          </Paragraph>
          <Paragraph style={{ fontStyle: "italic", whiteSpace: "pre-line" }}>{gift.message}</Paragraph>
        </>
      ) : null}
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
    kind: gift ? "card-gift" : "card-issued",
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

export interface CardReceipt {
  orderId: string;
  kind: CardKind;
  productName: string;
  paidSek: number;
  /** Who gets the code, and when ("den 24 december kl. 07:00"), or null for at once. */
  recipient: string;
  when: string | null;
  codeLast4: string;
}

/** One receipt per order. */
export const cardReceiptMailKey = (orderId: string) => `card-receipt:${orderId}`;

/** The buyer's receipt for a card given away: what was paid, who gets the code and when; the code itself only by its last four. */
export function cardReceiptMail(site: MailSite & { adminEmail: string }, to: string, receipt: CardReceipt): MailMessage {
  const subject = G.receiptSubject(receipt.kind);
  const lead = G.receiptLead(receipt.kind, receipt.productName, receipt.paidSek);
  const sent = G.receiptSent(receipt.recipient, receipt.when);
  const code = G.receiptCode(receipt.codeLast4);
  const text = [T.greeting, "", lead, "", sent, "", code, "", T.questions, "", ...T.signOff].join("\n");
  const html = renderMailDocument(
    <MailLayout title={subject} preview={lead}>
      <Paragraph>{T.greeting}</Paragraph>
      <Paragraph>{lead}</Paragraph>
      <Paragraph>{sent}</Paragraph>
      <Paragraph>{code}</Paragraph>
      <Paragraph muted>{T.questions}</Paragraph>
      <Signature lines={T.signOff} />
    </MailLayout>,
  );
  return { kind: "card-receipt", to, replyTo: site.adminEmail, subject, text, html, idempotencyKey: cardReceiptMailKey(receipt.orderId) };
}
