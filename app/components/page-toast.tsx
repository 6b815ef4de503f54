/**
 * A toast that belongs to the page's own data rather than the flash cookie:
 * used where nothing redirects (a list that failed to load, a form that could
 * not be sent). Looks like the shell's toasts; shows without JavaScript and
 * fades after the usual 6 seconds with it.
 */
import { useEffect, useState } from "react";

export type PageToastView = { type: "success" | "error" | "info"; title: string; description?: string };

const PAGE_TOAST_MS = 6_000;

export function PageToast({ toast }: { toast: PageToastView | null | undefined }) {
  const [visible, setVisible] = useState(toast ?? null);

  useEffect(() => {
    setVisible(toast ?? null);
    if (!toast) return;
    const timer = setTimeout(() => setVisible(null), PAGE_TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  if (!visible) return null;
  return (
    <div className="toaster page-toaster" role={visible.type === "error" ? "alert" : "status"}>
      <div className={`toast toast-${visible.type}`} data-testid="toast">
        <strong>{visible.title}</strong>
        {visible.description ? <p>{visible.description}</p> : null}
      </div>
    </div>
  );
}
