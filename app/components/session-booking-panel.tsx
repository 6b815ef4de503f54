/**
 * The booking panel of a session's page: the booking form while the session
 * can be booked, the queue form when it is full, or why it cannot be booked
 * (cancelled, started). The page works out which; this draws it.
 */
import type { SubmissionResult } from "@conform-to/react";
import { Link } from "@remix-run/react";
import { BOOKING_TEXTS } from "~/domain/booking-texts";
import type { BookingFormDefaults, BookingRules } from "~/domain/schemas/booking";
import type { ToastView } from "~/domain/toast";
import { WAITLIST_TEXTS } from "~/domain/waitlist-texts";
import { BookingForm } from "./booking-form";
import { WaitlistForm } from "./waitlist-form";

/** open: the form; full: the queue; full-started: full and begun; started; cancelled. */
export type BookingPanelState = "open" | "full" | "full-started" | "started" | "cancelled";

export function BookingPanel({
  state,
  heldNote,
  sessionId,
  isGroup,
  bookingResult,
  waitlistResult,
  toast,
  rules,
  snapshot,
  renderedAt,
  idempotencyKey,
  paymentNote,
  refill,
  cardCode = false,
}: {
  state: BookingPanelState;
  /** Seats held for people in the queue, in words, or null. */
  heldNote: string | null;
  sessionId: number;
  isGroup: boolean;
  bookingResult: SubmissionResult<string[]> | undefined;
  waitlistResult: SubmissionResult<string[]> | undefined;
  toast: ToastView | null | undefined;
  rules: BookingRules;
  snapshot: string;
  renderedAt: string;
  idempotencyKey: string;
  /** While the site takes payment at booking: what happens when the form is sent. */
  paymentNote: string | null;
  /** The form as this browser sent it before its payment ended unpaid: the values to start from. */
  refill?: BookingFormDefaults | null;
  /** The form takes a card's code (the session has a price). */
  cardCode?: boolean;
}) {
  switch (state) {
    case "cancelled":
      return <Closed heading={BOOKING_TEXTS.cancelledPage} testId="session-cancelled" />;
    case "full":
      return (
        <div className="booking-closed" data-testid="session-full">
          <h2 id="booking-heading">{BOOKING_TEXTS.fullPage}</h2>
          {heldNote ? <p data-testid="held-note">{heldNote}</p> : null}
          <h3 id="ko">{WAITLIST_TEXTS.heading}</h3>
          <p className="booking-lead">{WAITLIST_TEXTS.lead}</p>
          <WaitlistForm lastResult={waitlistResult} renderedAt={renderedAt} />
          <p>
            Det finns fler pass att välja bland. <Link to="/alla-popups">Visa alla pass</Link>
          </p>
        </div>
      );
    case "full-started":
      return <Closed heading={BOOKING_TEXTS.fullPage} lead="Det finns fler pass att välja bland." testId="session-full" />;
    case "started":
      return <Closed heading={BOOKING_TEXTS.started} />;
    case "open":
      return (
        <>
          <h2 id="booking-heading">Boka passet</h2>
          <p className="booking-lead">Fyll i dina och din hunds uppgifter. Fält markerade med * måste fyllas i.</p>
          <BookingForm
            key={sessionId}
            lastResult={bookingResult}
            toast={toast}
            rules={rules}
            snapshot={snapshot}
            renderedAt={renderedAt}
            idempotencyKey={idempotencyKey}
            isGroup={isGroup}
            paymentNote={paymentNote}
            defaultValue={refill ?? undefined}
            cardCode={cardCode}
          />
        </>
      );
  }
}

/** Why the session cannot be booked, and the way on to the other sessions. */
function Closed({ heading, lead, testId }: { heading: string; lead?: string; testId?: string }) {
  return (
    <div className="booking-closed" data-testid={testId}>
      <h2 id="booking-heading">{heading}</h2>
      {lead ? <p>{lead}</p> : null}
      <Link to="/alla-popups" className="button">
        Visa alla pass
      </Link>
    </div>
  );
}
