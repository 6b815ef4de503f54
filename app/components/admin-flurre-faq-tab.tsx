/**
 * The FAQ tab of /admin/flurre: the FAQ form (a new row, an answer to an
 * unanswered question, or an edit) and the rows, or the step that asks
 * before a row is deleted.
 */
import type { SubmissionResult } from "@conform-to/react";
import { Link } from "@remix-run/react";
import { FAQ_DELETE_TEXTS } from "~/domain/admin-flurre-texts";
import { FaqForm, type FaqFormValues } from "./admin-flurre-faq-form";
import { FAQ_TAB_PATH, FaqDeleteForm, FaqList, type FaqRowView } from "./admin-flurre-faq-list";
import { UNANSWERED_TAB_PATH } from "./admin-flurre-unanswered";

export interface FaqTabData {
  tab: "faq";
  rows: FaqRowView[] | null;
  more: boolean;
  editId: number | null;
  answering: { id: number; count: number } | null;
  formDefaults: FaqFormValues;
  /** Changes with every save, so the form starts afresh after one. */
  formKey: string;
  /** A new row's one-time key (~/domain/form-key); null while a row is edited. */
  createKey: string | null;
  savedId: number | null;
  confirmDelete: Pick<FaqRowView, "id" | "question"> | null;
}

export function FaqTab({ page, result }: { page: FaqTabData; result: SubmissionResult<string[]> | null }) {
  if (page.confirmDelete) {
    return (
      <div className="flurre-admin-confirm">
        <h2>{FAQ_DELETE_TEXTS.heading}</h2>
        <FaqDeleteForm
          row={page.confirmDelete}
          cancel={
            <Link to={FAQ_TAB_PATH} className="button secondary">
              {FAQ_DELETE_TEXTS.cancel}
            </Link>
          }
        />
      </div>
    );
  }
  return (
    <>
      <FaqForm
        key={page.formKey}
        editId={page.editId}
        answering={page.answering}
        defaults={page.formDefaults}
        createKey={page.createKey}
        lastResult={result}
        cancelHref={page.answering ? UNANSWERED_TAB_PATH : FAQ_TAB_PATH}
      />
      {page.rows === null ? null : <FaqList rows={page.rows} more={page.more} savedId={page.savedId} />}
    </>
  );
}
