// Flurre follows what staff change on the admin pages, with no code change,
// through the real Worker: a team member added is who she is by her first or
// full name; a FAQ row added is found when asked in other words; a new type
// at a new place in a new town gives its price, its next date and the town;
// a person renamed is found by the new name; a type hidden is named no more.
import { env } from "cloudflare:workers";
import { beforeAll, expect, it } from "vitest";
import { formatTime } from "~/domain/time";
import { post } from "./admin-fixtures";
import { signInAs } from "./helpers";
import { SELF, seedDemo } from "./public-helpers";

let admin = "";
const DAY = 86_400_000;

beforeAll(async () => {
  await seedDemo();
  admin = await signInAs({ email: "flurre.innehall@example.se", admin: true });
});

async function ask(question: string): Promise<string> {
  const res = await SELF.fetch("http://localhost/flurre/svar", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": "203.0.113.91" },
    body: new URLSearchParams({ fraga: question, sida: "/" }),
  });
  expect(res.status).toBe(200);
  const reply = (await res.json()) as { answer: { paragraphs: string[]; links: { href: string }[] } };
  return [...reply.answer.paragraphs, ...reply.answer.links.map((l) => l.href)].join("\n");
}

const saved = async (path: string, fields: Record<string, string>) => expect((await post(path, fields, admin)).status).toBe(302);

it("answers who a new team member is, by first name and by full name", async () => {
  const text = "Maja leder sökträning och nosework i Gävle.";
  expect(await ask("vem är maja?")).not.toContain(text);
  await saved("/admin/team", { intent: "save", name: "Maja Holmgren", role: "Nosework-instruktör", text });
  expect(await ask("vem är maja?")).toContain(text);
  expect(await ask("vem är maja holmgren?")).toContain(text);
});

it("answers a FAQ row asked in other words that share its content words", async () => {
  const answer = "Ja, ta gärna med en egen liggmatta till hunden.";
  expect(await ask("kan jag ha med egen matta åt hunden")).not.toContain(answer);
  await saved("/admin/flurre?flik=faq", { intent: "save", question: "Får man ta med sin egen liggmatta till passet?", answer, links: "" });
  expect(await ask("kan jag ha med egen matta åt hunden")).toContain(answer);
});

it("gives a new type's price and next date, and the town of a new place", async () => {
  expect(await ask("har ni pass i valbo?")).not.toContain("Skogsbrynet Valbo");
  await saved("/admin/passtyper", {
    intent: "save",
    name: "NOSEWORK",
    description: "Nosarbete: hunden söker dofter, du lär dig läsa hunden.",
    inspiring_text: "",
    max_participants: "6",
    session_type: "group",
    price: "295",
  });
  await saved("/admin/platser", {
    intent: "save",
    name: "Skogsbrynet Valbo",
    town: "Valbo",
    kind: "outdoor",
    description: "Skog och stigar strax utanför Valbo.",
    map_url: "https://kartor.example.se/skogsbrynet",
    active: "on",
  });
  const typeId = await env.DB.prepare("SELECT id FROM popup_types WHERE name = 'NOSEWORK'").first<number>("id");
  await saved("/admin/skapa-pass", {
    popup_type_id: String(typeId),
    title: "NOSEWORK",
    location: "Skogsbrynet Valbo",
    start_date: new Date(Date.now() + 9 * DAY).toISOString().slice(0, 10),
    start_time: "10:00",
    end_time: "11:00",
    max_participants: "6",
    price_sek: "295",
    pass_type: "group",
  });
  const start = await env.DB.prepare("SELECT start_time FROM sessions WHERE title = 'NOSEWORK'").first<string>("start_time");
  const dayAndMonth = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Stockholm", day: "numeric", month: "long" }).format(new Date(start!));

  expect(await ask("vad kostar nosework?")).toContain("295 kr");
  const next = await ask("när är nästa nosework?");
  expect(next).toContain(`${dayAndMonth} ${formatTime(start!)}`);
  expect(next).toContain("Skogsbrynet Valbo");
  expect(await ask("har ni pass i valbo?")).toContain("Skogsbrynet Valbo");
  expect(await ask("var ligger skogsbrynet?")).toContain("https://kartor.example.se/skogsbrynet");
});

it("finds a person renamed by the new name, and names a hidden type no more", async () => {
  const jonas = await env.DB.prepare("SELECT id, role, text FROM team_members WHERE name = 'Jonas'").first<{ id: number; role: string; text: string }>();
  await saved("/admin/team", { intent: "save", id: String(jonas!.id), name: "Jonas Ek", role: jonas!.role, text: jonas!.text });
  expect(await ask("vem är jonas ek?")).toContain(jonas!.text);

  expect(await ask("vad kostar kombipasset?")).toContain("KOMBIPASS");
  expect(await ask("vilka pass finns det?")).toContain("KOMBIPASS");
  const kombi = await env.DB.prepare("SELECT id FROM popup_types WHERE name = 'KOMBIPASS'").first<number>("id");
  await saved("/admin/passtyper", { intent: "hide", id: String(kombi) });
  expect(await ask("vad kostar kombipasset?")).not.toContain("KOMBIPASS");
  expect(await ask("vilka pass finns det?")).not.toContain("KOMBIPASS");
});
