/**
 * The parts the admin content pages share (/admin/platser, /admin/team,
 * /admin/preppa): a list of rows in display order, each with 'Redigera', an
 * optional on/off button, move up/down and 'Ta bort' (a confirmation page of
 * its own), all plain links and form posts, so they work without JavaScript.
 */
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { CONTENT_ADMIN_TEXTS as T } from "~/domain/content-texts";
import type { ToastView } from "~/domain/toast";
import { Toaster } from "./toaster";

export type ContentRowView = {
  id: number;
  title: string;
  badge?: string | null;
  meta?: string | null;
  text?: string | null;
  /** The on/off button's intent and label, if the row has one. */
  toggle?: { intent: string; label: string } | null;
};

export const rowAnchor = (prefix: string, id: number) => `${prefix}-${id}`;

export function ContentRows({
  heading,
  path,
  anchorPrefix,
  rows,
  empty,
}: {
  heading: string;
  path: string;
  anchorPrefix: string;
  rows: readonly ContentRowView[];
  empty: string;
}) {
  const headingId = `${anchorPrefix}-list-heading`;
  return (
    <section aria-labelledby={headingId} className="content-list">
      <h2 id={headingId}>{heading}</h2>
      {rows.length === 0 ? <p>{empty}</p> : null}
      <ol className="content-rows">
        {rows.map((row, index) => (
          <li key={row.id} id={rowAnchor(anchorPrefix, row.id)} className="card content-row" data-testid={rowAnchor(anchorPrefix, row.id)}>
            <div className="content-row-text">
              <h3>
                {row.title} {row.badge ? <span className="badge">{row.badge}</span> : null}
              </h3>
              {row.meta ? <p className="muted">{row.meta}</p> : null}
              {row.text ? <p>{row.text}</p> : null}
            </div>
            <div className="content-row-actions">
              <Link to={`${path}?rad=${row.id}`} className="button secondary" aria-label={`${T.edit} ${row.title}`}>
                {T.edit}
              </Link>
              {row.toggle ? <RowButton id={row.id} intent={row.toggle.intent} label={row.toggle.label} name={row.title} /> : null}
              {index > 0 ? <RowButton id={row.id} intent="up" label={T.moveUp} name={row.title} /> : null}
              {index < rows.length - 1 ? <RowButton id={row.id} intent="down" label={T.moveDown} name={row.title} /> : null}
              <Link to={`${path}?rad=${row.id}&atgard=ta-bort`} className="button danger" aria-label={`${T.delete} ${row.title}`}>
                {T.delete}
              </Link>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function RowButton({ id, intent, label, name }: { id: number; intent: string; label: string; name: string }) {
  return (
    <Form method="post" className="inline-form">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={String(id)} />
      <button type="submit" className="button secondary" aria-label={`${label} ${name}`}>
        {label}
      </button>
    </Form>
  );
}

/** The step before a delete: the question and 'Ja, ta bort', or why it cannot be deleted. */
export function ContentDeleteConfirmation({
  id,
  heading,
  question,
  refusal,
  cancelHref,
}: {
  id: number;
  heading: string;
  question: string;
  /** Set when the row cannot be deleted: the reason, instead of the button. */
  refusal: ReactNode | null;
  cancelHref: string;
}) {
  return (
    <div className="card content-confirm" role="group" aria-labelledby="delete-heading">
      <h2 id="delete-heading">{heading}</h2>
      {refusal ? <p>{refusal}</p> : <p>{question}</p>}
      <Form method="post" className="button-row">
        {refusal ? null : (
          <>
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={String(id)} />
            <button type="submit" className="button danger">
              {T.deleteConfirm}
            </button>
          </>
        )}
        <Link to={cancelHref} className="button secondary">
          {T.cancel}
        </Link>
      </Form>
    </div>
  );
}

/** What orderedContentLoader (app/server/content/ordered-content-route.server.ts) gives its page. */
export type OrderedContentData<Defaults> = {
  rows: ContentRowView[] | null;
  editing: { id: number; label: string } | null;
  confirmDelete: { id: number; label: string } | null;
  defaults: Defaults;
  toast: ToastView | null;
};

/**
 * The page of an ordered content list (/admin/team, /admin/preppa): the
 * heading and intro, then the delete confirmation, or the list and the form
 * (the form first while a row is edited). The form is the page's own.
 */
export function OrderedContentPage<Defaults>({
  loaded,
  toast,
  path,
  anchor,
  texts,
  form,
}: {
  loaded: OrderedContentData<Defaults>;
  toast: ToastView | null;
  path: string;
  anchor: string;
  texts: { heading: string; intro: string; listHeading: string; empty: string; deleteHeading: string; deleteQuestion: (label: string) => string };
  form: ReactNode;
}) {
  const list = loaded.rows ? (
    <ContentRows heading={texts.listHeading} path={path} anchorPrefix={anchor} rows={loaded.rows} empty={texts.empty} />
  ) : null;
  return (
    <section className="admin-page content-admin-page" aria-labelledby="content-heading">
      <Toaster page toast={toast} />
      <p className="admin-back">
        <Link to="/admin" className="back-link">
          ← {T.backToAdmin}
        </Link>
      </p>
      <h1 id="content-heading">{texts.heading}</h1>
      <p>{texts.intro}</p>
      {loaded.confirmDelete ? (
        <ContentDeleteConfirmation
          id={loaded.confirmDelete.id}
          heading={texts.deleteHeading}
          question={texts.deleteQuestion(loaded.confirmDelete.label)}
          refusal={null}
          cancelHref={`${path}#${rowAnchor(anchor, loaded.confirmDelete.id)}`}
        />
      ) : (
        <>
          {loaded.editing ? null : list}
          {form}
          {loaded.editing ? list : null}
        </>
      )}
    </section>
  );
}
