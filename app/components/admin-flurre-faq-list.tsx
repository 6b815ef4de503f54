/**
 * The FAQ rows of /admin/flurre, newest first: question, answer (plain text,
 * its line breaks kept), links and when it was last changed, with 'Redigera'
 * and 'Ta bort'. Deleting asks first: without JavaScript 'Ta bort' is a link
 * to its confirmation step (`?flik=faq&atgard=ta-bort&rad=ID`), once hydrated
 * a button that asks in a <dialog>; both post the same form. Everything a
 * row says is rendered as text.
 */
import { Form, Link, useNavigation } from "@remix-run/react";
import { useId, type ReactNode } from "react";
import { FAQ_DELETE_TEXTS, FAQ_LIST_TEXTS as T, FLURRE_ADMIN_PATH } from "~/domain/admin-flurre-texts";
import type { FlurreLink } from "~/domain/flurre/answer";
import { ConfirmTrigger } from "./confirm-trigger";

export interface FaqRowView {
  id: number;
  question: string;
  answer: string;
  links: FlurreLink[];
  updatedAt: string;
  updatedLabel: string;
}

export const FAQ_TAB_PATH = `${FLURRE_ADMIN_PATH}?flik=faq`;
export const faqEditHref = (id: number) => `${FAQ_TAB_PATH}&rad=${id}`;
export const faqDeleteHref = (id: number) => `${FAQ_TAB_PATH}&atgard=ta-bort&rad=${id}`;
/** The element id of a row's card, for the link back to it after a save. */
export const faqRowAnchor = (id: number) => `faq-rad-${id}`;

/** A link of a row: site paths stay on the site, https addresses open as they are. */
function RowLink({ link }: { link: FlurreLink }) {
  if (link.href.startsWith("/")) return <Link to={link.href}>{link.label}</Link>;
  return (
    <a href={link.href} rel="noopener noreferrer">
      {link.label}
    </a>
  );
}

export function FaqList({ rows, more, savedId }: { rows: FaqRowView[]; more: boolean; savedId: number | null }) {
  return (
    <section className="faq-list" aria-labelledby="faq-list-heading">
      <h2 id="faq-list-heading">{T.heading}</h2>
      {rows.length === 0 ? (
        <p>{T.empty}</p>
      ) : (
        <>
          {more ? <p className="field-hint">{T.capped(rows.length)}</p> : null}
          <ul className="faq-rows">
            {rows.map((row) => (
              <li key={row.id}>
                <FaqRowCard row={row} saved={row.id === savedId} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function FaqRowCard({ row, saved }: { row: FaqRowView; saved: boolean }) {
  const titleId = `faq-${row.id}-title`;
  return (
    <article
      id={faqRowAnchor(row.id)}
      className={saved ? "card faq-row faq-row-saved" : "card faq-row"}
      aria-labelledby={titleId}
      data-testid={`faq-${row.id}`}
    >
      <h3 id={titleId}>{row.question}</h3>
      <dl className="faq-facts">
        <dt>{T.answer}</dt>
        <dd className="faq-answer">{row.answer}</dd>
        <dt>{T.links}</dt>
        <dd>
          {row.links.length === 0 ? (
            T.noLinks
          ) : (
            <ul className="faq-links">
              {row.links.map((link, index) => (
                <li key={index}>
                  <RowLink link={link} /> <span className="faq-href">{link.href}</span>
                </li>
              ))}
            </ul>
          )}
        </dd>
        <dt>{T.updated}</dt>
        <dd>
          <time dateTime={row.updatedAt}>{row.updatedLabel}</time>
        </dd>
      </dl>
      <ul className="card-actions button-row" aria-label={T.actionsLabel(row.question)}>
        <li>
          <Link to={faqEditHref(row.id)} className="button secondary">
            {T.edit}
          </Link>
        </li>
        <li>
          <FaqDeleteButton row={row} />
        </li>
      </ul>
    </article>
  );
}

/** The delete form: the question it asks, the row's question, and the confirming button. */
export function FaqDeleteForm({
  row,
  cancel,
  onSubmit,
}: {
  row: Pick<FaqRowView, "id" | "question">;
  /** The way out: a link back, or a button that closes a dialog. */
  cancel: ReactNode;
  onSubmit?: () => void;
}) {
  const navigation = useNavigation();
  const questionId = `${useId()}-question`;
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "delete";
  return (
    <Form method="post" action={FAQ_TAB_PATH} className="confirm-box" aria-labelledby={questionId} onSubmit={onSubmit}>
      <p id={questionId}>
        <strong>{row.question}</strong>: {FAQ_DELETE_TEXTS.question}
      </p>
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="id" value={String(row.id)} />
      <div className="button-row">
        <button type="submit" className="button danger" disabled={busy}>
          {FAQ_DELETE_TEXTS.confirm}
        </button>
        {cancel}
      </div>
    </Form>
  );
}

/** 'Ta bort' on a row: a link to the confirmation step, or (hydrated) a dialog. */
function FaqDeleteButton({ row }: { row: FaqRowView }) {
  return (
    <ConfirmTrigger label={T.delete} confirmHref={faqDeleteHref(row.id)}>
      {(close) => (
        <FaqDeleteForm
          row={row}
          onSubmit={close}
          cancel={
            <button type="button" className="button secondary" onClick={close}>
              {FAQ_DELETE_TEXTS.cancel}
            </button>
          }
        />
      )}
    </ConfirmTrigger>
  );
}
