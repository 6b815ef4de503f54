/**
 * The step before ending a card on /admin/kort (`?kort=ID&atgard=sparra` or
 * `aterbetala`): the question and its confirming button ('Ja, spärra
 * kortet', 'Ja, kortet är återbetalt'), or why it cannot be done, with a way
 * back to the card. A plain form post, so it works without JavaScript.
 */
import { Form, Link } from "@remix-run/react";
import { CARD_TEXTS as T, CARDS_PATH } from "~/domain/cards/card-texts";
import { cardAnchor, type CardConfirmStep } from "~/domain/cards/card-view";

const STEP_TEXTS = {
  void: { heading: T.voidHeading, confirm: T.voidConfirm, className: "button danger" },
  refund: { heading: T.refundHeading, confirm: T.refundConfirm, className: "primary" },
} as const;

export function CardConfirmation({ step }: { step: CardConfirmStep }) {
  const texts = STEP_TEXTS[step.action];
  const headingId = `${step.action}-heading`;
  return (
    <div className="card content-confirm" role="group" aria-labelledby={headingId}>
      <h2 id={headingId}>{texts.heading}</h2>
      <p>{step.question ?? step.refusal}</p>
      <Form method="post" className="button-row">
        {step.question === null ? null : (
          <>
            <input type="hidden" name="intent" value={step.action} />
            <input type="hidden" name="id" value={String(step.id)} />
            <button type="submit" className={texts.className}>
              {("confirm" in step && step.confirm) || texts.confirm}
            </button>
          </>
        )}
        <Link to={`${CARDS_PATH}#${cardAnchor(step.id)}`} className="button secondary">
          {T.cancel}
        </Link>
      </Form>
    </div>
  );
}
