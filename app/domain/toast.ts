// What a toast says: the shell's (from the flash cookie) and a page's own
// (a failed load, a refused form) are the same thing.
export interface ToastView {
  type: "success" | "error" | "info";
  title: string;
  description?: string;
}

/** How long a toast stays when JavaScript runs (spec section 9). */
export const TOAST_DURATION_MS = 6_000;
