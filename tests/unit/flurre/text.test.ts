import { describe, expect, it } from "vitest";
import {
  compoundTail,
  isGreeting,
  analyze,
  foldSwedishLetters,
  intentCues,
  joinPhrases,
  normalizeText,
  questionWords,
  splitBackground,
  splitCompound,
  stem,
  words,
} from "../../../app/domain/flurre/text";

describe("normalizing and tokenizing", () => {
  it("lower-cases with Swedish rules and keeps å, ä and ö as letters of their own", () => {
    expect(words("HUNDHALLEN GÄVLE, BRONSÄNGEN & Ö-vik!")).toEqual(["hundhallen", "gävle", "bronsängen", "ö-vik"]);
    expect(normalizeText("Å Ä Ö")).toBe("å ä ö");
  });

  it("reads a decomposed å (a + ring) as the letter å", () => {
    expect(words("Ga\u0308vle sta\u030ar")).toEqual(["gävle", "står"]);
  });

  it("never folds å, ä or ö into a or o when indexing", () => {
    expect(analyze("Bronsängen")).toEqual(["bronsäng"]);
    expect(stem("får")).not.toBe(stem("far"));
    expect(analyze("Gävle")).not.toEqual(analyze("Gavle"));
  });

  it("drops Swedish stop words, the filler of a question and lone letters", () => {
    expect(analyze("Hej! Jag undrar vad det kostar för en valp?")).toEqual(["kost", "valp"]);
    expect(analyze("<b>VALPKURS</b>")).toEqual(["b", "valpkur", "b"].filter((t) => t !== "b"));
  });
});

describe("stemming", () => {
  it("brings 'valpkurs', 'valpkursen' and 'valpkurser' to one stem (the stemmer run to its fixpoint)", () => {
    expect(stem("valpkurs")).toBe("valpkur");
    expect(stem("valpkursen")).toBe("valpkur");
    expect(stem("valpkurser")).toBe("valpkur");
  });

  it("strips the definite -et the stemmer leaves ('passet', 'priset')", () => {
    expect(stem("passet")).toBe(stem("pass"));
    expect(stem("priset")).toBe(stem("pris"));
  });

  it("brings plural and definite forms together ('platser', 'platserna', 'plats')", () => {
    expect(new Set([stem("plats"), stem("platser"), stem("platserna")]).size).toBe(1);
    expect(stem("hundhallen")).toBe(stem("hundhall"));
  });
});

describe("compounds", () => {
  const vocabulary = new Set(["utomhus", "pass", "hund", "hall", "vardag", "lydn", "promenad", "träning", "valpkur"]);

  it("splits 'utomhuspass' into 'utomhus' + 'pass'", () => {
    expect(splitCompound("utomhuspass", vocabulary)).toEqual(["utomhus", "pass"]);
  });

  it("splits a definite compound ('hundhallen' → 'hund' + 'hall')", () => {
    expect(splitCompound("hundhallen", vocabulary)).toEqual(["hund", "hall"]);
  });

  it("drops the linking s ('vardagslydnad' → 'vardag' + 'lydn')", () => {
    expect(splitCompound("vardagslydnad", vocabulary)).toEqual(["vardag", "lydn"]);
  });

  it("splits three parts ('promenadträningspass')", () => {
    expect(splitCompound("promenadträningspass", vocabulary)).toEqual(["promenad", "träning", "pass"]);
  });

  it("finds the last part of a place's name that the texts use alone ('regementspark' → 'park')", () => {
    const vocabulary = new Set(["park", "hall", "äng", "hund"]);
    expect(compoundTail("regementspark", vocabulary)).toBe("park");
    expect(compoundTail("bronsäng", vocabulary)).toBe("äng");
    expect(compoundTail("gävl", vocabulary)).toBeNull();
  });

  it("does not split when a part is unknown ('hundförsäkring')", () => {
    expect(splitCompound("hundförsäkring", vocabulary)).toBeNull();
    expect(splitCompound("hund", vocabulary)).toBeNull();
  });
});

describe("phrases and intent", () => {
  it("joins particle verbs into the word they mean, the particle after one word at most", () => {
    expect(joinPhrases("Hur loggar jag in?")).toContain("inloggning");
    expect(joinPhrases("Kan jag boka om?")).toContain("omboka");
    expect(joinPhrases("Kan passet ställas in?")).toContain("inställt");
    expect(joinPhrases("Vad ska jag ta med?")).toContain("ta-med");
  });

  it("drops markup a question was typed with", () => {
    expect(joinPhrases("<script>x</script>Vad kostar det?")).not.toContain("<");
  });

  it("reads what kind of answer a question wants", () => {
    expect([...intentCues("När går nästa valpkurs?")]).toEqual(["sessions"]);
    expect([...intentCues("Vad kostar VALPKURS?")]).toEqual(["price"]);
    expect([...intentCues("Var ligger Bronsängen?")]).toEqual(["places"]);
    expect([...intentCues("Vad ska jag ta med?")]).toEqual(["preparation"]);
    expect([...intentCues("Kan jag avboka?")]).toEqual(["rules"]);
    expect([...intentCues("Hur loggar jag in?")]).toEqual(["rules"]);
    expect([...intentCues("Vem är Linnea?")]).toEqual(["team"]);
    expect(intentCues("Berätta om Linnea").size).toBe(0);
  });

  it("reads 'när' inside a question, before who does something, as a condition, not as asking when", () => {
    expect([...intentCues("blir det av när det regnar")]).toEqual([]);
    expect([...intentCues("när går nästa valpkurs")]).toEqual(["sessions"]);
  });

  it("reads 'vilka platser tränar ni på' as where, and 'vilka platser är kvar' as seats", () => {
    expect([...intentCues("vilka platser tranar ni pa")]).toEqual(["places"]);
    expect([...intentCues("vilka platser ar kvar")]).toEqual(["sessions"]);
  });

  it("reads a need told without a question as asking for advice", () => {
    expect([...intentCues("hunden vaktar matskalen")]).toEqual(["advice"]);
    expect([...intentCues("valpen kommer inte nar man ropar, vilken kurs")]).toContain("advice");
    expect(intentCues("hunden ar sjuk vad gor vi").has("advice")).toBe(false);
  });

  it("reads a need told with 'blir' inside it, or asked for help with, as advice", () => {
    expect([...intentCues("min hund blir helt galen när vi möter andra hundar ute")]).toContain("advice");
    expect([...intentCues("hunden klarar inte att va ensam hemma, kan ni hjälpa?")]).toContain("advice");
    expect([...intentCues("vår hund skäller när det ringer, vad har ni för hjälp")]).toContain("advice");
    expect(intentCues("vad har ni for telefonnummer").has("advice")).toBe(false);
    expect(intentCues("valpen loper kan vi komma pa valpkursen anda da").has("advice")).toBe(false);
    expect(intentCues("vill gå med hunden i parken, finns det toalett?").has("advice")).toBe(false);
  });

  it("does not read a word typed with å, ä or ö as the cue it folds to ('vår hund' is not 'var')", () => {
    expect(intentCues("vår hund skäller").has("places")).toBe(false);
    expect(intentCues("var ligger hallen").has("places")).toBe(true);
    expect(intentCues("nar ar nasta valpkurs").has("sessions")).toBe(true);
  });

  it("keeps what the site does not speak of apart, as typed, adding no site words for it", () => {
    const read = questionWords("kan jag boka at nan annan");
    expect(read.unsaid).toEqual(["at nan annan"]);
    expect(read.added).toEqual([]);
  });

  it("folds å, ä and ö only for matching a typo", () => {
    expect(foldSwedishLetters("bronsäng gävl sjö")).toBe("bronsang gavl sjo");
  });
});

describe("greetings", () => {
  it("knows a bare greeting, with or without Flurre's name", () => {
    for (const g of ["Hej!", "hejsan", "Hallå Flurre!", "God morgon", "Tjena"]) expect(isGreeting(g)).toBe(true);
  });

  it("takes a greeting with a question in it for a question", () => {
    for (const q of ["Hej, vad kostar VALPKURS?", "hej hej var ligger hallen", "", "???"]) expect(isGreeting(q)).toBe(false);
  });
});

describe("a question told with its background", () => {
  it("tells what is asked from what the visitor tells first", () => {
    expect(splitBackground("hej! vi har en labrador på 5 mån o vi bor i sandviken, vad kostar valpkursen egentligen?")).toEqual({
      background: "vi har en labrador på 5 mån o vi bor i sandviken",
      asked: "vad kostar valpkursen egentligen?",
    });
    expect(splitBackground("Min bror rekommenderade er. När går nästa promenadträning?")).toEqual({
      background: "Min bror rekommenderade er.",
      asked: "När går nästa promenadträning?",
    });
  });

  it("has no background to tell apart in a question that only asks, points back, depends on a condition or asks advice", () => {
    expect(splitBackground("vad kostar valpkursen?")).toBeNull();
    expect(splitBackground("Vardagslydnad låter rätt, men vad kostar den?")).toBeNull();
    expect(splitBackground("vi bor i sandviken. när går nästa vardagslydnad där?")).toBeNull();
    expect(splitBackground("om jag inte kommer på passet, vad händer då?")).toBeNull();
    expect(splitBackground("min unghund drar i kopplet. vilken kurs passar oss?")).toBeNull();
    expect(splitBackground("hur lång e valpkursen, hur många veckor")).toBeNull();
    expect(splitBackground("Jag har raderat bekräftelsemejlet och minns inte vilken dag vi bokat. Hur kollar jag det?")).toBeNull();
  });
});

describe("a lexicon word read only in the sense the site uses it", () => {
  const added = (question: string) => questionWords(question).added;
  const unsaid = (question: string) => questionWords(question).unsaid;

  it("reads paying as a booking only when the booking is changed or cancelled", () => {
    expect(added("kan jag byta till en annan dag om jag redan betalat")).toContain("bokning");
    expect(added("nar ska det vara betalat")).not.toContain("bokning");
    expect(added("hur vet jag att jag har betalat")).not.toContain("bokning");
  });

  it("reads stopping as leaving the newsletter only when mail is spoken of", () => {
    expect(added("hur slutar jag få era mejl")).toContain("avprenumerera");
    expect(added("sluta fa nyhetsbrev")).toContain("avprenumerera");
    expect(added("kan man sluta mitt i kursen")).not.toContain("avprenumerera");
  });

  it("reads a reserve place as the queue, not reserving a time", () => {
    expect(added("finns det reservplatser")).toContain("kö");
    expect(added("kan man reservera en tid for hembesok")).not.toContain("kö");
  });

  it("reads calling as the recall only of calling the dog", () => {
    expect(added("hunden kommer inte nar jag kallar pa honom")).toContain("inkallning");
    expect(added("vad kallar ni er")).not.toContain("inkallning");
  });

  it("does not read the dog's owner, a dog registered, or care of dogs as the company's", () => {
    expect(added("vad heter agaren")).toContain("teamet");
    expect(added("maste agaren vara med pa passet")).not.toContain("teamet");
    expect(added("maste man registrera sig")).toContain("konto");
    expect(added("maste hunden vara registrerad")).not.toContain("konto");
    expect(added("vem skoter ekonomin")).toContain("ser");
    expect(added("skoter ni om hundar")).not.toContain("ser");
  });

  it("does not read a meeting point of another type as the online meeting, nor a park full of dogs as seats", () => {
    expect(added("hur förbereder jag mig inför ett möte på distans")).toContain("plan");
    expect(added("var ar motet for promenadtraningen")).not.toContain("plan");
    expect(added("ar det fullt pa vardagslydnad regementsparken")).toContain("lediga");
    expect(added("ar det fullt med hundar i regementsparken")).not.toContain("lediga");
  });

  it("reads who gets the money as the accounts, and a person listening as no obedience", () => {
    expect(added("vem far pengarna")).toContain("ekonomi");
    expect(added("vem far pengarna")).not.toContain("återbetalning");
    expect(added("far jag tillbaka pengarna om jag inte kan komma")).toContain("återbetalning");
    expect(added("hunden lyssnar inte när vi är ute")).toContain("lydnad");
    expect(added("lyssnar linnea pa vad man vill trana")).not.toContain("lydnad");
  });

  it("takes a booked place handed to someone else, and a second dog brought, as what the site does not speak of", () => {
    expect(unsaid("kan jag ge min plats till nan annan")).not.toHaveLength(0);
    expect(unsaid("far man ha med sig en annan hund")).not.toHaveLength(0);
    expect(joinPhrases("far man ha med sig en annan hund")).not.toContain("ta-med");
    expect(joinPhrases("vad kostar det att ta med en till hund pa hembesok")).not.toContain("ta-med");
    expect(joinPhrases("vad ska man ha med sig")).toContain("ta-med");
  });

  it("reads paying more as what tells two options apart, not paying more on some day", () => {
    expect(added("betalar man mer om man jobbar med hundar")).toContain("skillnad");
    expect(added("betalar man mer pa helgen")).not.toContain("skillnad");
  });
});
