// What a toast says: the shell's (from the flash cookie) and a page's own
// (a failed load, a refused form) are the same thing.
export interface ToastView {
  type: "success" | "error" | "info";
  title: string;
  description?: string;
  /** How long it stays when JavaScript runs, if not the usual TOAST_DURATION_MS. */
  durationMs?: number;
}

/** How long a toast stays when JavaScript runs (spec section 9). */
export const TOAST_DURATION_MS = 6_000;
/** The confirmation that a campaign's sending has started stays longer (spec section 9). */
export const SENDING_TOAST_DURATION_MS = 8_000;
/** The thanks for a problem report stays a shorter while (spec section 9). */
export const PROBLEM_THANKS_TOAST_DURATION_MS = 5_000;
