/**
 * Shows a toast: the shell's (handed over by the root loader from the flash
 * cookie) or a page's own (its loader's or action's data, where nothing
 * redirects). Without JavaScript it is simply part of the page; with
 * JavaScript it disappears after 6 seconds (or the toast's own duration). A page's error (nothing else on
 * the page says it) is announced at once.
 *
 * The CSS that lets a toast leave without JavaScript runs once per element,
 * from the moment it is added: each toast is therefore a new element (a key
 * per toast), or a second toast within the first one's time would take over
 * its finished animation and never be seen; and the animation waits the
 * toast's own duration.
 */
import { useEffect, useRef, useState } from "react";
import { TOAST_DURATION_MS, type ToastView } from "~/domain/toast";

export type { ToastView };

export function Toaster({ toast, page = false }: { toast: ToastView | null | undefined; page?: boolean }) {
  const [visible, setVisible] = useState<ToastView | null>(toast ?? null);
  const [shown, setShown] = useState(0);
  // The server's toast keeps its element (and its animation) through hydration.
  const first = useRef(toast);

  useEffect(() => {
    setVisible(toast ?? null);
    if (!toast) return;
    if (toast !== first.current) setShown((n) => n + 1);
    const timer = setTimeout(() => setVisible(null), toast.durationMs ?? TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  return (
    <div
      className={page ? "toaster page-toaster" : "toaster"}
      role={page && visible?.type === "error" ? "alert" : "status"}
    >
      {visible ? (
        <div
          key={shown}
          className={`toast toast-${visible.type}`}
          data-testid="toast"
          style={visible.durationMs ? { animationDelay: `${visible.durationMs}ms` } : undefined}
        >
          <strong>{visible.title}</strong>
          {visible.description ? <p>{visible.description}</p> : null}
        </div>
      ) : null}
    </div>
  );
}
