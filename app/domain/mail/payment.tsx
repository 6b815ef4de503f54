// The mail a customer gets when their payment arrived after their seat's
// hold had ended and the seat could not be theirs: taken by someone else
// ("taken"), or the booking or session cancelled by staff, or the session
// begun ("closed"). No booking, and the whole amount on its way back. Pure.
import { formatKr } from "../price";
import { formatSessionDate, formatTimeRange } from "../time";
import { MailLayout } from "./components/layout";
import { renderMailDocument } from "./components/render";
import { BookingClosing, bookingClosingText, Paragraph } from "./components/text";
import type { CancelledBooking } from "./cancellation";
import type { MailMessage, MailSite } from "./message";

/** Once per booking, however often Stripe says it was paid. */
export const latePaymentMailKey = (bookingId: string) => `late-payment-refund:${bookingId}`;

export function latePaymentRefundMail(
  site: MailSite & { adminEmail: string },
  booking: CancelledBooking,
  amountOre: number,
  why: "taken" | "closed",
): MailMessage {
  const when = formatSessionDate(booking.sessionStartTime);
  const subject =
    why === "taken" ? `Platsen hann gå till någon annan: ${booking.sessionTitle} ${when}` : `Din betalning betalas tillbaka: ${booking.sessionTitle} ${when}`;
  const what = `${booking.sessionTitle}, ${when} (${formatTimeRange(booking.sessionStartTime, booking.sessionEndTime)}), ${booking.sessionLocation}`;
  const amount = formatKr(amountOre / 100);
  const lead =
    why === "taken"
      ? `Din betalning för passet ${what} kom fram först efter att reservationen av platsen hade gått ut, och då hade platsen redan bokats av någon annan. Du är därför inte bokad på passet.`
      : `Din betalning för passet ${what} kom fram först när bokningen inte längre gick att genomföra – den var avbokad, eller passet var inställt eller hade börjat. Du är därför inte bokad på passet.`;
  const back = `Hela beloppet, ${amount}, betalas tillbaka till dig på samma sätt som du betalade. Det brukar synas inom några bankdagar.`;
  const sorry = "Vi ber om ursäkt för besväret. Titta gärna efter ett annat pass – svara på det här mejlet om du har frågor.";
  const text = [`Hej ${booking.userName}!`, "", lead, "", back, "", sorry, ...bookingClosingText(booking.id)].join("\n");
  const html = renderMailDocument(
    <MailLayout title={subject} preview={back}>
      <Paragraph>Hej {booking.userName}!</Paragraph>
      <Paragraph>{lead}</Paragraph>
      <Paragraph>{back}</Paragraph>
      <Paragraph>{sorry}</Paragraph>
      <BookingClosing bookingId={booking.id} />
    </MailLayout>,
  );
  return {
    kind: "payment-late-refund",
    to: booking.userEmail,
    replyTo: site.adminEmail,
    subject,
    text,
    html,
    idempotencyKey: latePaymentMailKey(booking.id),
  };
}
