/**
 * A confirmation step that has a URL of its own, shown as a modal <dialog>
 * once the page is hydrated: it opens when the step's page renders, and
 * Escape (or the step's own way out, a link) goes back to `closeTo`. Without
 * JavaScript the same step is the page itself, so this is only used hydrated.
 */
import { useNavigate } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";

export function RoutedDialog({
  label,
  closeTo,
  className,
  children,
}: {
  label: string;
  closeTo: string;
  className?: string;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  useEffect(() => {
    if (dialog.current && !dialog.current.open) dialog.current.showModal();
  }, []);
  return (
    <dialog
      ref={dialog}
      className={className}
      aria-label={label}
      onCancel={(event) => {
        // Escape leaves the step by its URL, as the way out does, rather than hiding it in place.
        event.preventDefault();
        navigate(closeTo, { preventScrollReset: true });
      }}
    >
      {children}
    </dialog>
  );
}
