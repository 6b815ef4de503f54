/**
 * Shows a toast: the shell's (handed over by the root loader from the flash
 * cookie) or a page's own (its loader's or action's data, where nothing
 * redirects). Without JavaScript it is simply part of the page; with
 * JavaScript it disappears after 6 seconds (or the toast's own duration). A page's error (nothing else on
 * the page says it) is announced at once.
 */
import { useEffect, useState } from "react";
import { TOAST_DURATION_MS, type ToastView } from "~/domain/toast";

export type { ToastView };

export function Toaster({ toast, page = false }: { toast: ToastView | null | undefined; page?: boolean }) {
  const [visible, setVisible] = useState<ToastView | null>(toast ?? null);

  useEffect(() => {
    setVisible(toast ?? null);
    if (!toast) return;
    const timer = setTimeout(() => setVisible(null), toast.durationMs ?? TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  return (
    <div
      className={page ? "toaster page-toaster" : "toaster"}
      role={page && visible?.type === "error" ? "alert" : "status"}
    >
      {visible ? (
        <div className={`toast toast-${visible.type}`} data-testid="toast">
          <strong>{visible.title}</strong>
          {visible.description ? <p>{visible.description}</p> : null}
        </div>
      ) : null}
    </div>
  );
}
