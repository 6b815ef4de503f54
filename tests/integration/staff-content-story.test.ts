// A staff member runs a new course without a developer, through the real
// Worker: a new type NOSEWORK with a price (on the start page and in the
// create form's chooser), a new place on /admin/platser (on /hitta), a
// session of NOSEWORK there, Flurre's answer with its price and date, and the
// session in the staff's calendar feed, read back by an independent parser.
import { env } from "cloudflare:workers";
import ICAL from "ical.js";
import { beforeAll, expect, it } from "vitest";
import { formatTime } from "~/domain/time";
import { post } from "./admin-fixtures";
import { signInAs } from "./helpers";
import { SELF, decode, seedDemo } from "./public-helpers";

let admin = "";
const DAY = 86_400_000;

beforeAll(async () => {
  await seedDemo();
  admin = await signInAs({ email: "kursstart.admin@example.se", admin: true });
});

const page = async (path: string, cookie?: string) =>
  decode(await (await SELF.fetch(`http://localhost${path}`, cookie ? { headers: { Cookie: cookie } } : {})).text()).replaceAll("<!-- -->", "");

it("launches NOSEWORK at a new place, seen on the site, by Flurre and in the calendar feed", async () => {
  expect((await post("/admin/passtyper", {
    intent: "save",
    name: "NOSEWORK",
    description: "Nosarbete: hunden söker dofter, du lär dig läsa hunden.",
    inspiring_text: "Låt nosen leda vägen!",
    max_participants: "6",
    session_type: "group",
    price: "295",
  }, admin)).status).toBe(302);
  expect(await page("/")).toContain("Låt nosen leda vägen!");
  const typeId = await env.DB.prepare("SELECT id FROM popup_types WHERE name = 'NOSEWORK'").first<number>("id");
  expect(await page("/admin/skapa-pass", admin)).toContain(`<option value="${typeId}">NOSEWORK</option>`);

  expect((await post("/admin/platser", {
    intent: "save",
    name: "Skogsgläntan Sandviken",
    town: "Sandviken",
    kind: "outdoor",
    description: "En glänta i skogen, lugn och full av dofter.",
    map_url: "https://kartor.example.se/skogsglantan",
    active: "on",
  }, admin)).status).toBe(302);
  expect(await page("/hitta")).toContain("Skogsgläntan Sandviken");

  const day = new Date(Date.now() + 20 * DAY).toISOString().slice(0, 10);
  const created = await post("/admin/skapa-pass", {
    popup_type_id: String(typeId),
    title: "NOSEWORK",
    location: "Skogsgläntan Sandviken",
    start_date: day,
    start_time: "10:00",
    end_time: "11:00",
    // The type decides these, whatever the post says.
    max_participants: "99",
    price_sek: "1",
    pass_type: "private",
  }, admin);
  expect(created.status).toBe(302);
  const session = await env.DB.prepare(
    "SELECT id, start_time, end_time, price_sek, max_participants FROM sessions WHERE title = 'NOSEWORK'",
  ).first<{ id: number; start_time: string; end_time: string; price_sek: number; max_participants: number }>();
  expect(session).toMatchObject({ price_sek: 295, max_participants: 6 });

  const answer = await SELF.fetch("http://localhost/flurre/svar", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": "203.0.113.90" },
    body: new URLSearchParams({ fraga: "Vad kostar NOSEWORK och när är nästa?", sida: "/" }),
  });
  const said = JSON.stringify(await answer.json());
  expect(said).toContain("295 kr");
  const dayAndMonth = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Stockholm", day: "numeric", month: "long" });
  expect(said).toContain(dayAndMonth.format(new Date(session!.start_time)));
  expect(said).toContain(formatTime(session!.start_time));

  const feedPage = await SELF.fetch("http://localhost/admin/kalender", {
    method: "POST",
    headers: { Cookie: admin, "Content-Type": "application/x-www-form-urlencoded" },
    body: "intent=create",
  });
  const path = (await feedPage.text()).match(/\/kalender\/[A-Za-z0-9_-]{43}\/hundpass\.ics/)![0];
  const ics = await (await SELF.fetch(`http://localhost${path}`)).text();
  const events = new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
  const event = events.find((e) => e.summary === "NOSEWORK")!;
  expect(event.location).toBe("Skogsgläntan Sandviken");
  expect(event.startDate.toJSDate().toISOString()).toBe(new Date(Math.floor(Date.parse(session!.start_time) / 1000) * 1000).toISOString());
  expect(event.description).toContain("Deltagare: 0 av 6");
});
