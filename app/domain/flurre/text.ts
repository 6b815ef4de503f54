// Swedish text analysis for Flurre's search: one way to turn both the site's
// passages and a visitor's question into search terms, so the two agree.
//
// - Lower-cased with the Swedish locale after NFC normalization; å, ä and ö
//   stay distinct letters (no diacritic folding: "får" is not "far").
// - Swedish stop words and the filler of a question ("berätta", "undrar")
//   are dropped.
// - Stemmed with the Snowball Swedish stemmer, repeated until it no longer
//   changes the word: the stemmer maps 'valpkurs' to 'valpkur' but
//   'valpkursen' to 'valpkurs', and only the fixpoint makes the two meet.
// - Compounds ('utomhuspass', 'hundhallen', 'vardagslydnad') are split
//   against the vocabulary of the passages, with or without the linking s.

import { stemmer } from "@orama/stemmers/swedish";
import { lexiconMatches } from "./lexicon";

/** Common Swedish function words (the Snowball list) and the words that only frame a question. */
export const SWEDISH_STOP_WORDS: ReadonlySet<string> = new Set(
  (
    // Snowball's Swedish stop words
    "och det att i en jag hon som han på den med var sig för så till är men ett om hade de av icke mig du henne då sin nu har inte hans honom skulle hennes där min man ej vid kunde något från ut när efter upp vi dem vara vad över än dig kan sina här ha mot alla under någon eller allt mycket sedan ju denna själv detta åt utan varit hur ingen mitt ni bli blev oss din dessa några deras blir mina samma vilken er sådan vår blivit dess inom mellan sådant varför varje vilka ditt vem vilket sitta sådana vart dina vars vårt våra ert era vilkas " +
    // Framing of a question, greetings and politeness
    "hej hallå tjena hejsan tack snälla vänligen undrar undra fråga frågor frågan berätta berättar veta vet vill ville behöver behöva behövs måste ska skall få får fick finns fanns gäller göra gör gjorde kul bra lite mer mest också även just bara sen ens nog väl typ liksom alltså okej ok ja nej in fått se ser skapa skapar annan annat händer hända komma kommer gå går " +
    // How people type on a phone: short forms, and advice asked for in so many words
    "va mkt ngn ngt nån nåt nånting nån sån sånt sånn ändå oxå funkar fungerar rekommenderar rekommendera tips tipsa föreslår föreslå bättre bäst bästa passar många krävs kräva länge nånstans någonstans " +
    // What a question asks for, not what about ('vad heter…', 'vill ha hjälp med…')
    "heter hjälp hjälpa hjälper fungera fungerade fungerat funka funkade funkat " +
    // Words that frame what is asked ('fick aldrig nån länk', 'via mejlen', 'prata med nån hos er', 'sidan Mina bokningar')
    "aldrig via hos sida sidan sidor sidorna " +
    // Function words of the texts whose stem is a name's ('annars' → 'ann', as 'Anna' is)
    "annars " +
    // When something happens to the visitor, not what is asked about ('valpen är sjuk idag', 'hon har börjat löpa')
    "idag imorgon ikväll börja börjat började " +
    // Where something is held ('var hålls promenadträningen'), not a hall; again
    "hålls igen åka åker speciell speciellt speciella " +
    // Filler a visitor adds to any question, which never names what is asked about
    // ('vem är instruktören egentligen', 'vad kostar det ungefär', 'är den fullbokad redan', 'valpen blev sjuk igår')
    "egentligen ungefär tro ifall istället redan igår " +
    // Light verbs and short forms that name nothing asked about ('vilken tränare kör kombipasset', 'vem är det isf', 'lilla vovve')
    "kör köra körs körde isf lilla lille " +
    // A conjunction, as 'och' is ('både grupp och egen tid')
    "både"
  )
    .split(" ")
    // The same words typed without å, ä and ö ('nar ar nasta', 'pa', 'for').
    .flatMap((word) => [word, foldSwedishLetters(word)]),
);

/**
 * Wanting, thinking and hoping, as a polite question frames what it asks
 * ('jag skulle vilja gå valpkurs, när är nästa?', 'jag funderar på
 * promenadträningen, vad kostar den?'): filler in a question that asks for
 * something in so many words (an intent cue), a word of its own otherwise
 * ('vi funderar på en andra hund' asks nothing the site answers).
 */
export const FRAMING_WORDS: ReadonlySet<string> = new Set(
  "vilja gärna funderar fundera funderat funderade tänker tänkte hoppas förut framöver borde"
    .split(" ")
    .flatMap((word) => [word, foldSwedishLetters(word)]),
);

/**
 * Words that point at what kind of passage answers the question. Checked on
 * the question's words before stop words are dropped ('när' and 'var' are
 * stop words, yet the best cues there are).
 */
export const INTENT_CUES = {
  sessions: ["när", "datum", "kommande", "nästa", "lediga", "ledig", "ledigt", "platser", "plats", "kvar", "tider", "tid", "dag", "dagar", "tillfälle", "tillfällen", "fullbokat", "fullbokad", "vecka", "veckan", "månad", "starta", "startar", "börjar", "klockan", "kl", "dagen", "datumet",
    // A weekday asks for the dates that day ('valpkurs på fredag', 'lördagar', 'i helgen').
    ...["måndag", "tisdag", "onsdag", "torsdag", "fredag", "lördag", "söndag"].flatMap((d) => [d, `${d}ar`, `${d}en`]), "helg", "helgen", "helger"],
  price: ["kostar", "kosta", "kostnad", "kostnaden", "pris", "priset", "priser", "kr", "kronor", "billig", "billigt", "dyr", "dyrt", "avgift"],
  places: ["var", "vart", "hitta", "hittar", "adress", "adressen", "vägbeskrivning", "karta", "kartan", "ligger", "mötas", "möts", "träffas", "dit", "hit"],
  preparation: ["ta-med", "förbereda", "förbereder", "förberedelse", "förberedelser", "packa", "inför", "kläder", "klä", "godis", "koppel", "preppa"],
  rules: ["avboka", "avbokar", "avbokning", "avbokningen", "omboka", "ombokning", "boka", "bokar", "bokning", "bokningen", "ställa", "ställas", "ställs", "inställt", "inställd", "ångra", "ångrar", "återbetalning", "bindande", "villkor", "villkoren", "deltagare", "inloggning", "inloggningslänk", "logga", "loggar", "länk", "länken", "konto", "mina", "bokningar", "lösenord", "e-post",
    // The queue names what is asked as the rules do ('finns det kö?')
    "kö", "köa", "kön", "köplats", "väntelista"],
  team: ["vem", "tränare", "tränarna", "tränaren", "instruktör", "instruktören", "teamet", "team", "personal", "jobbar"],
  // Asked in phrases, not words (ADVICE_ASKED): 'vilket pass passar oss?', 'vad ska vi gå på?'.
  advice: [],
} as const satisfies Record<string, readonly string[]>;

export type IntentCue = keyof typeof INTENT_CUES;

/**
 * Cues that also name what is asked about: 'länk', 'konto', 'avboka' point
 * at the rules, and say which rule. A passage that does not carry one is not
 * the answer ('får jag en länk till onlinepasset' is not the note on online
 * sessions, 'hur avbokar jag på mina bokningar' not the sign-in text).
 * Booking in general ('boka', 'mina bokningar') names no one rule, nor
 * does whether a session is held.
 */
const GENERAL_RULE_CUES: ReadonlySet<string> = new Set([
  "boka", "bokar", "bokning", "bokningen", "bokningar", "mina",
  // Whether a session happens, asked either way round: 'blir det inställt om det regnar' of a row on 'blir … av'.
  "ställa", "ställas", "ställs", "inställt", "inställd",
]);
export const TOPIC_CUES: ReadonlySet<string> = new Set(
  INTENT_CUES.rules.filter((w) => !GENERAL_RULE_CUES.has(w)).flatMap((w) => [w, foldSwedishLetters(w)]),
);

const INTENT_NAMES: readonly IntentCue[] = ["sessions", "price", "places", "preparation", "rules", "team", "advice"];

/** Which session type to choose, asked with or without å, ä and ö ('vilket pass ska vi ta', 'vad ska vi gå på', '…, vilken kurs?'). */
const ADVICE_ASKED =
  /(?<![\p{L}])(?:(?:vilke[nt]|vilka)(?: av (?:era|er|dina|ert))? (?:pass|kurs\p{L}*) (?:ska|passar|bor|borde|rekommenderar|ar bast|(?:skulle|kan|vill) (?:ni|du) (?:rekommendera|foresla|tipsa om))|(?:vilke[nt]|vilka) (?:pass|kurs\p{L}*)(?: (?:ar )?bast)?\W*$|vad ska (?:vi|jag) (?:ga|valja|boka|ta(?!-)) ?p?a?|vad (?:rekommenderar|foreslar|tycker) (?:ni|du)|vad passar|passar (?:oss|mig|bast|honom|henne)|vad (?:bor|borde) (?:vi|jag) (?:ga|valja|boka)|vad har ni (?:for|att erbjuda) (?:hjalp|pass|kurs\p{L}*|traning\p{L}*)|vad kan ni erbjuda|kan ni hjalpa(?: \p{L}+)?\W*$|^(?:jag |vi )?vill .*(?:finns det|har ni)(?: (?:nat|nagot|sant|sadant|det))?\W*$)(?![\p{L}])/u;

/**
 * A visitor telling what the dog (or they) struggle with, and asking
 * nothing else ('hunden är för stark i kopplet', 'jag är hundförare och vill
 * utvecklas'): asks which type fits, though in no question form.
 */
const TELLS_A_NEED = /^(?:(?:min|var|vår) )?(?:hund|hunden|valp|valpen|unghund\p{L}*|jag|vi|vill)(?![\p{L}])/u;
/** Words that ask something in so many words: a statement with one of these is not only telling a need. */
const ASKING_WORDS =
  /(?<![\p{L}])(?:vad|va|var|vart|nar|hur|vem|vilk\p{L}*|kan|far|ska|maste|behover|finns|gar|ar det|(?:ar|e) (?:hon|han|den|hunden|valpen|vi|jag) for)(?![\p{L}])|(?:^|[,.;:!]\s*)blir(?![\p{L}])|\?/u;

/**
 * Word ends that are a noun's suffix, not a word of their own, although the
 * texts may use them alone ('ring'): 'parkering' is not 'park' and 'ring'.
 */
export const SUFFIX_LOOKALIKES: ReadonlySet<string> = new Set(["ring", "ning", "ling", "het", "else"]);

/** Shortest word part a compound is split into. */
const MIN_PART_LENGTH = 3;
/** A term is split only if it is at least this long. */
const MIN_COMPOUND_LENGTH = 6;

/** Lower case with Swedish rules, NFC so that a decomposed "å" is the letter å. */
export function normalizeText(text: string): string {
  return text.normalize("NFC").toLocaleLowerCase("sv-SE");
}

/** Swedish particle verbs, the particle after at most one word ('loggar jag in', 'ställs passet in'). */
const ONE_WORD = "(?:\\s+[\\p{L}\\p{N}]+)?";
const W0 = "(?<![\\p{L}\\p{N}])";
const W1 = "(?![\\p{L}\\p{N}])";

/** One more of something brought along ('en till', 'en annan', 'nån extra'), the pronoun before it at most. */
const ANOTHER_ONE = "(?:\\s+(?:sig|mig|oss|dig))?\\s+(?:en|ett|n[åa]n|n[åa]got|n[åa]gon)\\s+(?:annan|annat|till|extra)(?![\\p{L}\\p{N}])";

/** Multi-word phrases that mean one searchable word ('boka om' is 'omboka'). */
const PHRASES: readonly [RegExp, string][] = [
  [new RegExp(`${W0}boka?r?${ONE_WORD}\\s+om${W1}`, "gu"), "omboka"],
  [new RegExp(`${W0}st[äa]ll(?:a|er|s|as|des|ts)?${ONE_WORD}\\s+in${W1}`, "gu"), "inställt"],
  [new RegExp(`${W0}logga?r?${ONE_WORD}\\s+in${W1}`, "gu"), "inloggning"],
  // Signing in to book is having an account to book with ('behöver jag logga in för att boka'), which no one needs.
  [new RegExp(`${W0}inloggning\\s+f[öo]r\\s+att\\s+(?:kunna\\s+)?boka${W1}`, "gu"), "konto för att boka"],
  // Not a second dog or person brought along ('ta med en till hund', 'ha med sig en annan hund'): not what to pack.
  [new RegExp(`${W0}ta${ONE_WORD}\\s+med${W1}(?!${ANOTHER_ONE})`, "gu"), "ta-med"],
  // 'Ha något med sig', a word or two between ('behöver valpen ha nåt speciellt med sig').
  [new RegExp(`${W0}ha${ONE_WORD}${ONE_WORD}\\s+med\\s+(?:sig|mig|oss|dig)${W1}(?!${ANOTHER_ONE})`, "gu"), "ta-med"],
  // 'Var håller promenadträningen till?' asks where.
  [new RegExp(`${W0}h[åa]ller(\\s+[\\p{L}\\p{N}]+)?\\s+till${W1}`, "gu"), "var$1"],
  // 'Nån gång?' asks when.
  [new RegExp(`${W0}n[åa](?:go)?n\\s+g[åa]ng${W1}`, "gu"), "när"],
  // 'Varje gång' is how often, not a walk ('samma tränare varje gång').
  [new RegExp(`${W0}varje\\s+g[åa]ng(?:en)?${W1}`, "gu"), "varje"],
  // 'Ute i Sandviken', 'ute på Bronsängen' says where, not outdoors.
  [new RegExp(`${W0}ute(?=\\s+(?:i|på|pa)\\s)`, "gu"), ""],
  // 'Proffs-varianten', 'privat-versionen' names the type or variant itself.
  [new RegExp(`${W0}([\\p{L}]+)-(?:variant|version|alternativ)(?:en|et|er|erna)?${W1}`, "gu"), "$1"],
  // How a polite message frames itself: a name given ('jag heter Sofia'), thanks and greetings at its end, 'på något
  // sätt', 'ingen aning'.
  [new RegExp(`${W0}(?:jag|vi)\\s+heter\\s+[\\p{L}-]+${W1}`, "gu"), ""],
  [new RegExp(`${W0}(?:tacksam|tacksamma|tacksamt)\\s+f[öo]r\\s+(?:svar|hjälp|hjalp)${W1}|${W0}tack\\s+(?:på|pa|i)\\s+(?:förhand|forhand|förväg|forvag)${W1}|${W0}(?:med\\s+)?(?:vänliga|vanliga|bästa|basta)\\s+hälsningar${W1}|${W0}mvh${W1}`, "gu"), ""],
  [new RegExp(`${W0}p[åa]\\s+(?:n[åa]got|n[åa]t|n[åa]gots)\\s+(?:annat\\s+)?s[äa]tt${W1}|${W0}(?:har\\s+)?ingen\\s+aning${W1}`, "gu"), ""],
  // A day said in two words ('i morgon', 'i går', 'i kväll') is the one-word day a visitor also types, and says when
  // something happens to them, not what is asked about; how wildly a dog does something ('skäller som en galning') too.
  [new RegExp(`${W0}i\\s+(morgon|går|gar|kväll|kvall)${W1}`, "gu"), "i$1"],
  [new RegExp(`${W0}som\\s+(?:en\\s+)?(?:galning|galen|galet|tokig|tokigt|tokiga|besatt|dåre|dare)${W1}`, "gu"), ""],
  // 'Vem ska jag vända mig till?' asks who, as 'vem' does.
  [new RegExp(`${W0}v[äa]nd(?:a|er)\\s+(?:mig|oss|sig|dig)\\s+till${W1}`, "gu"), ""],
  // 'Vem håller i passen?' is who leads them, not a hall ('haller' typed without å).
  // Not a thing held in the hand ('håller i kopplet').
  [new RegExp(`${W0}h[åa]ller\\s+i${W1}(?!\\s+(?:kopplet|koppel|kopplen|handen|hunden|valpen|godiset))`, "gu"), "leder"],
  // 'Vad tar ni för …?' asks the price; 'vem tar hand om …' who handles it (no hand in it).
  [new RegExp(`${W0}tar\\s+ni\\s+(?:betalt\\s+)?f[öo]r${W1}`, "gu"), "kostar"],
  [new RegExp(`${W0}(?:ta|tar|har)\\s+hand\\s+om${W1}`, "gu"), "sköter"],
  // 'Vilka platser tränar ni på?' asks where, not for seats ('vilka platser är kvar?').
  [new RegExp(`${W0}vilka\\s+(?:platser|st[äa]llen)(?!\\s+(?:\\p{L}+\\s+)?(?:kvar|lediga?|ledigt))${W1}`, "gu"), "var träningsplatser"],
  // 'Hur går bokningen till?' asks how to book.
  [new RegExp(`${W0}hur\\s+g[åa]r\\s+(?:bokning\\p{L}*|det\\s+att\\s+boka)\\s+till${W1}`, "gu"), "hur bokar"],
  // 'När' inside a question, before who or what does something, says in which case, not when
  // ('blir det av när det regnar', 'valpen kommer inte när man ropar'): read as 'om'.
  [new RegExp(`(?<=[\\p{L}\\p{N}][\\s,]+)n[äa]r(?=\\s+(?:det|man|vi|jag|du|ni|de|han|hon|hunden|valpen|n[åa]gon|n[åa]n)${W1})`, "gu"), "om"],
];

/**
 * The question with its phrases joined into the word they mean (and any
 * markup it was typed with dropped), followed by the site's words for the
 * everyday words it uses (lexicon.ts).
 */
export function joinPhrases(text: string): string {
  const { own, added } = questionWords(text);
  return added.length > 0 ? `${own} ${added.join(" ")}` : own;
}

/**
 * The question's own text (phrases joined), the site's words the lexicon
 * adds to it, and which of its own words the lexicon read ('nätet' in 'över
 * nätet'): known to Flurre through the lexicon though the texts never use them.
 */
export function questionWords(text: string): {
  own: string;
  added: string[];
  readByLexicon: Map<string, string[]>;
  unsaid: string[];
  /** Of `unsaid`, those a passage of the site's may speak of after all, with the word it is filed under. */
  saidBy: Map<string, string>;
} {
  let own = normalizeText(text).replace(/<[^<>]*>/g, " ");
  for (const [pattern, word] of PHRASES) own = own.replace(pattern, word);
  const present = new Set(words(own));
  const all = lexiconMatches(own);
  const matches = all.filter((m) => m.words !== "");
  const added = [...new Set(matches.flatMap((m) => m.words.split(" ")))].filter((w) => !present.has(w));
  // Each word the lexicon read, with the site's words it means.
  const readByLexicon = new Map<string, string[]>();
  for (const m of matches) for (const w of words(m.typed)) readByLexicon.set(w, [...(readByLexicon.get(w) ?? []), ...m.words.split(" ")]);
  // What the visitor asked about that the site does not speak of, as typed.
  const unsaid = all.filter((m) => m.words === "").map((m) => m.typed);
  const saidBy = new Map(all.flatMap((m) => (m.words === "" && m.saidBy ? [[m.typed, m.saidBy] as const] : [])));
  return { own, added, readByLexicon, unsaid, saidBy };
}

/** The normalized words of a text: runs of letters and digits (a hyphen inside a word is kept, e.g. 'e-post'). */
export function words(text: string): string[] {
  return normalizeText(text).match(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu) ?? [];
}

/** Words that only greet (or call Flurre by name), and no question in them. */
const GREETING_WORDS: ReadonlySet<string> = new Set([
  "hej", "hejsan", "hejhej", "hallå", "halloj", "tja", "tjena", "tjenare", "tjabba", "morsning",
  "god", "goddag", "godmorgon", "godkväll", "morgon", "dag", "kväll", "hello", "hi", "voff", "flurre",
]);

/** A word that only greets ('hej', 'hallå', 'god morgon'), or calls Flurre by name. */
export function isGreetingWord(word: string): boolean {
  return GREETING_WORDS.has(word);
}

/** A bare greeting ('Hej!', 'Hallå Flurre', 'God morgon'): nothing to search for. */
export function isGreeting(text: string): boolean {
  const all = words(text);
  return all.length > 0 && all.length <= 4 && all.every((w) => GREETING_WORDS.has(w));
}

/**
 * The Snowball stem repeated to its fixpoint ('valpkursen' → 'valpkurs' →
 * 'valpkur'), then without a definite -et the stemmer leaves ('passet' →
 * 'pass', 'priset' → 'pris').
 */
export function stem(word: string): string {
  let current = word;
  for (let i = 0; i < 4; i++) {
    const next = stemmer(current);
    if (next === current) break;
    current = next;
  }
  if (current.length >= 6 && current.endsWith("et")) return stem(current.slice(0, -2));
  return current;
}

/** å, ä and ö as a keyboard without them types them: only for matching a typo, never for the index. */
export function foldSwedishLetters(word: string): string {
  return word.replace(/[åä]/g, "a").replace(/ö/g, "o");
}

export function isStopWord(word: string): boolean {
  return SWEDISH_STOP_WORDS.has(word);
}

/** A single letter says nothing to search for ('b' of a stray tag, an initial). */
export function isLoneLetter(word: string): boolean {
  return word.length === 1 && /\p{L}/u.test(word);
}

/** A text's search terms: words, no stop words, stemmed (numbers kept as they are). */
export function analyze(text: string, stemWord: (word: string) => string = stem): string[] {
  const terms: string[] = [];
  for (const word of words(text)) {
    if (isStopWord(word) || isLoneLetter(word)) continue;
    terms.push(/^\p{N}+$/u.test(word) ? word : stemWord(word.replace(/-/g, "")));
  }
  return terms;
}

/**
 * `stem` remembering its results for one question: the passages repeat the
 * same words (weekdays, 'platser kvar', the type names) many times. Made per
 * question, so nothing outlives it.
 */
export function memoStem(): (word: string) => string {
  const known = new Map<string, string>();
  return (word) => {
    let stemmed = known.get(word);
    if (stemmed === undefined) {
      stemmed = stem(word);
      known.set(word, stemmed);
    }
    return stemmed;
  };
}

/**
 * A compound word's parts that are in `vocabulary`, as stems: 'utomhuspass'
 * → ['utomhus', 'pass'], 'vardagslydnad' → ['vardag', 'lydn'] (the linking s
 * dropped). Prefers the split with the longest head; the tail may itself be
 * a compound. Null when no split has every part in the vocabulary.
 */
export function splitCompound(
  word: string,
  vocabulary: ReadonlySet<string>,
  stemWord: (word: string) => string = stem,
  depth = 0,
): string[] | null {
  if (word.length < MIN_COMPOUND_LENGTH || depth > 2) return null;
  for (let at = word.length - MIN_PART_LENGTH; at >= MIN_PART_LENGTH; at--) {
    const head = knownHead(word.slice(0, at), vocabulary, stemWord);
    if (head === null) continue;
    const tail = word.slice(at);
    const tailStem = stemWord(tail);
    if (vocabulary.has(tailStem) && !SUFFIX_LOOKALIKES.has(tailStem)) return [head, tailStem];
    const tailParts = splitCompound(tail, vocabulary, stemWord, depth + 1);
    if (tailParts) return [head, ...tailParts];
  }
  return null;
}

/**
 * The last part of a name's compound that the texts use alone, as a stem:
 * 'regementsparken' → 'park', 'hundhallen' → 'hall', 'bronsängen' → 'äng'.
 * A visitor names a place by it ('parken i Gävle', 'hallen'). Null when none.
 */
export function compoundTail(word: string, vocabulary: ReadonlySet<string>, stemWord: (word: string) => string = stem): string | null {
  if (word.length < MIN_COMPOUND_LENGTH) return null;
  for (let at = MIN_PART_LENGTH; at <= word.length - MIN_PART_LENGTH; at++) {
    const tail = stemWord(word.slice(at));
    if (tail.length >= MIN_PART_LENGTH && vocabulary.has(tail) && !SUFFIX_LOOKALIKES.has(tail)) return tail;
  }
  return null;
}

/** A compound's head as a vocabulary term: as written, stemmed, or without a linking s ('vardags' → 'vardag'). */
function knownHead(head: string, vocabulary: ReadonlySet<string>, stemWord: (word: string) => string): string | null {
  if (vocabulary.has(head)) return head;
  const stemmed = stemWord(head);
  if (vocabulary.has(stemmed)) return stemmed;
  if (head.endsWith("s") && head.length > MIN_PART_LENGTH) {
    const bare = head.slice(0, -1);
    if (vocabulary.has(bare)) return bare;
    const bareStem = stemWord(bare);
    if (vocabulary.has(bareStem)) return bareStem;
  }
  return null;
}

/** Which kinds of passage the question's words point at (typed with or without å, ä and ö). */
export function intentCues(text: string): Set<IntentCue> {
  // A word typed with å, ä or ö is only itself ('vår hund' is not 'var'); one typed without may stand for one with ('nar').
  const typed = words(joinPhrases(text));
  const present = new Set(typed.filter((w) => !/[åäö]/u.test(w)));
  const exact = new Set(typed);
  const cues = new Set<IntentCue>();
  for (const cue of INTENT_NAMES) {
    if ((INTENT_CUES[cue] as readonly string[]).some((w) => exact.has(w) || present.has(foldSwedishLetters(w)))) cues.add(cue);
  }
  const folded = foldSwedishLetters(questionWords(text).own).trim();
  // Telling a need: 'kopplet' is a cue of what to bring, yet 'hunden drar i kopplet' tells what to train.
  const onlyTells = [...cues].every((c) => c === "preparation") && TELLS_A_NEED.test(folded) && !ASKING_WORDS.test(folded);
  if (ADVICE_ASKED.test(folded) || onlyTells) cues.add("advice");
  return cues;
}

/** Words a question opens with ('vad kostar…', 'när går…', 'kan jag…'), typed with or without å, ä and ö, after 'men', 'så', 'undrar'. */
const OPENS_A_QUESTION =
  /^(?:(?:men|och|o|sa|nu|jag|bara|undrar|undra|fragan|ar)\s+)*(?:vad|va|vem|vilk\p{L}*|nar|var|vart|hur|varfor|kan|far|finns|maste|behover|gar|blir|ska|tar|brukar|funkar|galler|erbjuder|har ni|ar det|e det)(?![\p{L}])/u;
/** Words that open a clause the rest depends on ('om jag inte kommer, …', 'när valpen är sjuk, …'): it is part of what is asked. */
const OPENS_A_CONDITION = /^(?:om|ifall|tank om|innan|eftersom|nar|medan|efter|utan|trots|fast|sa lange)(?![\p{L}])/u;
/** Words that point back at what an earlier sentence named ('när går nästa sånt pass?', 'kan hon gå valpkursen?', 'vad kostar den?'). */
const POINTS_BACK = /(?<![\p{L}])(?:dar|dit|den|dem|dom|sant|sadant|san|sadan|sana|sadana|samma|hon|han|henne|honom|dessa|denna|detta|da|anda|isf|sa fall)(?![\p{L}])/u;

/**
 * A question written with its background first ('Hej! Vi har en labrador på
 * 5 månader och bor i Sandviken, vad kostar valpkursen?'): what it asks
 * ('vad kostar valpkursen?': the sentences that end with a question mark
 * or open as a question, from the clause that opens it) and what it tells
 * before. Null when there is no background to tell apart: one sentence
 * that only asks, or a part that would lose what is asked about — with no
 * word of its own beyond what it asks for ('vad kostar den?'), one that
 * points back ('där', 'hon', 'sånt'), a clause it depends on ('om jag inte
 * kommer, vad händer då?'), or an advice question, whose background is
 * the question ('min unghund drar i kopplet, vad passar?').
 */
export function splitBackground(text: string): { background: string; asked: string } | null {
  const sentences = (text.match(/[^.!?\n]+[.!?]*/gu) ?? []).map((s) => s.trim()).filter((s) => words(s).some((w) => !isGreetingWord(w)));
  const folded = (s: string) => foldSwedishLetters(normalizeText(s)).trim();
  const asks = (s: string) => s.includes("?") || OPENS_A_QUESTION.test(folded(s));
  const asking = sentences.filter(asks);
  if (asking.length === 0) return null;
  // Within the question, from the clause that opens it, when what comes before only tells of the visitor and the dog.
  const clauses = asking.join(" ").split(/,\s*/u);
  const opening = clauses.findIndex((c, i) => i > 0 && OPENS_A_QUESTION.test(folded(c)));
  const before = opening > 0 ? clauses.slice(0, opening) : [];
  const tellsOnly = before.length > 0 && before.every((c) => !asks(c) && !OPENS_A_CONDITION.test(folded(c)) && TELLS_OF_THE_VISITOR.test(folded(c)));
  const asked = tellsOnly ? clauses.slice(opening).join(", ") : asking.join(" ");
  const background = [...sentences.filter((s) => !asks(s)), ...(tellsOnly ? before : [])].join(". ");
  if (words(background).length === 0) return null;
  const own = words(questionWords(asked).own).filter((w) => !isStopWord(w) && !isLoneLetter(w) && !isGreetingWord(w) && !INTENT_WORDS.has(foldSwedishLetters(w)));
  if (own.length === 0 || POINTS_BACK.test(folded(asked)) || ENDS_ON_IT.test(folded(asked)) || ASKS_WHICH_TYPE.test(folded(asked)) || intentCues(asked).has("advice")) return null;
  return { background, asked };
}

/** A clause that tells of the visitor, their dog or their life ('vi har en labrador på 5 månader', 'jag bor i Sandviken'). */
const TELLS_OF_THE_VISITOR = /(?<![\p{L}])(?:jag|vi|min|mitt|mina|var|vart|vara|varan|hon|han|hunden|valpen|hundarna)(?![\p{L}])/u;

/** 'Det' as the last word, the thing done ('hur kollar jag det?', 'vad kostar det'), not the 'det' of 'finns det plats'. */
const ENDS_ON_IT = /(?<![\p{L}])det\W*$/u;

/** Which type or session to choose ('vilket pass e rätt för mig?'): the background is what it is chosen by. */
const ASKS_WHICH_TYPE = /(?<![\p{L}])vilk\p{L}* (?:pass|kurs\p{L}*|traning\p{L}*)(?![\p{L}])/u;

/** Every intent cue's word, without å, ä and ö: what a question asks for, not what about. */
const INTENT_WORDS: ReadonlySet<string> = new Set(INTENT_NAMES.flatMap((cue) => (INTENT_CUES[cue] as readonly string[]).map(foldSwedishLetters)));
