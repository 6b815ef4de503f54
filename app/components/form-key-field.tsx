/**
 * The staff create forms' one-time key field, apart from the public forms'
 * shared components so the public pages' first load does not carry it.
 */
import { useActionData } from "@remix-run/react";
import { FORM_KEY_FIELD, parseFormKey } from "~/domain/form-key";

/**
 * The one-time key a create form carries (~/domain/form-key): the one the
 * page was drawn with, or, when a post comes back with errors, the one that
 * post carried, so the corrected post still counts as the same submission.
 */
export function useFormKey(drawnKey: string): string {
  const actionData = useActionData() as { result?: { initialValue?: Record<string, unknown> | null } } | undefined;
  return parseFormKey(actionData?.result?.initialValue?.[FORM_KEY_FIELD]) ?? drawnKey;
}

/** The create form's one-time key, as a hidden field. */
export function FormKeyField({ drawnKey }: { drawnKey: string }) {
  const key = useFormKey(drawnKey);
  return <input type="hidden" name={FORM_KEY_FIELD} value={key} />;
}
