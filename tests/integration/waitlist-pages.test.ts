// The waitlist through the real worker: the queue form on a full session's
// page, the hold link that books the held seat, declining, leaving, and the
// honest seat counts on public and admin pages.
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { BOOKING_MESSAGES } from "../../app/domain/schemas/booking";
import { WAITLIST_SERVER_TEXTS, HOLD_TEXTS, LEAVE_TEXTS } from "../../app/domain/waitlist";
import { formRenderedAt } from "../../app/server/forms/bot-check.server";
import { seatsFor } from "../../app/server/seats/seats.server";
import { toastOf } from "./admin-fixtures";
import { bookingForm, config, createSession, postBooking } from "./booking-fixtures";
import { signInAs, testContext } from "./helpers";
import { insertCardProducts, sellTestCard } from "./card-fixtures";
import { entries, fullSession, joinQueue, lapseHolds, mailsTo, offerTokenOf, seats } from "./waitlist-fixtures";

const get = (path: string, headers: Record<string, string> = {}) =>
  exports.default.fetch(`http://localhost${path}`, { redirect: "manual", headers });

let ip = 0;
const nextIp = () => `10.9.${Math.floor(++ip / 250) % 250}.${ip % 250}`;

async function postForm(path: string, fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return exports.default.fetch(`http://localhost${path}`, {
    method: "POST",
    body: form,
    redirect: "manual",
    headers: { "CF-Connecting-IP": nextIp() },
  });
}

async function joinForm(sessionId: number, fields: Record<string, string>) {
  return postForm(`/session/${sessionId}?ko`, {
    intent: "waitlist",
    website: "",
    form_rendered_at: await formRenderedAt(config(), Date.now() - 5000),
    ...fields,
  });
}

async function pageText(res: Response) {
  return (await res.text())
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

/** The booking form's fields for a hold link (the address is the entry's whatever is posted). */
async function holdBookingForm(token: string, overrides: Record<string, string> = {}) {
  const page = await (await get(`/ko/${token}`)).text();
  const snapshot = /name="session" value="([^"]+)"/.exec(page)?.[1]?.replace(/&quot;/g, '"').replace(/&amp;/g, "&");
  const form = await bookingForm({ user_email: "", user_email_confirm: "", session: snapshot ?? "", ...overrides });
  return form;
}

describe("the queue form on a full session's page", () => {
  it("offers 'Ställ mig i kö' instead of the booking form", async () => {
    const { id } = await fullSession();
    const html = await (await get(`/session/${id}`)).text();
    expect(html).toContain("Ställ mig i kö");
    expect(html).toContain('name="waitlist_email"');
    expect(html).not.toContain('name="user_phone"');
    expect(html).toContain('action="/session/' + id + '?ko"');
  });

  it("queues the visitor with a confirmation mail carrying the leave link, and answers a repeat the same way", async () => {
    const { id } = await fullSession();
    const fields = { waitlist_name: "Vera Väntan", waitlist_email: "vera@example.se", waitlist_dog_name: "Ludde" };
    const first = await joinForm(id, fields);
    expect(first.status).toBe(303);
    expect(first.headers.get("Location")).toBe(`/session/${id}`);
    const toast = await toastOf(first);
    expect(toast).toMatchObject({ type: "success", title: WAITLIST_SERVER_TEXTS.joinedTitle, description: WAITLIST_SERVER_TEXTS.joined });

    const again = await joinForm(id, { ...fields, waitlist_email: "VERA@example.se" });
    expect(again.status).toBe(303);
    expect(await toastOf(again)).toEqual(toast);

    expect(await entries(id)).toMatchObject([{ email: "vera@example.se", status: "waiting" }]);
    const mails = await mailsTo("vera@example.se", "waitlist-joined");
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text_body).toContain("Ludde");
    expect(mails[0]?.text_body).toMatch(/\/ko\/lamna\/[A-Za-z0-9_-]{43}/);
  });

  it("refuses bad input with Swedish messages and stores nothing", async () => {
    const { id } = await fullSession();
    const res = await joinForm(id, { waitlist_name: "", waitlist_email: "inte-en-adress", waitlist_dog_name: "" });
    expect(res.status).toBe(400);
    const text = await pageText(res);
    expect(text).toContain(BOOKING_MESSAGES.name);
    expect(text).toContain("Ange en giltig e-postadress");
    expect(text).toContain(BOOKING_MESSAGES.dogName);
    expect(await entries(id)).toHaveLength(0);
  });

  it("refuses a post that fails the bot check", async () => {
    const { id } = await fullSession();
    const res = await joinForm(id, { waitlist_name: "Bo", waitlist_email: "bo@example.se", waitlist_dog_name: "Rex", website: "spam" });
    expect(res.status).toBe(400);
    expect(await entries(id)).toHaveLength(0);
  });

  it("sends a visitor to the booking form when a seat is free: book directly", async () => {
    const id = await createSession({ maxParticipants: 4 });
    const res = await joinForm(id, { waitlist_name: "Bo", waitlist_email: "bo@example.se", waitlist_dog_name: "Rex" });
    expect(res.status).toBe(303);
    expect(await toastOf(res)).toMatchObject({ title: WAITLIST_SERVER_TEXTS.seatsFree });
    expect(await entries(id)).toHaveLength(0);
  });
});

describe("the hold link", () => {
  it("keeps the held seat from 100 simultaneous booking posts; the holder books it through the mailed link", async () => {
    const { id, bookingIds } = await fullSession({ maxParticipants: 3 });
    await joinQueue(id, "holdare@example.se");
    await seatsFor(testContext(), id).cancelBooking(bookingIds[0]!);
    expect(await seats(id)).toEqual({ current: 2, held: 1, max: 3 });

    // The page says the seat is taken by the queue.
    const page = await pageText(await get(`/session/${id}`));
    expect(page).toContain(WAITLIST_SERVER_TEXTS.heldOne);
    expect(page).toContain("Ställ mig i kö");

    const posts = await Promise.all(
      Array.from({ length: 100 }, async (_, i) =>
        postBooking(id, await bookingForm({ user_email: `race${i}@example.se`, user_email_confirm: `race${i}@example.se` })),
      ),
    );
    expect(posts.filter((r) => r.headers.get("Location") === "/mina-bokningar")).toHaveLength(0);
    expect(await seats(id)).toEqual({ current: 2, held: 1, max: 3 });

    const token = await offerTokenOf("holdare@example.se");
    const holdPage = await get(`/ko/${token}`);
    expect(holdPage.headers.get("Cache-Control")).toBe("no-store");
    const holdHtml = await holdPage.text();
    expect(holdHtml).toContain('value="holdare@example.se"');
    expect(holdHtml).toMatch(/<input[^>]*name="user_email"[^>]*readOnly|<input[^>]*readOnly[^>]*name="user_email"/i);
    expect(holdHtml).toContain("Platsen är reserverad för dig till");

    // Whatever address is posted, the booking is the entry's.
    const res = await postForm(`/ko/${token}`, Object.fromEntries(
      [...(await holdBookingForm(token, { user_email: "annan@example.se", user_email_confirm: "annan@example.se" })).entries()].map(([k, v]) => [k, String(v)]),
    ));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/mina-bokningar");
    expect(await seats(id)).toEqual({ current: 3, held: 0, max: 3 });
    expect(await mailsTo("holdare@example.se", "booking-confirmation")).toHaveLength(1);
    expect(await mailsTo("annan@example.se")).toHaveLength(0);

    // The link is used up.
    const used = await get(`/ko/${token}`);
    expect(used.status).toBe(410);
    expect(await pageText(used)).toContain(HOLD_TEXTS.goneTitle);
    // A hundred page posts on a shared two-core machine: more time than the default.
  }, 60_000);

  it("lets the holder pay the held seat with a klippkort's code; a code that does not pay is said beside the field and books nothing", async () => {
    const { klippkort } = await insertCardProducts(`ko-${crypto.randomUUID().slice(0, 6)}`);
    const card = await sellTestCard(klippkort, "klippkort", { uses: 2 });
    const { id, bookingIds } = await fullSession({ title: "VALPKURS", priceSek: 300, maxParticipants: 2 });
    await joinQueue(id, "ko-kort@example.se");
    await seatsFor(testContext(), id).cancelBooking(bookingIds[0]!);
    const token = await offerTokenOf("ko-kort@example.se");
    expect(await (await get(`/ko/${token}`)).text()).toContain("Kod för klippkort eller presentkort (valfritt)");

    const post = async (code: string) =>
      postForm(`/ko/${token}`, Object.fromEntries([...(await holdBookingForm(token, { card_code: code })).entries()].map(([k, v]) => [k, String(v)])));
    const wrong = await post("ABCD-EFGH-JKMN-PQRS");
    expect(wrong.status).toBe(409);
    expect(await pageText(wrong)).toContain("Koden gäller inte. Kontrollera att du skrivit av den rätt.");
    expect(await seats(id)).toEqual({ current: 1, held: 1, max: 2 });

    const paid = await post(card.code);
    expect(paid.status).toBe(302);
    expect(paid.headers.get("Location")).toBe("/mina-bokningar");
    expect(await seats(id)).toEqual({ current: 2, held: 0, max: 2 });
    const [confirmation] = await mailsTo("ko-kort@example.se", "booking-confirmation");
    expect(confirmation!.text_body).toContain("Kort: 1 klipp använt, 1 kvar");
  });

  it("says so when the link is unknown or its hold has lapsed", async () => {
    const unknown = await get(`/ko/${"x".repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(await pageText(unknown)).toContain(HOLD_TEXTS.unknownTitle);

    const { id, bookingIds } = await fullSession();
    await joinQueue(id, "sen@example.se");
    await seatsFor(testContext(), id).cancelBooking(bookingIds[0]!);
    const token = await offerTokenOf("sen@example.se");
    const form = await holdBookingForm(token);
    await lapseHolds(id);
    expect((await get(`/ko/${token}`)).status).toBe(410);
    const res = await postForm(`/ko/${token}`, Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)])));
    expect(res.status).toBe(410);
    expect(await seats(id)).toMatchObject({ current: 1 });
  });

  it("passes a declined seat to the next in line (a GET changes nothing)", async () => {
    const { id, bookingIds } = await fullSession();
    await joinQueue(id, "avstar@example.se");
    await joinQueue(id, "nasta@example.se");
    await seatsFor(testContext(), id).cancelBooking(bookingIds[0]!);
    const token = await offerTokenOf("avstar@example.se");
    const ask = await get(`/ko/${token}?svar=nej`);
    expect(await pageText(ask)).toContain(HOLD_TEXTS.declineButton);
    expect((await entries(id))[0]?.status).toBe("offered");

    const res = await postForm(`/ko/${token}`, { intent: "decline" });
    expect(res.status).toBe(200);
    expect(await pageText(res)).toContain(HOLD_TEXTS.declinedTitle);
    expect((await entries(id)).map((e) => e.status)).toEqual(["left", "offered"]);
    expect(await mailsTo("nasta@example.se", "waitlist-offer")).toHaveLength(1);
  });
});

describe("the leave link", () => {
  it("shows a button on GET and leaves the queue only on POST", async () => {
    const { id } = await fullSession();
    await joinForm(id, { waitlist_name: "Lo", waitlist_email: "lo@example.se", waitlist_dog_name: "Kaj" });
    const mail = (await mailsTo("lo@example.se", "waitlist-joined"))[0]!;
    const path = /\/ko\/lamna\/[A-Za-z0-9_-]{43}/.exec(mail.text_body)![0];

    const page = await get(path);
    expect(page.headers.get("Cache-Control")).toBe("no-store");
    expect(await pageText(page)).toContain(LEAVE_TEXTS.button);
    expect((await entries(id))[0]?.status).toBe("waiting");

    const res = await postForm(path, {});
    expect(res.status).toBe(200);
    expect(await pageText(res)).toContain(LEAVE_TEXTS.doneTitle);
    expect((await entries(id))[0]?.status).toBe("left");
    expect((await get(path)).status).toBe(410);
  });
});

describe("seat counts with holds", () => {
  it("counts a held seat as taken on the lists and shows it to staff", async () => {
    const { id, bookingIds } = await fullSession({ maxParticipants: 3, title: "VARDAGSLYDNAD" });
    await joinQueue(id, "lista@example.se");
    await seatsFor(testContext(), id).cancelBooking(bookingIds[0]!);
    // 2 booked + 1 held of 3: full for the public.
    const list = await (await get("/alla-popups")).text();
    const card = list.slice(list.indexOf(`/session/${id}`) - 3000, list.indexOf(`/session/${id}`) + 3000);
    expect(card).not.toContain("1 plats kvar");

    const cookie = await signInAs({ email: `admin-${crypto.randomUUID().slice(0, 8)}@hundpass.se`, admin: true });
    const admin = await pageText(await get(`/admin/pass/${id}`, { Cookie: cookie }));
    expect(admin).toContain("2/3 (+1 reserverad)");
    expect(admin).toContain("lista@example.se");
    expect(admin).toContain("Plats reserverad");
  });
});
