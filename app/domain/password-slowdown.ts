// The wait before a staff password is checked, growing with the account's
// recent failed attempts: a guesser's every try costs more, while the owner,
// on any network, can still sign in (at worst a few seconds later). Nobody
// is locked out; the per-network limits stop the guesser.

/** Failures in the window that cost nothing: anyone mistypes. */
export const FREE_PASSWORD_FAILURES = 3;
/** The first wait after the free failures, doubled by each further one. */
export const FIRST_PASSWORD_DELAY_MS = 250;
/** The longest wait, however many failures. */
export const MAX_PASSWORD_DELAY_MS = 3_000;

/** How long to wait before checking a password for an account with `failures` recent failures. */
export function passwordDelayMs(failures: number): number {
  if (failures <= FREE_PASSWORD_FAILURES) return 0;
  return Math.min(MAX_PASSWORD_DELAY_MS, FIRST_PASSWORD_DELAY_MS * 2 ** (failures - FREE_PASSWORD_FAILURES - 1));
}
