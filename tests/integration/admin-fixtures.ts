// Shared steps of the admin integration tests: booking a session to n
// participants through its SessionSeats object, posting an admin form
// through the Worker, and reading the toast a redirect carries.
import { getCookies } from "../../app/server/platform/cookies.server";
import { seatsFor } from "../../app/server/seats/seats.server";
import { fetchAndSettle } from "./auth-helpers";
import { config, seatInput } from "./booking-fixtures";
import { testContext } from "./helpers";

/** Books `n` seats on session `id` as customers `{tag}-0` … (`seatInput` names their addresses); returns the booking ids. */
export async function bookMany(id: number, n: number, tag = `s${id}`) {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const r = await seatsFor(testContext(), id).book(seatInput(`${tag}-${i}`));
    if (r.status !== "booked") throw new Error(`setup booking ${i}: ${r.status}`);
    ids.push(r.booking.id);
  }
  return ids;
}

/**
 * A form POST as the admin's browser sends it: with the one-time key a create
 * form carries (a fresh one unless the fields name their own; other forms
 * ignore it).
 */
export function post(path: string, fields: Record<string, string>, cookie: string) {
  return fetchAndSettle(path, {
    method: "POST",
    body: new URLSearchParams({ form_key: crypto.randomUUID(), ...fields }),
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
  });
}

/** The toast a response's flash cookie carries, or null. */
export async function toastOf(res: Response) {
  const header = res.headers.getSetCookie().find((c) => c.startsWith("hp_toast="));
  return header ? getCookies(config()).toast.parse(header.split(";")[0]!) : null;
}
