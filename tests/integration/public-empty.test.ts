// The public pages with nothing upcoming (only a finished session in the
// database): every list shows the spec's empty text.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { todayKey } from "~/domain/time";
import { cardIds, SELF, textOf } from "./public-helpers";

beforeAll(async () => {
  const start = new Date(Date.now() - 3 * 3_600_000).toISOString();
  const end = new Date(Date.now() - 2 * 3_600_000).toISOString();
  await env.DB.prepare(
    `INSERT INTO sessions (title, location, start_time, end_time, pass_type, max_participants)
     VALUES ('VALPKURS', 'Hundhallen Gävle', ?, ?, 'group', 6), ('PLAN', 'Online', ?, ?, 'private', 1)`,
  )
    .bind(start, end, start, end)
    .run();
});

async function html(path: string) {
  return (await SELF.fetch(`http://localhost${path}`)).text();
}

describe("nothing upcoming", () => {
  it("start page: 'Snart publiceras nästa månads grupp-pass, håll ut!'", async () => {
    const page = await html("/");
    expect(textOf(page)).toContain("Snart publiceras nästa månads grupp-pass, håll ut!");
    expect(cardIds(page)).toEqual([]);
  });

  it("/alla-popups: 'Inga kommande sessioner just nu'", async () => {
    const page = await html("/alla-popups");
    expect(textOf(page)).toContain("Inga kommande sessioner just nu");
    expect(cardIds(page)).toEqual([]);
  });

  it("/boka list: a message and a 'Välj annan typ' button back to step 1", async () => {
    const page = await html("/boka?steg=2&typ=privat&vy=lista");
    expect(textOf(page)).toContain("Det finns inga lediga pass av den här typen just nu.");
    expect(page).toMatch(/<a[^>]*href="\/boka"[^>]*>Välj annan typ<\/a>/);
  });

  it("/boka calendar: no day is a link and today says 'Inga pass tillgängliga denna dag'", async () => {
    const today = todayKey(new Date());
    const page = await html(`/boka?steg=2&typ=alla&vy=kalender&dag=${today}`);
    expect(page).not.toContain("#valda-dagen");
    expect(textOf(page)).toContain("Inga pass tillgängliga denna dag");
    expect(textOf(page)).toContain("Inga lediga pass den här månaden.");
  });
});
