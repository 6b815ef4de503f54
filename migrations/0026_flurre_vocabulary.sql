-- Flurre's general Swedish: how visitors ask, kept as data, not code. Every
-- name of a person, session type, place or town comes from the tables staff
-- edit; this table holds only the language around them.
--
--   filler   a word that names nothing asked about ('hej', 'undrar', 'jag')
--   topic    a word that says what is asked (value: price, when, seats,
--            where, who, bring, queue, advice, newsletter, leave, signin,
--            cancel, held, book, contact, payment, sick, difference,
--            full, count; unsaid: what the site never speaks of, so
--            that no answer accounts for it)
--   same     a spelling or everyday word, read also as the words in value
--            ('mkt' → 'mycket', 'mejl' → 'e-post')
--   phrase   several words read as the words in value; '~' between two
--            words lets one filler word stand between them ('loggar jag
--            in'), '*' any one word ('ställs passet in'), kept as its own
--   weekday  value 1 (måndag) to 7 (söndag), several as '6 7'
--   month    value 1 to 12
--   day      a day said relative to today (value: days ahead)
--   grammar  'yes-no': a verb that opens a yes-or-no question ('kan',
--            'finns'); 'not': a word that turns a sentence ('inte');
--            'lives': the visitor telling where they live ('bor i')
--
-- Words are written as Swedish is (å, ä, ö); Flurre reads them with and
-- without those letters, and in their inflected forms.
CREATE TABLE flurre_vocabulary (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  word TEXT NOT NULL CHECK (length(word) BETWEEN 1 AND 60 AND word = lower(word) AND word = trim(word)),
  kind TEXT NOT NULL CHECK (kind IN ('filler', 'topic', 'same', 'phrase', 'weekday', 'month', 'day', 'grammar')),
  value TEXT NOT NULL DEFAULT '' CHECK (length(value) <= 120),
  CHECK (kind = 'filler' OR value <> ''),
  CHECK (kind = 'phrase' OR instr(word, ' ') = 0)
);
CREATE UNIQUE INDEX flurre_vocabulary_word_kind ON flurre_vocabulary (word, kind);

-- Words that name nothing asked about: Swedish function words, greetings,
-- politeness and the framing of a question. The question words (när, var,
-- vem) are here too: they say what kind of answer is wanted (their topic rows
-- below), never what it is about.
INSERT OR IGNORE INTO flurre_vocabulary (word, kind) SELECT value, 'filler' FROM json_each('[
  "och", "det", "att", "i", "en", "jag", "hon", "som", "han", "på", "den", "med", "sig", "för", "så", "till",
  "är", "men", "ett", "om", "hade", "de", "av", "icke", "mig", "du", "henne", "då", "sin", "nu", "har", "inte",
  "hans", "honom", "skulle", "hennes", "där", "min", "man", "ej", "vid", "kunde", "något", "från", "ut", "efter",
  "upp", "vi", "dem", "vara", "vad", "över", "än", "dig", "kan", "sina", "här", "ha", "mot", "alla", "under",
  "någon", "eller", "allt", "mycket", "sedan", "ju", "denna", "själv", "detta", "åt", "utan", "varit", "hur",
  "ingen", "mitt", "ni", "bli", "blev", "oss", "din", "dessa", "några", "deras", "blir", "mina", "samma",
  "vilken", "er", "sådan", "vår", "blivit", "dess", "inom", "mellan", "sådant", "varför", "varje", "vilka",
  "ditt", "vilket", "sådana", "dina", "vars", "vårt", "våra", "ert", "era", "de", "dom", "hej", "hallå", "tjena",
  "hejsan", "tja", "tack", "snälla", "vänligen", "undrar", "undra", "fråga", "frågor", "frågan", "berätta",
  "veta", "vet", "vill", "ville", "vilja", "behöver", "behöva", "behövs", "måste", "ska", "skall", "få", "får",
  "fick", "finns", "fanns", "gäller", "göra", "gör", "bra", "lite", "mer", "också", "även", "just", "bara",
  "ens", "nog", "väl", "typ", "liksom", "alltså", "okej", "ok", "ja", "nej", "fått", "se", "händer", "komma",
  "kommer", "gå", "går", "gärna", "funderar", "fundera", "tänker", "tänkte", "hoppas", "ändå", "egentligen",
  "ungefär", "tro", "tror", "ifall", "redan", "hjälp", "hjälpa", "heter", "fungerar", "funkar", "kul", "nåt",
  "nån", "också", "eran", "erat", "hundpass", "ni", "oss", "sen", "isåfall", "förresten", "annars", "också",
  "mm", "asså", "hmm", "ah", "aha", "jo", "mvh", "hälsningar", "förhand", "tacksam", "tacksamma", "svar",
  "undrade", "lurade", "kolla", "kollar", "skulle", "kunna", "kunnat", "vore", "borde", "bör", "får", "finnes",
  "själva", "enligt", "både", "vill", "vet", "igen", "när", "var", "vart", "vem", "hitta", "hittar", "e", "va",
  "hos", "mkt", "o", "isf", "skapa", "några", "oxå", "längre", "sidan", "också", "också", "någonting", "nånting", "sånt", "sån", "sånn", "ngn", "ngt"
]');

-- Words that say what is asked.
INSERT INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'topic', json_extract(value, '$[1]') FROM json_each('[
  ["kostar", "price"], ["kosta", "price"], ["kostnad", "price"], ["kostade", "price"], ["pris", "price"],
  ["priset", "price"], ["priser", "price"], ["priserna", "price"], ["prislista", "price"], ["avgift", "price"],
  ["kr", "price"], ["kronor", "price"], ["dyr", "price"], ["dyrt", "price"], ["dyra", "price"],
  ["dyrare", "price"], ["billig", "price"], ["billigt", "price"], ["billigare", "price"], ["billigast", "price"],
  ["betalt", "price"], ["gratis", "price"], ["när", "when"], ["datum", "when"], ["kommande", "when"],
  ["nästa", "when"], ["tider", "when"], ["tid", "when"], ["tillfälle", "when"], ["tillfällen", "when"],
  ["startar", "when"], ["börjar", "when"], ["klockan", "when"], ["kl", "when"], ["schema", "when"],
  ["dag", "when"], ["dagar", "when"], ["vecka", "when"], ["månad", "when"], ["snart", "when"], ["hålls", "when"],
  ["platser", "seats"], ["plats", "seats"], ["kvar", "seats"], ["ledig", "seats"], ["lediga", "seats"],
  ["ledigt", "seats"], ["fullbokat", "full"], ["fullbokad", "full"], ["fullt", "full"], ["full", "full"],
  ["fulla", "full"], ["upptaget", "full"], ["fullbokade", "full"], ["fullsatt", "full"], ["var", "where"],
  ["vart", "where"], ["adress", "where"], ["hitta", "where"], ["hittar", "where"], ["ligger", "where"],
  ["karta", "where"], ["vägbeskrivning", "where"], ["ställe", "where"], ["ställen", "where"],
  ["träffas", "where"], ["ses", "where"], ["dit", "where"], ["vägen", "where"], ["vem", "who"], ["vilka", "who"],
  ["tränare", "who"], ["instruktör", "who"], ["team", "who"], ["personal", "who"], ["jobbar", "who"],
  ["leder", "who"], ["ledare", "who"], ["anställda", "who"], ["roll", "who"], ["driver", "who"], ["sköter", "who"],
  ["fixar", "who"], ["ansvarar", "who"], ["ansvarig", "who"], ["svarar", "who"], ["bakgrund", "who"], ["metod", "who"],
  ["träningsmetod", "who"], ["teamet", "who"], ["tränarna", "who"], ["tränaren", "who"], ["instruktören", "who"], ["ta-med", "bring"],
  ["förbereda", "bring"], ["förberedelse", "bring"], ["packa", "bring"], ["packlista", "bring"],
  ["inför", "bring"], ["tänka", "bring"], ["kö", "queue"], ["kön", "queue"],
  ["köa", "queue"], ["reservlista", "queue"], ["köplats", "queue"], ["kölista", "queue"],
  ["väntelista", "queue"], ["reserv", "queue"], ["reservplats", "queue"], ["passar", "advice"],
  ["rekommendera", "advice"], ["rekommenderar", "advice"], ["föreslå", "advice"], ["tips", "advice"],
  ["bäst", "advice"], ["välja", "advice"], ["nyhetsbrev", "newsletter"], ["utskick", "newsletter"],
  ["prenumerera", "newsletter"], ["nyheter", "newsletter"], ["nyhetsmejl", "newsletter"],
  ["avprenumerera", "leave"], ["avregistrera", "leave"], ["avanmäla", "leave"], ["sluta", "leave"],
  ["avsluta", "leave"], ["slippa", "leave"], ["logga", "signin"], ["inloggning", "signin"],
  ["inloggningslänk", "signin"], ["länk", "signin"], ["konto", "book"], ["lösenord", "signin"],
  ["inlogg", "signin"], ["avboka", "cancel"], ["avbokning", "cancel"], ["omboka", "cancel"],
  ["ombokning", "cancel"], ["ångra", "cancel"], ["ångrar", "cancel"], ["återbetalning", "cancel"], ["bindande", "cancel"],
  ["flytta", "cancel"], ["inställt", "held"], ["inställd", "held"], ["deltagare", "held"], ["minst", "held"],
  ["boka", "book"], ["bokning", "book"], ["bokar", "book"], ["bokat", "book"], ["kontakta", "contact"],
  ["kontakt", "contact"], ["ringa", "contact"], ["telefon", "contact"], ["mejla", "contact"],
  ["maila", "contact"], ["mejlar", "contact"], ["mailar", "contact"], ["telefonnummer", "contact"],
  ["nummer", "contact"], ["kontaktformulär", "contact"], ["prata", "contact"], ["betala", "payment"],
  ["betalar", "payment"], ["betalning", "payment"], ["betalsätt", "payment"], ["swish", "payment"],
  ["kort", "payment"], ["sjuk", "sick"], ["löper", "sick"], ["löpning", "sick"], ["löpa", "sick"],
  ["krassel", "sick"], ["förkyld", "sick"], ["kräks", "sick"], ["skadad", "sick"], ["skillnad", "difference"],
  ["skiljer", "difference"], ["jämföra", "difference"], ["antal", "count"], ["årtal", "unsaid"],
  ["startade", "unsaid"], ["grundades", "unsaid"], ["parkering", "unsaid"], ["parkera", "unsaid"],
  ["parkerar", "unsaid"], ["p-plats", "unsaid"], ["facebook", "unsaid"], ["instagram", "unsaid"],
  ["rabatt", "unsaid"], ["rabattkod", "unsaid"], ["försäkring", "unsaid"], ["försäkrad", "unsaid"],
  ["praktik", "unsaid"], ["praktisera", "unsaid"], ["jobb", "unsaid"], ["hundvakt", "unsaid"],
  ["hundpassning", "unsaid"], ["rasta", "unsaid"], ["katt", "unsaid"], ["häst", "unsaid"], ["väder", "unsaid"],
  ["vädret", "unsaid"], ["prognos", "unsaid"], ["kursplan", "unsaid"], ["stall", "unsaid"],
  ["lekplats", "unsaid"], ["bada", "unsaid"], ["simma", "unsaid"], ["jogga", "unsaid"], ["springer", "unsaid"],
  ["hundpark", "unsaid"], ["kontant", "unsaid"], ["faktura", "unsaid"], ["klarna", "unsaid"],
  ["säljer", "unsaid"], ["köpa", "unsaid"], ["uppgifter", "unsaid"], ["personuppgifter", "unsaid"],
  ["gdpr", "unsaid"], ["hundkläder", "unsaid"], ["täcke", "unsaid"], ["filma", "unsaid"],
  ["utställning", "unsaid"], ["tävling", "unsaid"], ["tävla", "unsaid"]
]');

-- Spellings and everyday words, read as the site's.
INSERT INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'same', json_extract(value, '$[1]') FROM json_each('[
  ["mkt", "mycket"], ["e", "är"], ["va", "vad"], ["o", "och"], ["å", "och"], ["oxå", "också"], ["mej", "mig"],
  ["dej", "dig"], ["vart", "var"], ["kurs", "pass"], ["kurser", "pass"], ["lektion", "pass"],
  ["lektioner", "pass"], ["gruppass", "pass"], ["grupp-pass", "pass"], ["träningspass", "pass"],
  ["träningstillfälle", "tillfälle"], ["mejl", "e-post"], ["mail", "e-post"], ["epost", "e-post"],
  ["mejladress", "e-postadress"], ["mailadress", "e-postadress"], ["epostadress", "e-postadress"],
  ["mejlet", "e-post"], ["vovve", "hund"], ["anmäld", "deltagare"], ["anmälda", "deltagare"], ["anmält", "deltagare"],
  ["regnar", "regn"], ["spöregnar", "regn"], ["ösregnar", "regn"], ["ösregna", "regn"],
  ["utepass", "utomhuspass"], ["utepassen", "utomhuspassen"], ["kontaktuppgifter", "kontakt"], ["snacka", "prata"], ["snackar", "prata"], ["unghund", "hund"], ["jycke", "hund"], ["tik", "hund"],
  ["hane", "hund"], ["instruktör", "tränare"], ["hundinstruktör", "tränare"], ["ledare", "tränare"],
  ["väntelista", "kö"], ["kölista", "kö"], ["köplats", "kö"], ["inne", "inomhus"], ["ute", "utomhus"],
  ["onlinemöte", "online"], ["videomöte", "online"], ["distans", "online"], ["zoom", "online"],
  ["teams", "online"], ["digitalt", "online"], ["videosamtal", "online"], ["hembesök", "hem"], ["hemma", "hem"],
  ["privattimme", "privatlektion"], ["enskild", "privatlektion"], ["återbetalning", "avboka"],
  ["ångra", "avboka"], ["flytta", "omboka"], ["prenumerera", "nyhetsbrev"], ["mejllista", "nyhetsbrev"],
  ["maillista", "nyhetsbrev"], ["mejllistan", "nyhetsbrev"], ["maillistan", "nyhetsbrev"],
  ["nyhetsmejlet", "nyhetsbrev"], ["utskick", "nyhetsbrev"], ["nyhetsmejl", "nyhetsbrev"],
  ["kontaktformuläret", "kontaktformulär"], ["drar", "koppel"], ["kopplet", "koppel"],
  ["skäller", "dörrklockan"], ["ensam", "ensamhet"], ["ropar", "inkallning"], ["lyssnar", "lydnad"],
  ["lydig", "lydnad"]
]');

-- Several words read as one.
INSERT INTO flurre_vocabulary (word, kind, value) SELECT json_extract(value, '$[0]'), 'phrase', json_extract(value, '$[1]') FROM json_each('[
  ["ta * med", "ta-med"], ["ha * med", "ta-med"], ["boka * om", "omboka"], ["ställa * in", "inställt"],
  ["ställs * in", "inställt"], ["ställas * in", "inställt"], ["ställer * in", "inställt"], ["tag på", "kontakta"], ["hur når", "kontakta"], ["byta till", "omboka"], ["blir * av", "inställt"],
  ["logga ~ in", "inloggning"], ["loggar ~ in", "inloggning"], ["hur mycket", "kostar"], ["hur mkt", "kostar"], ["betala för", "kostar"], ["få betala", "kostar"],
  ["ligger priset", "pris"], ["över nätet", "online"], ["på nätet", "online"], ["via video", "online"],
  ["vad tar ni", "kostar"], ["nån gång", "när"], ["någon gång", "när"], ["i morgon", "imorgon"],
  ["i kväll", "ikväll"], ["i dag", "idag"], ["i helgen", "helgen"], ["höra av", "kontakta"],
  ["hör av", "kontakta"], ["få tag på", "kontakta"], ["pengarna tillbaka", "återbetalning"],
  ["pengar tillbaka", "återbetalning"], ["få ~ tillbaka", "återbetalning"],
  ["tillbaka ~ pengarna", "återbetalning"], ["skriva ~ upp", "anmäla"], ["skriver ~ upp", "anmäla"],
  ["ställa ~ i kö", "kö"], ["ha på sig", "ta-med"], ["hålla ~ till", "var"], ["håller ~ till", "var"],
  ["bli * av", "inställt"], ["för få", "minst deltagare"], ["ringer på dörren", "dörrklockan"],
  ["min bokning", "inloggning"], ["hur många", "antal"], ["vilket år", "årtal"], ["kommer ~ till", "hitta"],
  ["komma ~ till", "hitta"], ["ta sig till", "hitta"], ["vilken kurs", "passar"], ["vilket pass", "passar"],
  ["vad ska vi gå på", "passar"], ["per gång", "pass"], ["per tillfälle", "pass"], ["håller i", "leder"], ["min tid", "bokning"], ["mitt nästa pass", "inloggning"], ["har jag bokat", "inloggning"], ["mina pass", "inloggning"],
  ["gått ut", "gäller"], ["slutat ~ fungera", "gäller"], ["slutat ~ funka", "gäller"], ["annan tid", "omboka"], ["annan dag", "omboka"],
  ["annat datum", "omboka"], ["har hand om", "sköter"],
  ["tar hand om", "sköter"], ["varje gång", "varje"], ["hålla i", "leder"],
  ["mina bokningar", "inloggning"], ["sina bokningar", "inloggning"], ["vilka ställen", "var"], ["vilket ställe", "var"], ["mina sidor", "inloggning"]
]');

INSERT INTO flurre_vocabulary (word, kind, value) VALUES
  ('måndag', 'weekday', '1'), ('tisdag', 'weekday', '2'), ('onsdag', 'weekday', '3'), ('torsdag', 'weekday', '4'),
  ('fredag', 'weekday', '5'), ('lördag', 'weekday', '6'), ('söndag', 'weekday', '7'), ('helg', 'weekday', '6 7'),
  ('helgen', 'weekday', '6 7'), ('helger', 'weekday', '6 7'), ('vardag', 'weekday', '1 2 3 4 5'),
  ('vardagar', 'weekday', '1 2 3 4 5'), ('mån', 'weekday', '1'), ('tis', 'weekday', '2'), ('ons', 'weekday', '3'),
  ('tors', 'weekday', '4'), ('fre', 'weekday', '5'), ('lör', 'weekday', '6'), ('sön', 'weekday', '7'),
  ('januari', 'month', '1'), ('februari', 'month', '2'), ('mars', 'month', '3'), ('april', 'month', '4'),
  ('maj', 'month', '5'), ('juni', 'month', '6'), ('juli', 'month', '7'), ('augusti', 'month', '8'),
  ('september', 'month', '9'), ('oktober', 'month', '10'), ('november', 'month', '11'), ('december', 'month', '12'),
  ('jan', 'month', '1'), ('feb', 'month', '2'), ('aug', 'month', '8'), ('sept', 'month', '9'), ('okt', 'month', '10'),
  ('nov', 'month', '11'), ('dec', 'month', '12'),
  ('idag', 'day', '0'), ('ikväll', 'day', '0'), ('imorgon', 'day', '1'), ('övermorgon', 'day', '2');

INSERT INTO flurre_vocabulary (word, kind, value) VALUES
  ('kan', 'grammar', 'yes-no'), ('får', 'grammar', 'yes-no'), ('går', 'grammar', 'yes-no'), ('finns', 'grammar', 'yes-no'),
  ('måste', 'grammar', 'yes-no'), ('behöver', 'grammar', 'yes-no'), ('behövs', 'grammar', 'yes-no'), ('är', 'grammar', 'yes-no'),
  ('e', 'grammar', 'yes-no'), ('blir', 'grammar', 'yes-no'), ('ska', 'grammar', 'yes-no'), ('har', 'grammar', 'yes-no'),
  ('gäller', 'grammar', 'yes-no'), ('funkar', 'grammar', 'yes-no'), ('fungerar', 'grammar', 'yes-no'), ('krävs', 'grammar', 'yes-no'),
  ('inte', 'grammar', 'not'), ('ej', 'grammar', 'not'), ('aldrig', 'grammar', 'not'), ('utan', 'grammar', 'not'),
  ('ingen', 'grammar', 'not'), ('inga', 'grammar', 'not'), ('inget', 'grammar', 'not'),
  ('bor', 'grammar', 'lives'), ('bosatt', 'grammar', 'lives'), ('bosatta', 'grammar', 'lives'), ('flyttat', 'grammar', 'lives');
