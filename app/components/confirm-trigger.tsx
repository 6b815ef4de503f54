/**
 * The button of an admin change that is asked about first. Without JavaScript
 * it is a link to the change's own confirmation step (a page that asks and
 * posts); once the page is hydrated it is a button that asks in a modal
 * <dialog>, whose content (the same confirmation form) `children` renders
 * with a way to close it. Either way the change is one real form POST.
 */
import { Link } from "@remix-run/react";
import { useRef, type ReactNode } from "react";
import { useHydrated } from "./use-hydrated";

export function ConfirmTrigger({
  label,
  confirmHref,
  disabled = false,
  children,
}: {
  label: string;
  /** The confirmation step for visitors without JavaScript. */
  confirmHref: string;
  disabled?: boolean;
  /** The dialog's content, given the function that closes the dialog. */
  children: (close: () => void) => ReactNode;
}) {
  const hydrated = useHydrated();
  const dialog = useRef<HTMLDialogElement>(null);
  if (disabled) {
    return (
      <button type="button" className="button secondary" disabled>
        {label}
      </button>
    );
  }
  if (!hydrated) {
    return (
      <Link to={confirmHref} className="button secondary">
        {label}
      </Link>
    );
  }
  const close = () => dialog.current?.close();
  return (
    <>
      <button type="button" className="button secondary" onClick={() => dialog.current?.showModal()}>
        {label}
      </button>
      <dialog ref={dialog} className="confirm-dialog" aria-label={label}>
        {children(close)}
      </dialog>
    </>
  );
}
