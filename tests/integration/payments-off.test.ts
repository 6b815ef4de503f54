// With PAYMENTS=off (this suite's setting) nothing of paying at booking runs:
// a priced booking is confirmed at once with its mails, no payment row is
// written, and the return page does not exist.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { bookingForm, createSession, postBooking } from "./booking-fixtures";

describe("payments off", () => {
  it("books a priced session at once, with its confirmation, and takes no payment", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const id = await createSession({ priceSek: 450 });
    const res = await postBooking(id, await bookingForm({ user_email: "av@example.se", user_email_confirm: "av@example.se" }));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/mina-bokningar");
    const booking = await env.DB.prepare("SELECT id, booking_status FROM bookings WHERE user_email = 'av@example.se'").first<{ id: string; booking_status: string }>();
    expect(booking?.booking_status).toBe("confirmed");
    expect(await env.DB.prepare("SELECT count(*) AS n FROM payments").first("n")).toBe(0);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM email_outbox WHERE to_address = 'av@example.se' AND kind = 'booking-confirmation'").first("n")).toBe(1);
    expect(fetchSpy.mock.calls.some(([input]) => String(input instanceof Request ? input.url : input).includes("stripe"))).toBe(false);

    const page = await exports.default.fetch(`http://localhost/session/${id}/betalning/${booking!.id}?cs=cs_test_x`, { redirect: "manual" });
    expect(page.status).toBe(404);
    fetchSpy.mockRestore();
  });
});
