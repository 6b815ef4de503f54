// The form of Flurre's answer, on the demo data: the fact asked for comes
// first. 'Vad kostar …?' opens with the type's price (the combined type's
// from its sessions); a yes/no question about one session's seats opens with
// the right Ja or Nej for the question as asked ('Finns det plats…?' is yes
// when it can be booked, 'Är det fullt…?' yes when it cannot), computed here
// from the rows in D1. A yes/no question the site's facts settle opens with
// Ja or Nej ('Kan man avboka?': Nej, from the binding rule; 'Är HEMMIS
// gratis?': Nej, from its price; 'Finns det valpkurs i Sandviken?': from
// the sessions there), one that is not yes/no or is turned with neither; and
// an answer from one passage fits about 60 words before its links.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { getLoadContext } from "~/server/platform/context.server";
import { askFlurre } from "~/server/flurre/answer.server";
import { SITE_RULES } from "~/domain/rules";
import { seatsText, sessionLine, upcoming, type SessionRow } from "./flurre-fixtures";
import { seedDemo } from "./public-helpers";

const noop = { waitUntil: () => {}, passThroughOnException: () => {} };
const ask = (question: string) => askFlurre(getLoadContext(env, noop), { question, page: null, record: false });

async function sessionAt(type: string, location: string) {
  const match = (await upcoming(type)).find((s) => s.location === location);
  if (!match) throw new Error(`no ${type} at ${location}`);
  return match;
}

beforeAll(() => seedDemo());

describe("the fact first", () => {
  it.each(["Vad kostar valpkursen?", "vad kostar valpkurs", "pris vardagslydnaden?"])("%s opens with the type's price", async (question) => {
    const type = /vardag/.test(question) ? "VARDAGSLYDNAD" : "VALPKURS";
    const row = await env.DB.prepare("SELECT price FROM popup_types WHERE name = ?").bind(type).first<{ price: number }>();
    const answer = await ask(question);
    expect(answer.paragraphs[0]).toBe(`Voff! ${type} kostar ${row!.price} kr per pass.`);
  });

  it("the combined type, which has no price of its own, opens with what its sessions cost", async () => {
    const prices = [...new Set((await upcoming("KOMBIPASS")).map((s) => s.price_sek))].sort((a, b) => a - b);
    expect(prices.length).toBeGreaterThan(0);
    const answer = await ask("va kostar kombipasset");
    expect(answer.paragraphs[0]).toBe(`Voff! KOMBIPASS kostar ${prices.map((p) => `${p} kr`).join(" eller ")} per pass.`);
  });

  it.each([
    ["Finns det plats kvar på vardagslydnaden på Bronsängen?", "VARDAGSLYDNAD", "Bronsängen Sandviken", "seats"],
    ["finns det lediga platser på promenadträningen i regementsparken", "PROMENADTRÄNING", "Regementsparken Gävle", "seats"],
    ["Är promenadträningen i Regementsparken fullbokad?", "PROMENADTRÄNING", "Regementsparken Gävle", "full"],
    ["är det fullt på valpkursen i stadsparken", "VALPKURS", "Stadsparken Sandviken", "full"],
  ] as const)("%s opens with the right Ja or Nej", async (question, type, location, asks) => {
    const full = seatsText(await sessionAt(type, location)) === "Fullbokat";
    const yes = asks === "full" ? full : !full;
    const answer = await ask(question);
    expect(answer.paragraphs[0]).toMatch(yes ? /^Voff! Ja, / : /^Voff! Nej, /);
    expect(answer.paragraphs[0]).toContain(full ? (asks === "full" ? "fullbokat" : "inga platser") : "platser kvar");
  });

  it.each([
    // Not a yes/no question.
    "Hur många platser finns kvar på valpkursen i Stadsparken Sandviken?",
    // Two VARDAGSLYDNAD sessions at Regementsparken: which one is not said, so no single yes or no.
    "är det fullt på vardagslydnaden i regementsparken",
  ])("%s gets neither Ja nor Nej", async (question) => {
    const regementsparken = (await upcoming("VARDAGSLYDNAD")).filter((s) => s.location === "Regementsparken Gävle");
    expect(regementsparken.length).toBeGreaterThan(1);
    const answer = await ask(question);
    expect(answer.paragraphs[0]).not.toMatch(/^Voff! (Ja|Nej)\b/);
  });
});

describe("an FAQ row's own Ja or Nej", () => {
  const RAIN = "Blir utomhuspassen av om det regnar?";
  async function rainRow() {
    const row = await env.DB.prepare("SELECT answer FROM flurre_faq WHERE question = ?").bind(RAIN).first<{ answer: string }>();
    expect(row?.answer).toMatch(/^Ja, /);
    return row!.answer;
  }

  it("stays for the question as staff wrote it, and a question asked the same way", async () => {
    const answer = await rainRow();
    for (const question of [RAIN, "Blir passet av om det regnar?"]) expect((await ask(question)).paragraphs).toContain(answer);
  });

  it("is turned for the question asked the other way round", async () => {
    const answer = await rainRow();
    for (const question of ["blir det inställt om det regnar", "ställs passet in om det regnar?", "blir det inte av om det regnar"]) {
      const paragraphs = (await ask(question)).paragraphs;
      expect(paragraphs, question).toContain(answer.replace(/^Ja, /, "Nej, "));
    }
  });
});

describe("a yes/no question the site's facts settle", () => {
  const rule = (id: string) => SITE_RULES.find((r) => r.id === id)!;
  const words = (paragraphs: readonly string[]) => paragraphs.join(" ").split(/\s+/).filter(Boolean).length;

  it.each([
    ["kostar det nåt att gå på vardagslydnad", "VARDAGSLYDNAD", "Ja"],
    ["Kostar valpkursen något?", "VALPKURS", "Ja"],
    ["ar hemmis gratis", "HEMMIS", "Nej"],
  ] as const)("%s opens with %s and the price, when the type has one above 0", async (question, type, yesNo) => {
    const row = await env.DB.prepare("SELECT price FROM popup_types WHERE name = ?").bind(type).first<{ price: number }>();
    expect(row!.price).toBeGreaterThan(0);
    expect((await ask(question)).paragraphs[0]).toBe(`Voff! ${yesNo}, ${type} kostar ${row!.price} kr per pass.`);
  });

  it.each([
    ["kan man avboka", "binding", "Nej"],
    ["Går det att flytta min bokning till en annan dag?", "binding", "Nej"],
    ["kan jag få pengarna tillbaka", "binding", "Nej"],
    ["ar bokningen bindande", "binding", "Ja"],
    ["kan passet ställas in", "group-minimum", "Ja"],
    ["maste jag ha ett konto for att boka", "how-to-book", "Nej"],
  ] as const)("%s opens with %s, then the rule in its own words", async (question, id, yesNo) => {
    const answer = await ask(question);
    expect(answer.paragraphs[0]).toBe(`Voff! ${yesNo}.`);
    expect(answer.paragraphs).toContain(rule(id).text);
    expect(words(answer.paragraphs)).toBeLessThanOrEqual(60);
  });

  it.each([
    // Not yes/no.
    "hur avbokar jag",
    "vad händer om för få anmäler sig",
    // Turned: 'Nej' would be read either way.
    "kan man inte avboka?",
    // The rule says a session may be cancelled, not that this one will be.
    "blir passet inställt om vi bara är två",
  ])("%s gets neither Ja nor Nej", async (question) => {
    const answer = await ask(question);
    expect(answer.paragraphs[0]).not.toMatch(/^Voff! (Ja|Nej)\b/);
  });

  it.each([
    ["finns det valpkurs i sandviken", "VALPKURS", "Sandviken"],
    ["finns det promenadträning i gävle", "PROMENADTRÄNING", "Gävle"],
  ] as const)("%s says Ja with the dates there, or Nej with the nearest elsewhere", async (question, type, town) => {
    const bookable = (await upcoming(type)).filter((s) => seatsText(s) !== "Fullbokat");
    const there = bookable.filter((s) => s.location.endsWith(town));
    const answer = await ask(question);
    if (there.length > 0) {
      expect(answer.paragraphs[0]).toBe(`Voff! Ja, det finns lediga ${type}-pass i ${town}:`);
      expect(answer.paragraphs[1]).toContain(sessionLine(there[0]!));
    } else {
      expect(answer.paragraphs[0]).toBe(`Voff! Nej, just nu finns det inga lediga ${type}-pass i ${town}. Närmast:`);
      expect(answer.paragraphs[1]).toContain(sessionLine(bookable[0]!));
    }
  });
});

describe("one passage, about 60 words before the links", () => {
  it.each(["vilka är tränarna", "hur loggar man in", "kan jag ställa mig i kö", "har ni nyhetsbrev", "hur bokar man", "vad behöver jag ta med", "pris vardagslydnaden?"])(
    "%s is answered in at most 60 words",
    async (question) => {
      const answer = await ask(question);
      expect(answer.kind).toBe("answer");
      expect(answer.paragraphs.join(" ").split(/\s+/).filter(Boolean).length).toBeLessThanOrEqual(60);
    },
  );
});

describe("what the question asks, not a near topic", () => {
  it("'Vilka dagar har ni?' lists the soonest sessions with seats, of any type", async () => {
    const { results } = await env.DB.prepare(
      `SELECT id, title, location, start_time, end_time, pass_type, current_participants, max_participants, price_sek
       FROM sessions WHERE start_time > ? AND cancelled_at IS NULL ORDER BY start_time, id`,
    )
      .bind(new Date().toISOString())
      .all<SessionRow>();
    const soonest = results.filter((s) => seatsText(s) !== "Fullbokat").slice(0, 3);
    const answer = await ask("vilka dagar har ni");
    expect(answer.paragraphs.slice(1)).toEqual(soonest.map((s) => `${s.title} ${sessionLine(s)}.`));
    expect(answer.links.map((l) => l.href)).toContain("/alla-popups");
  });

  it("'Vilket pass passar en valp?' suggests the type whose text is about puppies, with its dates", async () => {
    const { results } = await env.DB.prepare("SELECT name, description FROM popup_types WHERE hidden = 0").all<{ name: string; description: string }>();
    const fits = results.filter((t) => /valp/i.test(t.description)).map((t) => t.name);
    expect(fits.length).toBeGreaterThan(0);
    const answer = await ask("vilket pass passar en valp");
    const named = /^Voff! (.+) kan passa er\.$/.exec(answer.paragraphs[0]!)?.[1];
    expect(fits).toContain(named);
    expect(answer.paragraphs.some((p) => /\d{2}:\d{2}–\d{2}:\d{2} på /.test(p))).toBe(true);
  });

  it("'Kan jag ringa er?' is told the contact form, the way the site is reached", async () => {
    const contact = SITE_RULES.find((r) => r.id === "contact")!;
    const answer = await ask("kan jag ringa er");
    expect(answer.paragraphs).toContain(contact.text);
    expect(answer.links.map((l) => l.href)).toContain(contact.links[0]!.href);
  });

  it.each(["hur gammal är flurre", "kan jag ha med barnvagn på promenaden i stadsparken", "får jag ett sms innan passet"])(
    "%s: the passage that matches does not say it, so Flurre says it does not know",
    async (question) => {
      expect((await ask(question)).kind).toBe("fallback");
    },
  );
});

describe("a price question the price alone does not settle", () => {
  it("'Kostar det extra…?' gets the price without a Ja", async () => {
    const answer = await ask("kostar det extra att ha med två hundar på hemmis");
    expect(answer.paragraphs[0]).not.toMatch(/^Voff! (Ja|Nej)\b/);
  });
});

describe("the price said once", () => {
  it.each(["VALPKURS", "VARDAGSLYDNAD", "HEMMIS"])("'Vad kostar %s?' states the type's price in its opening only", async (type) => {
    const row = await env.DB.prepare("SELECT price FROM popup_types WHERE name = ?").bind(type).first<{ price: number }>();
    const answer = await ask(`vad kostar ${type.toLocaleLowerCase("sv-SE")}`);
    const text = answer.paragraphs.filter((p) => !/\d{2}:\d{2}–/.test(p)).join(" ");
    expect(text.split(`${row!.price} kr`).length - 1).toBe(1);
    expect(answer.paragraphs[0]).toContain(`${row!.price} kr`);
  });
});

describe("a question that asks who", () => {
  it.each(["vem ar anna", "vem ar jon", "vem ansvarar for hallen", "vem bestammer priserna"])(
    "%s: no person, place, rule or type the site has answers it, so Flurre says it does not know",
    async (question) => {
      expect((await ask(question)).kind).toBe("fallback");
    },
  );

  it.each(["vem leder valpkursen", "vilken tranare har vardagslydnaden"])("%s is answered by the team, not by the type", async (question) => {
    const answer = await ask(question);
    expect(answer.kind).toBe("answer");
    expect(answer.links.map((l) => l.href)).toContain("/om");
    expect(answer.paragraphs.join(" ")).toContain("Linnea");
  });

  it("'vem sköter bokningarna' is the person who does, not the sign-in text", async () => {
    const answer = await ask("vem skoter bokningarna");
    expect(answer.paragraphs[0]).toBe("Voff! Här är lite om Jonas:");
  });
});

describe("the sign-in words", () => {
  it.each(["far jag en lank till zoom", "hur far jag lanken till onlinepasset"])(
    "%s: a link to a meeting is not the sign-in link, so Flurre says it does not know",
    async (question) => {
      expect((await ask(question)).kind).toBe("fallback");
    },
  );

  it("'hur avbokar jag via mina bokningar' is the binding rule, not the sign-in text", async () => {
    const binding = SITE_RULES.find((r) => r.id === "binding")!;
    const answer = await ask("hur avbokar jag via mina bokningar");
    expect(answer.paragraphs.join(" ")).toContain(binding.text);
    expect(answer.links.map((l) => l.href)).not.toContain("/mina-bokningar");
  });

  it.each(["var ar mina sidor", "glomt mitt losenord", "kommer inte in pa min sida"])("%s is the sign-in text", async (question) => {
    const answer = await ask(question);
    expect(answer.links.map((l) => l.href)).toContain("/mina-bokningar");
  });
});
