// A customer's mail budget is theirs: a stranger who asks for sign-in links
// and staff sign-ups in the customer's name, from five networks, spends only
// the small budget of mail anyone can ask for. The customer's own second
// booking is confirmed and its confirmation queued; the repeated sign-in
// requests sent one link, which still works.
import { env } from "cloudflare:workers";
import { beforeAll, expect, it } from "vitest";
import { UNASKED_MAIL_LIMIT } from "~/server/email/outbox.server";
import { mailTo, postForm, requestLink, seedDemoData, submitToken, latestLink } from "./auth-helpers";
import { bookingForm, createSession, postBooking } from "./booking-fixtures";

const CUSTOMER = "kund.med.budget@example.se";
const STRANGER_NETWORKS = ["203.0.113.10", "203.0.113.20", "198.51.100.30", "192.0.2.40", "2001:db8:50::1"];

beforeAll(async () => {
  await seedDemoData();
});

async function book(sessionId: number) {
  const res = await postBooking(
    sessionId,
    await bookingForm({ user_email: CUSTOMER, user_email_confirm: CUSTOMER, user_name: "Kim Kund" }),
    "198.51.100.99",
  );
  return { status: res.status, location: res.headers.get("Location") };
}

async function confirmations() {
  return (await mailTo(CUSTOMER)).filter((m) => m.kind === "booking-confirmation");
}

it("confirms and mails the customer's second booking after a stranger spent every request in their name", async () => {
  const first = await createSession({ maxParticipants: 5 });
  const second = await createSession({ maxParticipants: 5 });

  expect(await book(first)).toEqual({ status: 302, location: "/mina-bokningar" });
  expect(await confirmations()).toHaveLength(1);

  // The stranger: five sign-in link requests and five staff sign-ups for the customer's address.
  for (const ip of STRANGER_NETWORKS) {
    expect((await requestLink(CUSTOMER, ip)).status).toBe(302);
    const signup = await postForm("/registrera", { email: CUSTOMER, password: "ett långt lösenord 123", display_name: "" }, { ip });
    expect(signup.status).toBe(302);
  }
  const strangerMail = (await mailTo(CUSTOMER)).filter((m) => m.kind !== "booking-confirmation");
  expect(strangerMail.filter((m) => m.kind === "sign-in-link")).toHaveLength(1);
  expect(strangerMail.length).toBeLessThanOrEqual(UNASKED_MAIL_LIMIT.limit);

  // The customer's own booking goes through, with its mail.
  expect(await book(second)).toEqual({ status: 302, location: "/mina-bokningar" });
  const mailed = await confirmations();
  expect(mailed).toHaveLength(2);
  const booked = await env.DB.prepare("SELECT session_id FROM bookings WHERE user_email = ? AND booking_status = 'confirmed' ORDER BY session_id")
    .bind(CUSTOMER)
    .all<{ session_id: number }>();
  expect(booked.results.map((r) => r.session_id)).toEqual([first, second]);

  // The one link sent still signs the customer in.
  const { token, purpose } = await latestLink(CUSTOMER);
  const signedIn = await submitToken(token, purpose);
  expect(signedIn.status).toBe(302);
  expect(signedIn.headers.get("Location")).toBe("/mina-bokningar/lista");
});
