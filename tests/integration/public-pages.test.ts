// The public pages through the real worker on the demo data: what a visitor
// reads on the start page, /alla-popups, /boka and the info pages, the old
// addresses, and the Cache-Control each page answers with.
import { beforeAll, describe, expect, it } from "vitest";
import { askFlurreQuestion } from "~/domain/session-types";
import { formatDayHeading, stockholmDayKey, todayKey } from "~/domain/time";
import { buildDemoData, demoSession, DEMO_SESSION_IDS as S, type DemoData } from "../fixtures/demo-data";
import { cookiesFrom, signInAs } from "./helpers";
import { cardIds, decode, postForm, sectionHtml, seedDemo, SELF, sessionCard, textOf } from "./public-helpers";

const LIST_CACHE = "public, max-age=0, s-maxage=30, stale-while-revalidate=300";
const INFO_CACHE = "public, max-age=0, s-maxage=300, stale-while-revalidate=3600";
const NO_STORE = "private, no-store";

let demo: DemoData;

beforeAll(async () => {
  const now = new Date();
  demo = buildDemoData(now);
  await seedDemo(now);
});

async function page(path: string, init?: RequestInit) {
  const res = await SELF.fetch(`http://localhost${path}`, init);
  return { res, html: await res.text() };
}

describe("start page", () => {
  it("has the hero with a booking link and two in-page anchors that work without JavaScript", async () => {
    const { res, html } = await page("/");
    expect(res.status).toBe(200);
    expect(html).toContain("Träna med din hund i Gävle och Sandviken");
    expect(html).toMatch(/<a[^>]*href="\/boka"[^>]*>Boka pass<\/a>/);
    expect(html).toMatch(/<a[^>]*href="\/#alla-pass"[^>]*>Alla våra pass<\/a>/);
    expect(html).toMatch(/<a[^>]*href="\/#lediga-gruppups"[^>]*>Lediga GruppUps<\/a>/);
    expect(html).toContain('id="alla-pass"');
    expect(html).toContain('id="lediga-gruppups"');
    expect(html).toMatch(/<img[^>]*class="hero-image"[^>]*src="\/images\/hero.svg"/);
  });

  it("lists upcoming group sessions with free places, soonest first", async () => {
    const { html } = await page("/");
    const ids = cardIds(sectionHtml(html, "lediga-gruppups"));
    // By start time, as on /alla-popups, however many are booked (5 has 5/8, 1 none).
    expect(ids).toEqual([
      S.groupEmpty, S.groupOne, S.groupTwo, S.groupThree, S.groupFive, S.combinedAvailable, S.valpkursLater,
      S.vardagslydnadLater, S.promenadLater, S.valpkursPendingLater, S.vardagslydnadConfirmedLater,
      S.valpkursLast, S.promenadLast,
    ]);
    const starts = ids.map((id) => demo.sessions.find((s) => s.id === id)!.startTime);
    expect(starts).toEqual([...starts].sort());
    expect(ids).not.toContain(S.groupFull);
    expect(ids).not.toContain(S.planAvailable);
    expect(ids).not.toContain(S.pastGroup);
  });

  it("shows every visible session type in app order, missing order last, with its Flurre question", async () => {
    const { html } = await page("/");
    const types = sectionHtml(html, "alla-pass");
    const names = [...types.matchAll(/<h3 id="type-\d+">([^<]+)<\/h3>/g)].map((m) => decode(m[1]!));
    expect(names).toEqual(["VALPKURS", "VARDAGSLYDNAD", "PROMENADTRÄNING", "PLAN", "HEMMIS", "PRIVAT & PROFFS", "KOMBIPASS"]);
    expect(names).not.toContain("NOSARBETE");
    const href = `/flurre?${new URLSearchParams({ fraga: askFlurreQuestion("VALPKURS") })}`;
    expect(decode(types)).toContain(`href="${href}"`);
    expect(textOf(types)).toContain("Fråga Flurre om Passet");
    expect(textOf(types)).toContain("Ge din valp den bästa starten – lek, lär och väx tillsammans!");
  });

  it("renders the newsletter block", async () => {
    const { html } = await page("/");
    expect(html).toMatch(/<section id="nyhetsbrev"[^>]*>/);
  });
});

describe("/alla-popups", () => {
  it("has the title, subtitle and the 'Info om GruppUps' card", async () => {
    const text = textOf((await page("/alla-popups")).html);
    expect(text).toContain("Alla PopUp's");
    expect(text).toContain("Välj ett pass att boka");
    expect(text).toContain("Info om GruppUps");
    expect(text).toContain("två eller färre deltagare");
    expect(text).toContain("24 timmar");
  });

  it("lists every upcoming session by start time and no past one", async () => {
    const { html } = await page("/alla-popups");
    const expected = demo.sessions
      .filter((s) => Date.parse(s.endTime) >= Date.now())
      .sort((a, b) => a.startTime.localeCompare(b.startTime))
      .map((s) => s.id);
    expect(cardIds(html)).toEqual(expected);
    expect(cardIds(html)).not.toContain(S.pastGroup);
    expect(cardIds(html)).not.toContain(S.pastPlan);
  });

  it("loads the first card's picture (the largest paint) at once and first, the others lazily", async () => {
    const { html } = await page("/alla-popups");
    const images = [...html.matchAll(/<img [^>]*class="session-card-image"[^>]*>/g)].map((m) => m[0]);
    expect(images.length).toBeGreaterThan(2);
    expect(images[0]).toMatch(/loading="eager"/);
    expect(images[0]).toMatch(/fetchpriority="high"/i);
    for (const img of images.slice(1)) {
      expect(img).toMatch(/loading="lazy"/);
      expect(img).not.toMatch(/fetchpriority/i);
    }
  });

  it.each([
    [S.groupEmpty, "Ledigt", "badge-green", "6 platser kvar"],
    [S.groupOne, "Väntande", "badge-pink", "7 platser kvar"],
    [S.groupTwo, "Väntande", "badge-pink", "4 platser kvar"],
    [S.groupThree, "Bekräftat", "badge-yellow", "3 platser kvar"],
    [S.groupFull, "Fullbokat", "badge-red", "0 platser kvar"],
    [S.planBooked, "Fullbokat", "badge-red", "0 platser kvar"],
    [S.hemmisBooked, "Fullbokat", "badge-red", "0 platser kvar"],
    [S.privatProffsBooked, "Fullbokat", "badge-red", "0 platser kvar"],
  ])("shows session %i as %s (%s) with '%s'", async (id, label, colour, places) => {
    const card = sessionCard((await page("/alla-popups")).html, id)!;
    expect(card).toMatch(new RegExp(`<span class="badge ${colour}"[^>]*>${label}</span>`));
    expect(textOf(card)).toContain(places);
  });

  it("links a bookable session's 'Visa & Boka' to /session/{id}, disables 'Fullbokat' and leads a full one to its queue only", async () => {
    const { html } = await page("/alla-popups");
    expect(sessionCard(html, S.groupOne)).toMatch(/<a[^>]*href="\/session\/2"[^>]*>Visa &amp; Boka<\/a>/);
    const full = sessionCard(html, S.groupFull)!;
    expect(full).toMatch(/<button[^>]*disabled=""[^>]*>Fullbokat<\/button>/);
    expect(full).not.toContain("Visa &amp; Boka");
    // The one link of a full card is its queue on the session's page.
    expect(full.match(/href="[^"]*"/g)).toEqual([`href="/session/${S.groupFull}#ko"`]);
    expect(full).toMatch(/<a[^>]*>Ställ mig i kö<\/a>/);
  });

  it("shows the note of a pending session and its Stockholm date and time", async () => {
    const card = textOf(sessionCard((await page("/alla-popups")).html, S.groupOne)!);
    const session = demoSession(demo, "groupOne");
    expect(card).toContain("Behöver 2 deltagare till för att helt säkert bli av");
    expect(card.toLowerCase()).toContain(formatDayHeading(stockholmDayKey(session.startTime)));
    expect(card).toContain("18:30–19:30");
    expect(card).toContain("Regementsparken Gävle");
    expect(card).toContain("Vi tränar stanna kvar och inkallning med störningar.");
  });

  it("shows PRIVAT & PROFFS at 495 kr and a price only when above 0", async () => {
    const { html } = await page("/alla-popups");
    expect(textOf(sessionCard(html, S.privatProffsAvailable)!)).toContain("495 kr");
    expect(textOf(sessionCard(html, S.combinedAvailable)!)).toContain("349 kr");
  });

  it("sends the old addresses /pass and /alla-popup on with a permanent redirect", async () => {
    for (const path of ["/pass", "/alla-popup"]) {
      const res = await SELF.fetch(`http://localhost${path}`, { redirect: "manual" });
      expect(res.status).toBe(301);
      expect(res.headers.get("Location")).toBe("/alla-popups");
    }
  });
});

describe("/boka", () => {
  it("step 1 offers group from 249 kr, private from 395 kr and all sessions, and a way back", async () => {
    const { html } = await page("/boka");
    const text = textOf(html);
    expect(text).toContain("GruppUps – från 249 kr");
    expect(text).toContain("Privatpass – från 395 kr");
    expect(text).toContain("Visa alla pass");
    for (const type of ["grupp", "privat", "alla"]) {
      expect(decode(html)).toContain(`href="/boka?steg=2&typ=${type}&vy=kalender"`);
    }
    expect(text).toContain("Tillbaka till startsidan");
  });

  it("list view of group sessions: bookable ones to book, full ones as information, and the 24 h notice", async () => {
    const { html } = await page("/boka?steg=2&typ=grupp&vy=lista");
    const available = cardIds(html.slice(html.indexOf('id="available-heading"'), html.indexOf('id="full-heading"')));
    expect(available).toContain(S.groupEmpty);
    expect(available).not.toContain(S.planAvailable);
    const full = html.slice(html.indexOf('id="full-heading"'));
    expect(cardIds(full)).toEqual([S.groupFull]);
    expect(sessionCard(html, S.groupFull)).not.toContain("/session/");
    expect(sessionCard(html, S.groupEmpty)).toMatch(/href="\/session\/1"[^>]*>Boka nu</);
    expect(textOf(sessionCard(html, S.groupTwo)!)).toContain("2/6");
    expect(textOf(html)).toContain(
      "Grupp-pass med två eller färre deltagare kan ställas in. Då får du besked via e-post minst 24 timmar innan.",
    );
  });

  it("list view caps the fully booked sessions at three, earliest first", async () => {
    const { html } = await page("/boka?steg=2&typ=alla&vy=lista");
    const full = html.slice(html.indexOf('id="full-heading"'));
    expect(cardIds(full)).toEqual([S.planBooked, S.groupFull, S.hemmisBooked]);
  });

  it("one session type's list is headed by its name, and a name no visitor sees leads to every type's list", async () => {
    const { res, html } = await page("/boka?steg=2&typ=alla&passtyp=VALPKURS&vy=lista");
    expect(res.status).toBe(200);
    expect(html).toMatch(/<h1>VALPKURS<\/h1>/);
    // Typed in another case, the type by its own name.
    for (const name of ["valpkurs", "Promenadträning"]) {
      const query = new URLSearchParams({ steg: "2", typ: "alla", passtyp: name, vy: "lista" });
      const named = await SELF.fetch(`http://localhost/boka?${query}`, { redirect: "manual" });
      expect(named.status, name).toBe(302);
      const own = new URL(named.headers.get("Location")!, "http://localhost").searchParams.get("passtyp");
      expect(own, name).toBe(name.toLocaleUpperCase("sv-SE"));
    }
    for (const name of ["Bokningen stängd – ring oss på 099-123 45 67", "<script>", "valpkurs2"]) {
      const query = new URLSearchParams({ steg: "2", typ: "alla", passtyp: name, vy: "kalender", manad: "2026-12" });
      const refused = await SELF.fetch(`http://localhost/boka?${query}`, { redirect: "manual" });
      expect(refused.status, name).toBe(302);
      expect(refused.headers.get("Location")).toBe("/boka?steg=2&typ=alla&vy=kalender&manad=2026-12");
    }
  });

  it("list view of private sessions shows private ones only", async () => {
    const ids = cardIds((await page("/boka?steg=2&typ=privat&vy=lista")).html);
    expect(ids).toContain(S.planAvailable);
    expect(ids).not.toContain(S.groupEmpty);
  });

  it("calendar: days with a free session are labelled links; the chosen day lists its sessions", async () => {
    const session = demoSession(demo, "groupEmpty");
    const day = stockholmDayKey(session.startTime);
    const month = day.slice(0, 7);
    const { html } = await page(`/boka?steg=2&typ=alla&vy=kalender&manad=${month}&dag=${day}`);
    const link = decode(new RegExp(`<a [^>]*data-day="${day}"[^>]*>`).exec(html)?.[0] ?? "");
    expect(link).toContain(`href="/boka?steg=2&typ=alla&vy=kalender&manad=${month}&dag=${day}#valda-dagen"`);
    expect(link).toMatch(new RegExp(`aria-label="${formatDayHeading(day)} ${day.slice(0, 4)}, \\d+ (ledigt|lediga) pass"`));
    expect(link).toContain('aria-current="date"');
    expect(html).toMatch(/<table class="calendar-grid"/);
    expect(html).toContain('<th scope="col" abbr="måndag">mån</th>');
    expect(textOf(html)).toContain("Färgkoder");
    const daySection = sectionHtml(html, "valda-dagen");
    expect(textOf(daySection)).toContain(formatDayHeading(day));
    expect(sessionCard(daySection, S.groupEmpty)).toMatch(/href="\/session\/1"/);
  });

  it("calendar: a day whose only session is full is no link", async () => {
    const day = stockholmDayKey(demoSession(demo, "groupFull").startTime);
    const others = demo.sessions.filter((s) => s.id !== S.groupFull && stockholmDayKey(s.startTime) === day);
    expect(others).toEqual([]);
    const { html } = await page(`/boka?steg=2&typ=grupp&vy=kalender&manad=${day.slice(0, 7)}`);
    expect(html).toContain(`<span data-day="${day}">`);
    expect(html).not.toContain(`dag=${day}`);
  });

  it("calendar: a chosen day without sessions says 'Inga pass tillgängliga denna dag'", async () => {
    const busy = new Set(demo.sessions.map((s) => stockholmDayKey(s.startTime)));
    let day = todayKey(new Date());
    while (busy.has(day)) day = new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const { html } = await page(`/boka?steg=2&typ=alla&vy=kalender&dag=${day}`);
    const daySection = sectionHtml(html, "valda-dagen");
    expect(textOf(daySection)).toContain(formatDayHeading(day));
    expect(textOf(daySection)).toContain("Inga pass tillgängliga denna dag");
  });

  it("calendar: reads only the shown month and pages to the next one but not before this month", async () => {
    const today = todayKey(new Date());
    const { html } = await page("/boka?steg=2&typ=alla&vy=kalender");
    const links = [...decode(html).matchAll(/dag=(\d{4}-\d{2}-\d{2})/g)].map((m) => m[1]!);
    expect(links.every((d) => d.slice(0, 7) === today.slice(0, 7))).toBe(true);
    expect(html).toContain('aria-label="Nästa månad: ');
    expect(html).not.toContain('aria-label="Föregående månad: ');
  });

  it("falls back to step 1 for an unknown type", async () => {
    expect(textOf((await page("/boka?steg=2&typ=hemlig")).html)).toContain("GruppUps – från 249 kr");
  });
});

describe("info pages", () => {
  it("/hitta shows the four places with 'Hitta dit' map links and 'Fråga Flurre'", async () => {
    const { html } = await page("/hitta");
    const text = textOf(html);
    for (const place of ["Hundhallen Gävle", "Regementsparken Gävle", "Stadsparken Sandviken", "Bronsängen Sandviken"]) {
      expect(text).toContain(place);
    }
    expect(html.match(/href="https:\/\/www\.google\.com\/maps\/search\/\?api=1&amp;query=/g)).toHaveLength(4);
    expect(text.match(/Hitta dit/g)).toHaveLength(4);
    expect(html.match(/href="\/flurre\?fraga=/g)).toHaveLength(4);
  });

  it("/om has three team cards, the contact form and LocalBusiness data", async () => {
    const { html } = await page("/om");
    expect(html.match(/class="team-card"/g)).toHaveLength(3);
    expect(html).toMatch(/<form[^>]*method="post"/);
    for (const name of ["name", "email", "message", "website", "form_rendered_at"]) expect(html).toContain(`name="${name}"`);
    const ld = /<script type="application\/ld\+json">([^<]+)<\/script>/.exec(html);
    expect(ld).not.toBeNull();
    expect(JSON.parse(ld![1]!)).toMatchObject({ "@context": "https://schema.org", "@type": "LocalBusiness", name: "Hundpass" });
  });

  it("/preppa has its card and a 'Fråga Flurre' button", async () => {
    const { html } = await page("/preppa");
    expect(textOf(html)).toContain("Det här tar du med dig");
    expect(html).toMatch(/href="\/flurre\?fraga=[^"]+"[^>]*>Fråga Flurre</);
  });

  it("says nothing of paying beside the booking form while the site takes no payment", async () => {
    const { html } = await page(`/session/${S.groupEmpty}`);
    expect(html).toContain("Boka passet");
    expect(html).not.toContain("Du betalar i nästa steg");
  });

  it("a session's 'Fråga Flurre' link carries the session's page, so /flurre answers its question without JavaScript as the chat does", async () => {
    const { html } = await page(`/session/${S.groupEmpty}`);
    const href = decode(/href="(\/flurre\?fraga=[^"]+)"[^>]*>\s*Frågor om passet\? Fråga Flurre/.exec(html)?.[1] ?? "");
    expect(new URL(href, "http://localhost").searchParams.get("sida")).toBe(`/session/${S.groupEmpty}`);
    const answered = textOf((await page(href)).html);
    expect(answered).not.toContain("Det där vet jag tyvärr inte än");
    expect(answered).toContain(demoSession(demo, "groupEmpty").title);
  });

  it("/flurre shows the question from the address in its form", async () => {
    const question = askFlurreQuestion("HEMMIS");
    const { html } = await page(`/flurre?${new URLSearchParams({ fraga: question })}`);
    expect(decode(html)).toContain(`>${question}</textarea>`);
    expect(textOf(html)).toContain("Fråga Flurre");
  });

  it("/rapportera-problem has 'PRUTT OCKSÅ!' and the 'Felanmälan' form", async () => {
    const text = textOf((await page("/rapportera-problem")).html);
    expect(text).toContain("PRUTT OCKSÅ!");
    expect(text).toContain("Felanmälan");
  });
});

describe("Cache-Control", () => {
  it("lets shared caches keep the lists briefly for visitors without cookies", async () => {
    for (const path of ["/", "/alla-popups", "/boka?steg=2&typ=alla&vy=kalender", "/boka"]) {
      const { res } = await page(path);
      expect(res.headers.get("Cache-Control"), path).toBe(LIST_CACHE);
      expect(res.headers.get("Vary")).toContain("Cookie");
    }
  });

  it("caches the info pages longer", async () => {
    for (const path of ["/hitta", "/om", "/preppa", "/rapportera-problem", "/flurre"]) {
      expect((await page(path)).res.headers.get("Cache-Control"), path).toBe(INFO_CACHE);
    }
  });

  it("applies to client-side data requests too", async () => {
    const res = await SELF.fetch("http://localhost/alla-popups.data");
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe(LIST_CACHE);
  });

  it("never lets a shared cache keep a page for a signed-in visitor", async () => {
    const cookie = await signInAs({ email: "inloggad@example.se" });
    for (const path of ["/", "/alla-popups", "/boka?steg=2&typ=grupp&vy=lista", "/om", "/alla-popups.data"]) {
      const { res, html } = await page(path, { headers: { Cookie: cookie } });
      expect(res.headers.get("Cache-Control"), path).toBe(NO_STORE);
      if (!path.endsWith(".data")) expect(html).toContain("inloggad@example.se");
    }
  });

  it("never caches a page that shows or clears a toast, nor a form answer", async () => {
    const sent = await postForm("/om", { name: "Cache Test", email: "cache@example.se", message: "Hej!" }, { ip: "198.51.100.77" });
    expect(sent.status).toBe(302);
    const { res, html } = await page("/om", { headers: { Cookie: cookiesFrom(sent) } });
    expect(textOf(html)).toContain("Meddelandet har skickats!");
    expect(res.headers.get("Cache-Control")).toBe(NO_STORE);

    const refused = await postForm("/om", { name: "", email: "", message: "" }, { ip: "198.51.100.78" });
    expect(refused.status).toBe(400);
    expect(refused.headers.get("Cache-Control")).toBe(NO_STORE);
  });
});

describe("a form sent to a page only to be read", () => {
  it("says the page takes no forms, with its own title, rather than asking to try again", async () => {
    for (const path of ["/", "/alla-popups", "/hitta"]) {
      const res = await SELF.fetch(`http://localhost${path}`, { method: "POST", body: new URLSearchParams({ a: "b" }) });
      expect(res.status, path).toBe(405);
      const html = await res.text();
      expect(html, path).toContain("<title>Sidan tar inte emot formulär – Hundpass</title>");
      expect(textOf(html), path).toContain("Den här sidan går bara att öppna, inte att skicka uppgifter till.");
      expect(textOf(html), path).not.toContain("Försök igen");
    }
  });
});
