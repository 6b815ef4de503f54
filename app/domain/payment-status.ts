// How a booking's payment reads, for staff (the booking's info, the attendee
// CSV, the print view, the session's sums) and in the cancellation mail's
// refund sentence. Pure; only used with PAYMENTS=stripe.

export type PaymentStatus = "open" | "paid" | "expired" | "cancelled" | "refund_pending" | "refunded" | "refund_failed";
export type PaymentMethodName = "card" | "swish";

/** What staff need of a booking's payment. */
export interface PaymentView {
  status: PaymentStatus;
  method: PaymentMethodName | null;
  amountOre: number;
  refundError: string | null;
}

/** Öre as kronor: "450 kr", "1 495 kr" (non-breaking space), "99,50 kr". */
export function formatOre(amountOre: number): string {
  const kronor = Math.floor(amountOre / 100);
  const ore = amountOre % 100;
  const digits = String(kronor).replace(/\B(?=(\d{3})+(?!\d))/g, "\u00A0");
  return ore === 0 ? `${digits} kr` : `${digits},${String(ore).padStart(2, "0")} kr`;
}

export const PAYMENT_METHOD_WORDS: Record<PaymentMethodName, string> = { card: "kort", swish: "Swish" };

/**
 * The payment's state in a word or two: 'Betald (kort)', 'Väntar på
 * betalning', 'Återbetalas', 'Återbetald', 'Återbetalning misslyckades'.
 * 'Obetald' for a Checkout that expired or was called off (no money came).
 */
export function paymentStatusLabel(payment: Pick<PaymentView, "status" | "method">): string {
  switch (payment.status) {
    case "paid":
      return payment.method ? `Betald (${PAYMENT_METHOD_WORDS[payment.method]})` : "Betald";
    case "open":
      return "Väntar på betalning";
    case "refund_pending":
      return "Återbetalas";
    case "refunded":
      return "Återbetald";
    case "refund_failed":
      return "Återbetalning misslyckades";
    case "expired":
    case "cancelled":
      return "Obetald";
  }
}

/** The label with the amount, and for a failed refund Stripe's error (staff only): one line for a CSV cell or a list. */
export function paymentStatusLine(payment: PaymentView): string {
  const label = `${paymentStatusLabel(payment)}, ${formatOre(payment.amountOre)}`;
  return payment.status === "refund_failed" && payment.refundError ? `${label} – ${payment.refundError}` : label;
}

/** The cancellation mail's sentence about a paid booking's money, by the method it was paid with. */
export function refundSentence(amountOre: number, method: PaymentMethodName | null): string {
  const amount = formatOre(amountOre);
  const where =
    method === "card" ? "till kortet du betalade med" : method === "swish" ? "till kontot du swishade från" : "på samma sätt som du betalade, med kort eller Swish";
  return `Du får tillbaka hela beloppet, ${amount}, ${where}. Återbetalningen är på väg och brukar synas inom några bankdagar.`;
}

/** Where a refund goes, as staff are told it: the money goes back the way it came. */
const REFUND_DESTINATIONS: Record<PaymentMethodName, string> = { card: "till kortet", swish: "till Swish" };

/**
 * What staff are told a cancellation does with a paid booking's money (the
 * Avboka question and its toast): '249 kr betalas tillbaka till kortet.',
 * '… till Swish.', or without a destination when the method is not known.
 */
export function staffRefundNote(amountOre: number, method: PaymentMethodName | null): string {
  const where = method ? ` ${REFUND_DESTINATIONS[method]}` : "";
  return `${formatOre(amountOre)} betalas tillbaka${where}.`;
}

/** The note for a booking about to be cancelled: only a paid payment is refunded (none, open or expired: null). */
export function cancelRefundNote(payment: Pick<PaymentView, "status" | "method" | "amountOre"> | null): string | null {
  return payment?.status === "paid" ? staffRefundNote(payment.amountOre, payment.method) : null;
}

/**
 * What releasing or cancelling a session pays back, for its question: every
 * paid booking, in full. 'Den betalda bokningen, 249 kr, betalas tillbaka i
 * sin helhet.' or 'De 2 betalda bokningarna, 498 kr i allt, …'; null when
 * none is paid.
 */
export function sessionRefundNote(rows: readonly Pick<PaymentView, "status" | "amountOre">[]): string | null {
  const paid = rows.filter((row) => row.status === "paid");
  if (paid.length === 0) return null;
  const total = formatOre(paid.reduce((sum, row) => sum + row.amountOre, 0));
  return paid.length === 1
    ? `Den betalda bokningen, ${total}, betalas tillbaka i sin helhet.`
    : `De ${paid.length} betalda bokningarna, ${total} i allt, betalas tillbaka i sin helhet.`;
}

/** A booking's payment as a list query reads it beside the booking (a LEFT JOIN: all null without a payment). */
export interface PaymentColumns {
  paymentStatus: PaymentStatus | null;
  paymentMethod: PaymentMethodName | null;
  paymentAmountOre: number | null;
  paymentRefundError: string | null;
}

/** The payment of a row read with PaymentColumns, or null when the booking has none (always, with PAYMENTS=off). */
export function paymentOf(row: Partial<PaymentColumns>): PaymentView | null {
  if (!row.paymentStatus || row.paymentAmountOre === null || row.paymentAmountOre === undefined) return null;
  return { status: row.paymentStatus, method: row.paymentMethod ?? null, amountOre: row.paymentAmountOre, refundError: row.paymentRefundError ?? null };
}

/** A session's money for staff: what came in, what went back, and what is still to go back. */
export interface SessionMoney {
  paidOre: number;
  refundedOre: number;
  owedOre: number;
}

/** The session's sums from its payments. */
export function sessionMoney(list: readonly Pick<PaymentView, "status" | "amountOre">[]): SessionMoney {
  const sum = (statuses: readonly PaymentStatus[]) => list.filter((p) => statuses.includes(p.status)).reduce((total, p) => total + p.amountOre, 0);
  return {
    paidOre: sum(["paid", "refund_pending", "refunded", "refund_failed"]),
    refundedOre: sum(["refunded"]),
    owedOre: sum(["refund_pending", "refund_failed"]),
  };
}

export const PAYMENT_TEXTS = {
  column: "Betalning",
  heading: "Betalningar",
  paid: "Betalt",
  refunded: "Återbetalt",
  owed: "Att återbetala",
  retry: "Försök återbetala igen",
  name: "Namn",
  amount: "Belopp",
  status: "Status",
  none: "Inga betalningar ännu.",
} as const;

/** One payment on a session's admin page. */
export interface SessionPaymentView {
  bookingId: string;
  userName: string;
  /** 'Avbokad' for a cancelled booking, else empty. */
  bookingNote: string;
  statusLabel: string;
  amountLabel: string;
  /** Stripe's error, for a refund that failed. */
  error: string | null;
  /** A failed refund staff can try again. */
  canRetry: boolean;
}

export interface SessionPaymentsView {
  paidLabel: string;
  refundedLabel: string;
  /** Shown only while something is still to go back. */
  owedLabel: string | null;
  rows: SessionPaymentView[];
}

export function toSessionPaymentsView(
  rows: readonly (PaymentView & { bookingId: string; userName: string; bookingStatus: string })[],
  money: SessionMoney,
): SessionPaymentsView {
  return {
    paidLabel: formatOre(money.paidOre),
    refundedLabel: formatOre(money.refundedOre),
    owedLabel: money.owedOre > 0 ? formatOre(money.owedOre) : null,
    rows: rows.map((row) => ({
      bookingId: row.bookingId,
      userName: row.userName,
      bookingNote: row.bookingStatus === "cancelled" ? "Avbokad" : "",
      statusLabel: paymentStatusLabel(row),
      amountLabel: formatOre(row.amountOre),
      error: row.status === "refund_failed" ? row.refundError : null,
      canRetry: row.status === "refund_failed",
    })),
  };
}

/** A refund that failed, as the admin menu's notice lists it. */
export interface FailedRefundView {
  bookingId: string;
  sessionId: number;
  userName: string;
  sessionTitle: string;
  amountOre: number;
  refundError: string | null;
}
