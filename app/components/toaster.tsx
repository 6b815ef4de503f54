/**
 * Shows the toast handed over by the root loader. Without JavaScript it is
 * simply part of the page; with JavaScript it disappears after 6 seconds.
 */
import { useEffect, useState } from "react";

export interface ToastView {
  type: "success" | "error" | "info";
  title: string;
  description?: string;
}

export const TOAST_DURATION_MS = 6_000;

export function Toaster({ toast }: { toast: ToastView | null }) {
  const [visible, setVisible] = useState<ToastView | null>(toast);

  useEffect(() => {
    setVisible(toast);
    if (!toast) return;
    const timer = setTimeout(() => setVisible(null), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  return (
    <div className="toaster" role="status" aria-live="polite">
      {visible ? (
        <div className={`toast toast-${visible.type}`} data-testid="toast">
          <strong>{visible.title}</strong>
          {visible.description ? <p>{visible.description}</p> : null}
        </div>
      ) : null}
    </div>
  );
}
