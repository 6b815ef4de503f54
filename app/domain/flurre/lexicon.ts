// The words visitors use for what the site names otherwise: 'hembesök' for
// HEMMIS, 'på distans' for the online PLAN meeting, 'privatlektion' for
// PRIVAT & PROFFS, 'ställen' for places, 'pengarna tillbaka' for the binding
// rule. Each entry is a pattern over the question (lower case, matched with
// or without å, ä and ö) and the site's own words it adds to the question,
// so the search, the intent cues and the type names all see them. Data, not
// logic: add a line when a visitor's word is missed (staff add whole answers
// as FAQ rows, which the index reads as they are).

/**
 * [what a visitor writes (a regular expression over whole words), the site's words it means]; no words:
 * something the site does not speak of.
 */
export const FLURRE_LEXICON: ReadonlyArray<readonly [string, string]> = [
  // Session types by what they are
  ["hembes[oö]k\\w*|hem till (?:oss|mig|er)|(?<!(?:varit|bott|bor|flyttat|flyttade|kom|kommit) )hemma hos (?:oss|mig)|komma hem|kommer hem|(?:hj[aä]lp|tr[aä]na\\w*|tr[aä]ning) hemma|hemma med (?:hunden|valpen|v[aå]r hund)", "hemmis hembesök"],
  ["distans|n[aä]tet|video\\p{L}*|digital\\w*|online|onlinem[oö]te\\w*|zoom|teams|videosamtal", "plan online"],
  ["privatlektion\\w*|privattr[aä]ning\\w*|egen tr[aä]nare|enskild\\w*|(?:lektion|timme|tid) med (?:en )?tr[aä]nare|(?:en )?egen lektion|egna lektioner", "privat proffs"],
  ["(?:jobbar|arbetar) (?:med|m) hundar|hundf[oö]rare|hundproffs|yrkes\\w*", "proffs privat"],
  // Planning the training, and training without going anywhere: the online planning meeting
  ["hinner inte (?:[aå]ka|ta mig|ta oss) (?:n[aå]nstans|n[aå]gonstans|iv[aä]g)|utan att [aå]ka (?:n[aå]nstans|n[aå]gonstans|iv[aä]g)", "online"],
  // The outdoor sessions in short ('vem leder utepassen') are what the site calls utomhuspassen
  ["utepass\\p{L}*|utomhuspass\\p{L}*", "utomhus pass"],
  // A dog past the puppy age ('hunden är inte längre valp') is older than the puppy course's ages
  // (not when it asks about another type by name: 'inte längre valp, vad kostar vardagslydnad' asks its price)
  ["(?:(?:inte|ingen) (?:l[aä]ngre |n[aå]n |n[aå]gon )?(?:en )?valp(?:en)?(?! ?kurs)|v[aä]xt ur valp\\p{L}*)(?!.*(?:lydnad|promenad|kombi|hemmis|hembes|plan|privat|proffs))(?<!(?:lydnad|promenad|kombi|hemmis|hembes|plan|privat|proffs).*)", "äldre"],
  ["valptr[aä]ning\\w*|valpkurs\\w*|kurs\\w* f[oö]r valpar", "valpkurs"],
  // A type by the first half of its name ('promenaden', 'kombi', 'lydnaden')
  ["promenad\\w*", "promenadträning"],
  ["kombi|kombin", "kombipass"],
  // The group sessions by the name the team's texts give them ('vem har hand om gruppupsen')
  ["gruppups\\p{L}*|grupp-?pass\\p{L}*|gruppass\\p{L}*", "pass"],
  // Not a compound whose last part is something else ('lydnadsprov', 'lydnadstävling'): a session's is ('lydnadskurs').
  ["lydnad(?:en|er|erna|s(?:tr[aä]ning|kurs|pass|grupp)\\p{L}*)?|vardagslydnaden", "vardagslydnad"],
  ["unghund\\w*|tik|tiken|hane|hanen|vovve\\w*|jycke\\w*|valp|valpen|valpar|valparna|valpis", "hund"],
  ["kurs|kursen|kurser|kurserna|lektion\\w*", "pass"],
  ["drar i kopplet|drar i koppel|drar|kopplet|koppelg[aå]ng\\w*|g[aå] fint", "koppelgång koppel"],
  // The dog does not come when called ('kommer inte när man ropar')
  ["ropar|kallar(?= p[aå] (?!er|oss|mig|dig))|kommer inte (?:n[aä]r|om)|inkallning\\w*", "inkallning"],
  // Not afraid of something else ('rädd för att åka bil', 'rädd för smällare'), which is no meeting with other dogs.
  // Nor the visitor's own doubt ('jag är osäker på om jag har betalat', 'osäker på vilket pass').
  ["(?<!(?:jag|vi) (?:[aä]r|e|k[aä]nner mig)(?: lite| v[aä]ldigt| j[aä]tte)? )(?:r[aä]dd|os[aä]ker|nerv[oö]s)\\w*(?! p[aå] (?:om|vilk\\p{L}*|vad|hur|n[aä]r|var|vem|det)(?![\\p{L}]))(?! (?:f[oö]r|av|i|med) (?!(?:andra )?(?:hund|hundar|hundarna|valpar|valparna)(?![\\p{L}]))\\p{L}+)|(?:tr[aä]ffa|m[oö]ta) andra hundar", "möten andra hundar"],
  // A bitch in heat ('tiken är i löpet') is what the note on a sick dog speaks of
  // Not a thing that runs out ('när löper kursen ut').
  ["l[oö]pp?(?:et|a|er|ning\\w*)(?!(?: \\p{L}+)? ut(?![\\p{L}]))", "löper"],
  // The visitor's own cold ('jag är förkyld, kan jag komma ändå') is not the dog's illness the note speaks of.
  ["(?<!(?:jag|vi) (?:[aä]r|e|blev|har blivit|k[aä]nner mig|har)(?: lite| v[aä]ldigt| j[aä]tte)? )(?:kr[aä]k\\w*|spy\\w*|diarr\\w*|feber|krasslig\\p{L}*|f[oö]rkyl\\p{L}*|hostar|hosta|\\p{L}+sjuk(?:a|an|dom\\p{L}*)?)", "sjuk"],
  ["ringer p[aå] d[oö]rren|d[oö]rren|d[oö]rrklock\\w*|sk[aä]ller", "dörrklockan"],
  ["lyssnar inte|lyssnar(?!(?: \\p{L}+)? p[aå] (?:vad|hur|vem|oss|mig|er|dig|[oö]nskem\\p{L}*))|lyder inte|lydig\\w*", "lydnad vardagslydnad"],
  ["tr[aä]ningsplan\\w*|planering\\w*", "plan"],
  // The only meeting the site has ('ett möte på distans'); 'PLAN-möte' names it already.
  ["(?<!-)(?:m[oö]te|m[oö]tet|m[oö]ten)(?! (?:f[oö]r|till|vid|p[aå]) (?!plan)\\p{L}*(?:tr[aä]ning|kurs|pass|lydnad|hemmis|promenad)\\p{L}*)", "plan"],
  // Places, team and the company
  ["st[aä]llen|st[aä]lle|st[aä]llena", "var träningsplatser"],
  // A place by the last part of its name ('ängen' for Bronsängen)
  ["[aä]ngen|[aä]ngarna", "bronsängen"],
  ["ses|ses vi|tr[aä]ffas", "mötas"],
  // Not the owner leading their own dog ('ledaren för min hund').
  ["(?:instrukt[oö]r\\w*|ledare|leder|ledaren)(?! (?:f[oö]r|[oö]ver) (?:min|mina|v[aå]r|v[aå]ra|din|sin|hunden|valpen)(?![\\p{L}]))", "tränare"],
  // Someone of the team by what they do ('tjejen som håller i kursen', 'vilka är ni som håller på med det här', 'vem sköter administrationen')
  ["(?:tjejen|killen|personen|hon|han|den) som (?:leder|tr[aä]nar|har kursen|har passet)", "tränare"],
  ["h[aå]ller p[aå] med", "teamet"],
  // Holding a course is leading it ('håller linnea kurser i sandviken')
  ["h[aå]ller(?= (?:\\p{L}+ )?(?:kurs|pass|lektion|gruppup|privatpass|hembes)\\p{L}*)", "leder"],
  // A trainer's background ('vad har linnea för bakgrund') is what the site says of their role
  ["bakgrund\\p{L}*", "roll"],
  // Someone's place in the company ('vad har Jonas för roll i företaget') is about the team
  ["(?:i|p[aå]|hos|inom) (?:f[oö]retaget|firman)", "teamet"],
  // The office asked of Flurre ('vad gör Flurre på kontoret') is his role, the office dog
  ["(?:p[aå]|i) kontoret(?=.*\\bflurre)|(?<=\\bflurre\\b.*)(?:p[aå]|i) kontoret", "kontorshund"],
  // Questions about money are the role of the one who keeps the accounts ('vem vänder jag mig till med ekonomifrågor')
  ["ekonomi(?:fr[aå]g|sak|[aä]rend)\\p{L}*", "ekonomi"],
  ["administrat\\w*|admin", "administration"],
  // Owning is the company's only of the company ('vem äger hundpass'), not of a dog ('vem äger flurre')
  ["[aä]ger(?= (?:hundpass|f[oö]retaget|firman|bolaget|er|ert)(?![\\p{L}])|\\s*\\??$)|driver|(?:jobbar|arbetar) (?:hos|p[aå]|f[oö]r) (?:er|hundpass)|anst[aä]llda", "teamet"],
  // Not the care of dogs ('sköter ni om hundar': dog sitting, which the site does not offer)
  ["sk[oö]ter(?!(?: ni| du| man)? om )|ansvarar|ansvarig\\w*|fixar", "ser till"],
  ["(?:ni|er)(?: f[oö]r)? telefonnummer|ert (?:telefon)?nummer|ringa (?:er|till er)|(?:mejla|maila) (?:er|till er)|n[aå] er|kontakta er", "kontakta kontaktformulär"],
  // The one a visitor talks to at a session ('vem pratar jag med på PLAN-mötet') is its trainer, not the contact form.
  ["(?:prata|pratar|snacka|snackar)(?: (?:jag|vi|man))? med(?= (?:p[aå]|under) )", "tränare"],
  // So is the one a visitor meets at it ('vem ska jag träffa på videomötet').
  ["(?:tr[aä]ffa|tr[aä]ffar)(?= (?:p[aå]|under) )", "tränare"],
  // The one who calls at a phone meeting ('vem ringer upp om man väljer telefonmöte') is its trainer, not the contact form
  ["(?<=vem )ringer(?= (?:upp|mig|oss|dig|en|er)(?=.*(?:telefonm[oö]te|m[oö]te|plan)))", "tränare"],
  // Who gets in touch when something happens ('vem ringer om passet ställs in', 'vem mejlar om det blir ledigt') asks for the notice the rules give
  ["(?<=vem )(?:ringer|mejlar|mailar|meddelar|kontaktar|h[oö]r av sig)(?: (?:mig|oss|en|er|dig))?(?= (?:om|n[aä]r) )", "besked"],
  // Whom to contact about a thing ('vem ska jag kontakta om kvitto') is the one of the team who handles it, not the contact form alone
  ["(?<=vem (?:ska|kan|b[oö]r|f[aå]r) (?:jag|vi|man) )(?:kontakta|fr[aå]ga)(?= om (?!(?:jag|vi|man|du|ni|det|den|hunden|valpen)(?![\\p{L}]))\\p{L}+)", "teamet"],
  // The one a visitor talks to now ('vem är det jag pratar med', 'vem pratar jag med?') is the chat: Flurre.
  ["(?<=vem (?:[aä]r det |e det )?(?:jag|vi) )(?:pratar|snackar|chattar|skriver) med(?=\\s*\\??\\s*$)|(?<=vem )(?:pratar|snackar|chattar|skriver) (?:jag|vi) med(?=\\s*\\??\\s*$)", "flurre"],
  ["(?<!vem (?:[aä]r det |e det )?(?:jag |vi )?)(?:prata|pratar|snacka|snackar)(?!(?: (?:jag|vi|man))? med (?:p[aå]|under) )|f[aå] tag p[aå]", "kontakta"],
  // The dog's owner ('måste ägaren vara med på passet') is the visitor, not the company's
  ["(?<!hund\\p{L}* )[aä]garen?(?! (?:vara|va|komma|g[aå]|f[oö]lja) med)|grundare|grundaren", "teamet"],
  // The trainers as a whole: whether it is one and the same ('samma tränare varje gång', 'byter ni tränare', 'har ni flera tränare')
  ["(?:samma|olika|flera|fler|byter(?: ni)?) (?:tr[aä]nare|instrukt[oö]r\\p{L}*|ledare)", "teamet"],
  // Where to read about the trainers ('kan jag läsa om tränarna nånstans innan jag bokar'): the team's page
  ["l[aä]s(?:a|er)? (?:mer )?om (?:er|tr[aä]nar\\p{L}*|instrukt[oö]r\\p{L}*|teamet|personalen)(?: \\p{L}+)?(?: innan (?:jag|vi|man) bokar)?", "teamet"],
  // Who the company is ('vilka är ni', 'vem är ni egentligen', 'teamet bakom hundpass', 'vilka står bakom er')
  ["(?:st[aå]r|[aä]r) bakom|bakom (?:hundpass|er|f[oö]retaget|firman)", "teamet"],
  ["(?:vilka|vem) [aä]r ni", "teamet"],
  // The chat is Flurre ('vem svarar här i chatten'); whether he is real is his role ('en riktig hund', 'robot': kontorshund)
  ["chatt\\w*(?! med (?:en |n[aå]n |n[aå]gon )?(?:m[aä]nniska|person|riktig))|chat|chatbot\\w*|chattbot\\w*", "flurre"],
  // A person to talk to instead of the chat ('kan jag chatta med en människa'), or a way to reach them named alone
  // ('telefon?'), is the contact form.
  ["(?:chatta|prata|snacka|tala) med (?:en |n[aå]n |n[aå]gon )?(?:m[aä]nniska|riktig person|person)|(?<![\\s\\S])(?:telefon|telefonnummer|telefonnr|mejladress|mailadress)(?=\\s*\\??\\s*$)", "kontakta kontaktformulär"],
  // The one who handles the questions that come in ('vem tar hand om alla frågor som kommer in') is Flurre, the question expert
  ["(?:sk[oö]ter|svarar p[aå]|h[aå]ller koll p[aå]|tar emot|l[aä]ser) (?:alla |era |mina |v[aå]ra |de |dom )?fr[aå]g(?:or|orna)|fr[aå]g(?:or|orna) som kommer in", "frågeexpert"],
  ["riktig (?:hund|vovve|jycke)|[aä]kta (?:hund|vovve)|robot\\w*", "kontorshund"],
  // How a trainer trains ('är hon sträng', 'med belöning', 'vilken metod', 'hur jobbar linnea med hundarna')
  ["hur (?:jobbar|arbetar|tr[aä]nar) \\p{L}+ med (?:hund\\p{L}*|valp\\p{L}*)|str[aä]ng|h[aå]rdh[aä]nt\\w*|bel[oö]ning\\w*|positiv f[oö]rst[aä]rkning|tr[aä]ningsmetod\\w*|metod\\w*", "belöningsbaserat"],
  // What the site does not speak of (no site words): asked with it, a question gets the honest answer, though
  // its words look like the site's ('parkerar' stems to 'park', 'åt nån annan' is all small words).
  // Parking by any of its names ('p-platser vid bronsängen', 'p-ruta'): 'platser' alone is the site's seats and places.
  // Who else has booked ('kan jag se vilka som är anmälda', 'vilka andra går kursen', 'samma valpar varje gång'): the site never shows it.
  ["samma (?:valpar|hundar|deltagare|grupp)|vilka (?:andra |fler )?(?:som )?(?:[aä]r|e|har) (?:anm[aä]lda|bokade|bokat|anm[aä]lt sig|med)|vilka (?:andra |fler )?(?:som )?(?:g[aå]r|kommer)(?= (?:p[aå] )?(?:kursen|passet|valpkursen|samma))", ""],
  ["parker\\w*|p-?plats\\p{L}*|p-?ruta\\p{L}*|p-?ficka\\p{L}*|p-?skiva\\p{L}*", ""],
  // Which trainer is best or better at something ('vem e bäst på valpar av era tränare'): the site does not rank its trainers
  ["(?:vem|vilken|vilka)(?: (?:av (?:er|era|dom|dem|de)|tr[aä]nare\\p{L}*|instrukt[oö]r\\p{L}*))? (?:[aä]r|e) (?:b[aä]st|b[aä]ttre|duktigast|skickligast|mest erfaren)(?! att)", ""],
  // What the weather will be ('blir det regn i gävle på lördag', 'väderprognosen för helgen') is a forecast, which the site
  // does not give; whether a session is held in the rain ('blir passet av om det regnar') is the rain row's.
  // The weather of a day or a town, typed short ('väder gävle imorgon', 'vädret i helgen'), is a forecast too.
  ["v[aä]d(?:er|ret) (?:\\p{L}+ )?(?:idag|imorgon|i morgon|ikv[aä]ll|i helgen|helgen|p[aå] (?:m[aå]ndag|tisdag|onsdag|torsdag|fredag|l[oö]rdag|s[oö]ndag)|(?:i |f[oö]r )?g[aä]vle|(?:i |f[oö]r )?sandviken)(?!.*(?:pass|kurs|tr[aä]n|bli\\p{L}* av|inst[aä]ll))|(?:v[aä]der)?prognos\\p{L}*|v[aä]derlek\\p{L}*|(?:hur )?blir v[aä]dret|v[aä]dret (?:blir|ska bli)|(?:blir|kommer|ska) det (?:att )?(?:bli )?(?:regn\\p{L}*|sol\\p{L}*|sn[oö]\\p{L}*|[aå]sk\\p{L}*|storm\\p{L}*|kallt|varmt|minusgrader|fint v[aä]der|d[aå]ligt v[aä]der)(?!.*(?:pass|kurs|tr[aä]n|bli\\p{L}* av|inst[aä]ll))", ""],
  // Ways to pay ('tar ni kort', 'kan man betala med kort'; 'kort' alone is short): card and Swish are what the site may take
  // when it takes payment at booking (its passage on paying files the ones it takes, SAID_WHEN), and unsaid otherwise;
  // the rest it never names.
  ["(?:ta|tar) (?:ni|du|man|emot) kort|betala\\w* med kort|kortbetalning\\w*|betalkort\\w*|kreditkort\\w*|bankkort\\w*", ""],
  ["swish\\p{L}*", ""],
  ["kontant\\w*|faktura\\p{L}*|klarna|delbetal\\p{L}*", ""],
  // A wallet brought along ('planbok' for 'plånbok'), whether it is worth it ('är det
  // värt det', typed 'vart'), what a name stands for ('vad står PLAN för') and stables ('har ni stall'): the texts do not say.
  ["pl[aå]nbok\\p{L}*|(?<=(?<![\\p{L}])(?:[aä]r|e) (?:\\p{L}+ )?)v[aä]rt(?= (?:det|pengarna|priset)(?![\\p{L}]))|(?<=vad st[aå]r (?:\\p{L}+ ){1,2})f[oö]r(?=\\s*\\??\\s*$)|(?<=(?:har ni|finns det) (?:\\p{L}+ )?)stall(?:et|ar)?(?=\\s*\\??\\s*$)", ""],
  // Of the people themselves, what the texts do not say: who of them is the most of something ('vem är roligast'), how
  // someone looks ('hur ser Linnea ut'), where they come from ('är Linnea från Sandviken'), why the company has its
  // name, a trainer who came late, who else is in one's group, and what time it is now.
  ["(?<=vem (?:[aä]r|e) (?:den |det )?)(?:\\p{L}{2,}ast(?:e)?|b[aä]st|s[aä]mst)(?![\\p{L}])|hur ser (?:\\p{L}+ ){1,2}ut(?![\\p{L}])|(?<=(?<![\\p{L}])(?:[aä]r|e|kommer) (?:\\p{L}+ )?)fr[aå]n(?= \\p{L}+\\s*\\??\\s*$)|varf[oö]r heter (?:ni|du|f[oö]retaget)|(?:tr[aä]naren|instrukt[oö]ren|ni|hon|han) (?:var|kom) (?:sen|sena|f[oö]rsenad\\p{L}*)|(?:vem|vilka) (?:\\p{L}+ ){0,2}(?:i|med i) (?:min|mitt|v[aå]r|v[aå]rt) (?:grupp|pass)\\p{L}*|vad [aä]r klockan|hur mycket [aä]r klockan", ""],
  // A course or a booking running out ('när löper kursen ut'), and something come twice ('jag har fått två bekräftelser',
  // 'dubbelbokad'): the texts do not say.
  ["l[oö]per (?:\\p{L}+ )?ut(?![\\p{L}])|(?:tv[aå]|tre|flera|dubbla) (?:likadana )?(?:bekr[aä]ftelse\\p{L}*|mejl|mail|kvitton)(?![\\p{L}])|dubbel(?:bokad|bokning|debiter|dragen)\\p{L}*", ""],
  // Whether the chat is kept ('loggar ni chatten', 'sparar ni det jag skriver'): the site's texts do not say.
  ["(?:loggar|sparar|l[aä]ser|lagrar) (?:ni|du) (?:chatt\\p{L}*|samtal\\p{L}*|konversation\\p{L}*|det (?:jag|vi) skriver)", ""],
  // Liability and insurance ('vem ansvarar om hunden skadar sig', 'är ni ansvariga om min hund biter'), and what is done with
  // a visitor's personal data ('vad gör ni med mina uppgifter'): the site's texts do not speak of them.
  ["(?:ansvar\\p{L}*)(?= (?:om|f[oö]r|n[aä]r|ifall) (?:\\p{L}+ ){0,3}(?:skada\\p{L}*|skadar|biter|bet|h[aä]nder|g[aå]r s[oö]nder))|f[oö]rs[aä]kr\\p{L}*|(?:g[oö]r|sparar|hanterar|anv[aä]nder) ni (?:med )?(?:mina|v[aå]ra|era) (?:person)?uppgifter|personuppgift\\p{L}*|gdpr|integritet\\p{L}*", ""],
  // Handing one's booked place to someone else ('ge min plats till nån annan'), and a dog brought besides one's own
  ["(?:ge|l[aä]mna|s[aä]lja|[oö]verl[aå]ta)\\p{L}* (?:bort )?(?:min|mitt|v[aå]r|v[aå]rt|sin|sitt|en|ett) (?:plats|bokning|pass)\\p{L}*(?= (?:till|[aå]t) )|(?:ha|ta) med (?:sig |mig |oss )?(?:en|ett|n[aå]n|n[aå]gon) (?:annan|till|extra) (?:hund|valp)\\p{L}*|(?:en|ett|v[aå]r|min) andra (?:hund|valp)\\p{L}*|[aå]t (?:n[aå]n|n[aå]gon|en) annan|f[oö]r (?:n[aå]n|n[aå]gon|en) annans?|i (?:mitt|sitt|ditt) st[aä]lle", ""],
  // Care of a dog while its owner is away, which the site does not offer ('kan ni ta hand om min hund en vecka', 'hundvakt',
  // 'promenadtjänst', 'kan ni komma hem när vi inte är hemma'); walking one's own dog before a session ('ska jag rasta hunden innan') is the checklist's.
  ["(?:kan|kunde|f[aå]r|vill) (?:ni|du) (?:sk[oö]ter|sk[oö]ta|passa|rasta|g[aå] ut med|promenera med) (?:min|mina|v[aå]r|v[aå]ra|hunden|hundarna|valpen)|(?:n[aä]r|medan|om) (?:vi|jag) (?:inte|ej) [aä]r hemma|(?:n[aä]r|medan) (?:vi|jag) [aä]r (?:borta|bortresta|p[aå] jobbet)|hundvakt\\p{L}*|hundpassning\\p{L}*|hundrastning\\p{L}*|promenadtj[aä]nst\\p{L}*", ""],
  // Work at the company: internships, jobs, becoming a trainer ('kan jag praktisera hos er', 'hur blir man hundinstruktör').
  ["praktik\\p{L}*|praktisera\\p{L}*|l[aä]rling\\p{L}*|(?:s[oö]ka|s[oö]ker) jobb\\p{L}*|lediga jobb|(?:bli|blir (?:man|jag)|utbilda (?:mig|sig|dig) till) (?:hund)?(?:instrukt[oö]r|tr[aä]nare)\\p{L}*", ""],
  // A person's age ('hur gammal är du', 'hur gammal är linnea'): the site tells a dog's, for the puppy course, and no one's else.
  // Nor does it tell the team's own dogs ('vem av er har hund') or what a trainer wears ('vad har tränaren på sig').
  ["(?:hur )?gammal (?:[aä]r|e) (?:du|ni|flurre|linnea|jonas|tr[aä]naren|instrukt[oö]ren)|(?:vem|vilka|vilken) av (?:er|dom|dem|de) (?:har|[aä]ger)|har (?:ni|du|linnea|jonas|tr[aä]naren) (?:egen|egna|en egen) (?:hund|hundar|valp)|(?:tr[aä]nar\\p{L}*|instrukt[oö]r\\p{L}*|ledar\\p{L}*|linnea|jonas) (?:ha|har) p[aå] sig|(?:ha|har) (?:tr[aä]nar\\p{L}*|instrukt[oö]r\\p{L}*|ledar\\p{L}*|linnea|jonas) p[aå] sig", ""],
  // Clothes for the dog ('ska hunden ha kläder', 'hundtäcke'): the checklist's 'Kläder efter väder' are the owner's.
  ["(?:hund|valp)\\p{L}* (?:ha|ha p[aå] sig|beh[oö]ver|m[aå]ste ha) (?:n[aå]gra |n[aå]n |egna )?(?:kl[aä]der|t[aä]cke|overall|regnt[aä]cke|jacka)|hundkl[aä]der|hundt[aä]cke\\p{L}*|hundjack\\p{L}*", ""],
  // Several seats or dogs in one booking ('kan jag boka två platser', 'komma med två hundar'), how busy a place or day is ('vilken dag är det lugnast i
  // hallen'), a place used without a session ('får man vara i hallen utan tränare') and coming without the dog: the site does not say.
  ["(?:boka|bokar) (?:tv[aå]|tre|fyra|flera|fler|[2-9]) platser|(?:komma|g[aå]|delta) med (?:tv[aå]|tre|flera|fler|b[aå]da) (?:hundar|valpar|hundarna|valparna)|lugnast|tr[aä]ngsel|(?:mycket|mest|minst|lite) folk|utan (?:tr[aä]nare|instrukt[oö]r|ledare)|(?:g[aå]|komma|delta|vara med) utan (?:hund|hunden|valp|valpen)", ""],
  // Retaking a course ('kan man gå om kursen'), and a book ('har ni en bok'), which 'boka' only looks like.
  ["g[aå] om (?:kursen|passet|\\p{L}+kursen)|g[aå] (?:kursen|\\p{L}+kursen) igen|bok|boken|b[oö]cker(?:na)?", ""],
  // A video sent or recorded ('kan jag mejla en video', 'skickar ni video efter'), not the online meeting; swimming and
  // running with the dog asked of ('får hunden bada', 'springer ni med hundarna'); public dog parks ('hundpark gävle').
  ["(?:skicka|skickar|mejla|mejlar|maila|mailar|filma|filmar|spela in|spelar in)(?: \\p{L}+){0,2} video\\p{L}*|videoklipp\\p{L}*|(?:f[aå]r|kan|ska) (?:hunden |valpen |man |vi |hundarna )?(?:bada|simma)|springer (?:ni|du|man) med|tr[aä]na l[oö]pning|jogga\\p{L}*|canicross|hundpark\\p{L}*|hundrastg[aå]rd\\p{L}*", ""],
  // Visiting the company itself ('kan jag besöka er'), checking in on site ('var anmäler jag mig på plats') and a course's
  // syllabus ('kursplan'): the site does not speak of them.
  ["bes[oö]ka (?:er|hundpass|kontoret)|komma f[oö]rbi|(?:anm[aä]l\\p{L}*|checka\\p{L}* in|registrera\\p{L}*)(?: (?:jag|vi|man))?(?: (?:mig|oss|sig|dig))? p[aå] plats(?:en)?|kursplan\\p{L}*|l[aä]roplan\\p{L}*", ""],
  // Another site by its address ('finns ni på hitta.se', 'facebook.com'): not the site's own pages.
  ["[\\p{L}\\p{N}-]+\\.(?:se|com|nu|org|net|io|eu|dk|no|fi)", ""],
  // Rules
  // Not when the session was called off ('passet blev inställt, när får jag pengarna'): the rule is the visitor's cancelling, and
  // what the business pays back then the texts do not say.
  ["(?<!(?:inst[aä]ll|st[aä]ll(?:s|des|de|er ni|des det) in)[\\s\\S]*)(?:f[oö]rlora\\p{L}* (?:jag |vi |man )?(?:pengarna|pengar\\p{L}*|betalningen)|pengar\\w* tillbaka|tillbaka pengar\\w*|(?<!vem (?:\\p{L}+ ){0,3})(?<!f[oö]r )pengarna|[aå]terbetal\\w*|refund\\p{L}*|f[aå]r?(?: (?:jag|vi|man|du))? tillbaka)(?![\\s\\S]*(?:inst[aä]ll|st[aä]ll(?:s|des|de|er ni) in))", "återbetalning"],
  // Not showing up ('måste jag betala om jag inte dyker upp') is the binding rule's: a booking cannot be cancelled; paying asked of it is the money back
  ["inte dyker upp|dyker inte upp|uteblir|uteblev", "avboka bindande"],
  // Not coming to a booked session ('om jag inte kommer på passet, vad händer då?'), the visitor's own, not the dog's when called
  ["(?:jag|vi|man) (?:inte|aldrig) (?:kommer|kan komma)(?= (?:p[aå]|till) (?:passet|kursen|lektionen|tr[aä]ningen|m[oö]tet|hembes[oö]ket)|\\s*[,.?!]|$)|(?:jag|vi|man) kommer (?:inte|aldrig)(?= (?:p[aå]|till) (?:passet|kursen|lektionen|tr[aä]ningen|m[oö]tet|hembes[oö]ket)|\\s*[,.?!]|$)", "avboka bindande"],
  ["(?:m[aå]ste|beh[oö]ver) (?:jag|vi|man) (?:[aä]nd[aå] |fortfarande )?betala(?=.*(?:dyker|uteblir|uteblev|avbok|sjuk|kommer inte|kan inte komma))", "återbetalning"],
  // What is paid for is a booking when it is changed or cancelled ('byta dag om jag redan betalat'); paying alone ('när ska det vara betalat') is not
  ["(?:betalat|betalade|har betalt)(?=.*(?:byt|flytt|omboka|[aä]ndr|avbok|tillbaka))|(?<=(?:byt|flytt|omboka|[aä]ndr|avbok|tillbaka)\\p{L}*.*)(?:betalat|betalade|har betalt)", "bokning"],
  ["flytta\\w*|byta (?:till )?(?:en )?(?:annan )?(?:dag|tid|datum)|annan (?:dag|tid|datum)|[aä]ndra\\w* (?:min |mitt |en |i )?bokning\\w*", "omboka"],
  ["hur m[aå]nga\\b.*\\b(?:bli|blir) av|minsta antal\\w*", "deltagare minst"],
  // Told in advance ('får man veta i förväg om ett gruppass ställs in') is the notice the rules give, hours before; only when told of a session called off, not seen ('se passen i förväg') or of anything else ('vilken tränare')
  ["(?<=(?:veta|besked|reda p[aå]|meddela\\p{L}*|h[oö]ra)(?: (?:det|de|ni|man|jag|vi))? )i f[oö]rv[aä]g(?=.*(?:st[aä]ll\\p{L}* in|inst[aä]ll\\p{L}*|blir av|blir det av))", "besked innan"],
  // 'Bara en' or 'bara två' counts participants only of people or dogs, or nothing named: not 'bara en fråga', nor the team ('är ni bara två').
  ["f[oö]r f[aå]|anm[aä]l(?:er|t|da|de)? sig|anm[aä]lda|ingen annan|inga andra|bara (?:jag|vi)|(?<!(?:ni|er) )bara (?:en|tv[aå])(?=\\s*[?.!]?\\s*$| (?:deltagare|anm[aä]l\\p{L}*|hund\\p{L}*|person\\p{L}*|st\\p{L}*|bokat|bokar|har|[aä]r|blir|kommer|dyker)(?![\\p{L}]))|(?:bara )?(?:[aä]r|blir) (?:bara )?(?:\\d|en|tv[aå]|tre)(?: st\\w*| deltagare| hundar)?$|(?:vi|jag|ni) (?:[aä]r|blir) bara|(?:[aä]r|blir) f[aå](?= |$)", "deltagare inställt"],
  // Someone else leaving a full session ('om nån hoppar av, får jag platsen då?'): the queue.
  ["(?:n[aå]n|n[aå]gon|n[aå]gon annan|n[aå]n annan|andra|en annan)(?: som)? (?:hoppar av|avbokar|l[aä]mnar [aå]terbud|f[aå]r f[oö]rhinder)", "kö ledigt"],
  // Two options weighed against each other ('är proffs dyrare än privat'): what tells them apart.
  ["(?:dyrare|billigare|mer|mindre) [aä]n|j[aä]mf[oö]r\\w*", "skillnad"],
  ["\\d+ (?:[aå]r|m[aå]n\\w*|veckor|v)|[aå]lder\\w*|gammal|gamla", "gammal"],
  ["t[aä]nka p[aå]|redo|fixa(?: n[aå]t| n[aå]got| n[aå]gonting)?(?: hemma)?(?= (?:inf[oö]r|innan|till)\\b)", "förbereda inför"],
  ["innan|f[oö]rsta g[aå]ngen|f[oö]rsta pass\\w*", "inför"],
  ["ta(?:r)?(?: jag| vi| man| du)? (?:mig|oss|sig|dig) (?:till|dit|hit)", "hitta vägbeskrivning"],
  ["ha med(?!(?: (?:oss|mig|sig))? (?:en|ett|n[aå]n|n[aå]gon) (?:annan|till|extra) )(?: (?:oss|mig|sig))?", "ta-med"],
  ["ha p[aå] sig|ha p[aå] (?:hunden|valpen)", "ta-med koppel sele"],
  ["ha p[aå] (?:mig|oss|dig)|kl[aä]\\w* (?:mig|oss|sig|dig)", "ta-med kläder"],
  // What is needed for a session, as a list to pack ('vad behövs till passet', 'packlista')
  ["packlist\\w*|beh[oö]v(?:s|er (?:jag|vi|man|hunden|valpen))(?: \\w+)? (?:till|f[oö]r|inf[oö]r|p[aå])(?: att \\p{L}+)? (?:passet|passen|kursen|pass|kurs|lektion\\w*|tr[aä]ning\\w*|f[oö]rsta\\w*|\\w+passet|\\w+kursen|online\\w*|hemmis|plan)", "ta-med"],
  ["ha hemma|ha redo|ha framme", "förbereda inför"],
  // A link that stops working is the sign-in link (the one that expires)
  ["l[aä]nk\\w* (?:har )?(?:slutat|slutar) (?:fungera|funka)", "inloggningslänk"],
  // A link that no longer works ('länken i mejlet funkar inte längre') has run out, as the sign-in link does
  ["l[aä]nk\\p{L}*(?: \\p{L}+){0,3} (?:funkar|fungerar|g[aå]r) inte(?: l[aä]ngre)?|l[aä]nk\\p{L}* (?:[aä]r|blev) ogiltig\\p{L}*", "gäller inloggningslänk"],
  // How a booking is made, asked as how it goes ('hur går en bokning till', 'hur funkar bokningen'): how to book
  ["hur (?:g[aå]r|fungerar|funkar) (?:en |det med |det till att |det att )?(?:bokning|bokningen|bokningar|bokningarna|boka)(?: till)?", "boka bokar"],
  ["(?:ser|se|hittar|hitta|kollar|kolla|visa)(?: \\w+)? mina? bokning\\w*|mina bokningar", "inloggning"],
  // Signing in as people name it: their own pages, an account, a password they forgot, a link that ran out
  ["mina sidor|min sida|mitt konto|kontot|mitt inlogg|inlogg|inloggad", "inloggning"],
  ["mina? bokning\\w* (?:syns|visas)|kommer inte in(?! i\\b)", "inloggning"],
  ["(?:ser|se|hittar|hitta|kollar|kolla)(?: \\w+){0,3} (?:jag|vi|man) (?:har )?bokat|mina? (?:gamla|tidigare|kommande|egna) bokning\\w*", "inloggning bokningar"],
  // The visitor's own sessions asked of ('när är mitt nästa pass', 'vilka pass har jag bokat', 'vad kostade mitt pass') are on their bookings' page, not the next free dates or the prices
  ["(?:mitt|mina) (?:n[aä]sta|kommande) pass\\p{L}*|n[aä]r (?:[aä]r|b[oö]rjar|g[aå]r) (?:mitt|mina) pass\\p{L}*|(?:vilka|vilket) pass\\p{L}* har (?:jag|vi) bokat|vad kostade (?:mitt|min|mina) (?:pass|bokning)\\p{L}*", "inloggning bokningar"],
  ["gamla bokning\\w*", "tidigare"],
  ["gl[oö]m(?:t|de|mer|mit)?(?: \\w+)? l[oö]sen(?:ord)?\\w*", "lösenord inloggning"],
  // The site signs in with a link, which visitors may call a code
  ["(?:inloggnings)?kod(?:en)?|eng[aå]ngskod\\w*", "inloggningslänk"],
  // A dog registered ('måste hunden vara registrerad') is not the visitor's account
  ["(?<!(?:hund|valp)\\p{L}*(?: \\p{L}+){0,4} )(?:registrera\\w*|registrering\\w*)", "konto"],
  ["(?:har )?g[aå]tt ut|gick ut", "gäller"],
  // Using a link more than once ('flera gånger', 'andra gången jag klickar'): the sign-in link is used once
  ["(?:flera g[aå]nger|fler [aä]n en g[aå]ng|(?:en )?g[aå]ng till|andra g[aå]ngen|(?:tv[aå]|tre) g[aå]nger)(?:(?=.*l[aä]nk)|(?<=l[aä]nk.*))", "gång"],
  ["klick\\p{L}*(?= p[aå] l[aä]nk)|(?<=l[aä]nk\\p{L}*(?: \\p{L}+){0,4} )(?:klick\\p{L}*|trycker)", "använda"],
  // Dates, seats, prices
  // Not full of something ('fullt med hundar i parken'), which is not a session's seats
  ["snart|fortfarande|full|fullt(?! (?:med|av) )|fulla|fullbokade", "lediga platser"],
  // A session taken ('går nästa hembesök att boka eller e det taget') is a full one
  ["(?:[aä]r|e|va|var) (?:det |den |det redan )?(?:taget|tagen|upptaget|upptagen)|upptaget|upptagen", "lediga platser fullbokat"],
  // The first free time is the next one ('första lediga tid')
  ["f[oö]rsta (?:lediga?|ledigt|m[oö]jliga)", "nästa lediga"],
  // Room for one more ('finns det rum för en valp till', 'ryms vi')
  ["rum f[oö]r|ryms|f[aå]r (?:vi|jag|vi tv[aå]|vi b[aå]da) plats", "lediga platser"],
  // No seat left is a full session ('fanns ingen plats kvar, vad gör jag då?')
  ["(?:ingen|inga) (?:ledig[at]? )?plats(?:er)?(?: kvar)?", "fullbokat"],
  // A seat asked for though the session is full ('om det är fullbokat, kan jag få en plats ändå?') is the queue's
  ["(?:om|n[aä]r) (?:det|passet|kursen) (?:[aä]r|e|blir|redan [aä]r) (?:fullt|full|fullbokat?)(?=.*(?:plats|komma med|vara med|boka))|(?:f[aå]|komma(?: med)?|f[aå] vara med)(?: (?:en|n[aå]n|n[aå]gon))?(?: plats)? [aä]nd[aå](?=.*full)|full\\p{L}*(?=.*(?:f[aå]|komma(?: med)?|f[aå] vara med)(?: (?:en|n[aå]n|n[aå]gon))?(?: plats)? [aä]nd[aå])", "kö"],
  // What one pays for something ('hur mycket betalar man för ett gruppass', 'vad kommer jag att behöva betala för ett hembesök')
  ["betalt|gratis|avgiften|(?:vad|hur (?:mycket|mkt))(?: (?!f[oö]r\\b)\\p{L}+){0,5} betala(?:r)?(?: (?:man|jag|vi|ni|du))?(?= f[oö]r )|(?:vad|hur (?:mycket|mkt)) (?:f[aå]r|ska|m[aå]ste) (?:man|jag|vi) betala", "kostar"],
  // Prices weighed against each other ('är valpkursen dyrare än vardagslydnaden', 'kostar privat o proffs lika mkt')
  ["(?:dyrare|billigare) [aä]n|lika dyr\\p{L}*|samma pris", "kostar"],
  // 'Lika mycket' weighs two things ('kostar privat o proffs lika mkt'): what tells them apart
  ["lika (?:mycket|mkt)", "skillnad"],
  // What sets two apart ('vad skiljer privat från proffs')
  ["skilj(?:er|s|a)(?: \\p{L}+)?(?= (?:fr[aå]n|[aå]t|mellan))|skiljer", "skillnad"],
  // Paying more for one option ('betalar man mer om man jobbar med hundar') asks what tells them apart, and their prices
  // Not more on some days or times ('betalar man mer på helgen'), which no option is told apart by
  ["betala(?:r)? (?:man |jag |vi )?mer(?! (?:p[aå]|under|i) (?:en |ett )?(?:helg|kv[aä]ll|morgon|dag|m[aå]ndag|tisdag|onsdag|torsdag|fredag|l[oö]rdag|s[oö]ndag|sommar|vinter|jul)\\p{L}*)", "kostar skillnad"],
  // The cheapest ('vad kostar det billigaste gruppasset') is the price sessions cost from
  ["billigast\\p{L}*|l[aä]gsta pris\\p{L}*", "kostar från"],
  // 'Hur mycket är hembesöket?' asks the price
  ["hur (?:mycket|mkt) (?:[aä]r|blir|tar ni f[oö]r)", "kostar"],
  ["l[aä]ra\\w*|l[aä]r (?:sig|hunden|valpen)", "träna"],
  // The newsletter and the queue
  ["nyhetsbrev\\w*|nyhet|nyheter|nyheterna|utskick\\w*|prenumer\\w*|nya pass", "nyhetsbrev"],
  // The newsletter as people name it: a mailing list, a news mail
  ["nyhets(?:mejl|mail)\\w*|(?:mejl|mail|e-?post)list\\w*|(?:mejl|mail)utskick\\w*", "nyhetsbrev"],
  ["(?:mejl|mail)(?!list|utskick)\\w*", "e-post"],
  // Signing up for a full session ('kan man skriva upp sig om passet är fullbokat') is the queue, not the mailing list
  ["skriv(?:a|er)?(?: (?:jag|man|vi|du))? upp (?:mig|oss|sig|dig)(?=.*full)|full\\p{L}*(?=.*skriv(?:a|er)?(?: (?:jag|man|vi|du))? upp (?:mig|oss|sig|dig))", "kö"],
  // Signing up for a session or a course ('hur skriver jag upp mig till ett pass') is booking it
  ["skriv(?:a|er)?(?: (?:jag|man|vi|du))? upp (?:mig|oss|sig|dig)(?!.*full)(?<!full.*)(?!.*(?:lista|nya|nyhet|brev|utskick|mejl))(?<!(?:lista|nyhet|brev|utskick|mejl).*)(?=.*(?:pass|kurs|lektion|tr[aä]ning|tillf[aä]lle|lydnad|promenad|kombi|hemmis|hembes|plan|privat|proffs))", "boka"],
  ["skriv(?:a|er)?(?: (?:jag|man|vi|du))? upp (?:mig|oss|sig|dig)(?!.*full)(?<!full.*)(?:(?=.*(?:lista|nya|nyhet|brev|utskick|mejl))|(?<=(?:lista|nyhet|brev|utskick|mejl).*)|(?!.*(?:pass|kurs|lektion|tr[aä]ning|tillf[aä]lle|lydnad|promenad|kombi|hemmis|hembes|plan|privat|proffs)))", "anmäla"],
  // Typing one's address in a form ('var skriver man in sin epost', 'vilken mejl ska jag skriva in') is giving it, or signing up with it
  ["skriv(?:a|er|s)?(?: (?:man|jag|vi|du))? in", "ange anmäla"],
  // Ending one's booking is cancelling it ('avsluta min bokning'), not leaving the newsletter
  ["avsluta (?:min|mitt|en|ett|v[aå]r|v[aå]rt) (?:bokning\\w*|pass\\w*|kurs\\w*|plats\\w*)", "avboka"],
  // Ending a course or a session early is no leaving the newsletter either.
  ["avsluta(?! (?:(?:min|mitt|en|ett|v[aå]r|v[aå]rt) )?(?:bokning|pass|kurs|plats|tr[aä]ning|lektion))|avprenumer\\w*|avregistrer\\w*|avanm[aä]l\\w*", "avprenumerera"],
  // Stopping is leaving the mailing only when the mail is spoken of ('hur slutar jag få era mejl'), not a course ('sluta mitt i kursen')
  ["(?:sluta|slutar)(?=.*(?:(?<![\\p{L}])f[aå](?![\\p{L}])|mejl|mail|nyhet|utskick|prenum|brev|e-?post))|(?<=(?:mejl|mail|nyhet|utskick|prenum|brev|e-?post)\\p{L}*.*)(?:sluta|slutar)", "avprenumerera"],
  // Leaving it in other words ('ta bort mig från listan', 'hur stänger jag av det', 'vill inte ha fler utskick')
  ["tar? (?:jag |vi |man )?bort (?:mig|oss)|st[aä]ng(?:a|er)? av|vill inte ha (?:fler|mer|n[aå]gra)|slippa", "avprenumerera"],
  // The list one signs up on or is taken off ('lista man kan skriva upp sig på', 'ta bort mig från listan') is the mailing list
  ["lista\\p{L}*(?= (?:man|jag|vi|en) (?:kan )?(?:skriva|skriver|anm[aä]la) (?:upp )?(?:sig|mig|oss))|(?<=(?:skriva|skriver|skriv|anm[aä]la|anm[aä]ler) (?:upp )?(?:mig|oss|sig|dig) p[aå] (?:en |er |eran |\\p{L}+ )?)lista\\p{L}*|(?<=(?:ta|tar|tas|stryk\\p{L}*) (?:jag |vi |man )?bort (?:mig|oss)(?: \\p{L}+){0,2} (?:fr[aå]n|ur) (?:er |eran |den |din )?)list(?:an|a|orna)", "nyhetsbrev"],
  // Not wanting the mail any more ('vill inte ha nyhetsbrevet längre', 'vill inte få era mejl längre') is leaving it
  ["inte (?:ha|f[aå]) (?:era |ert |ditt |det |dom |de )?(?:nyhetsbrev\\p{L}*|utskick\\p{L}*|(?:mejl|mail)\\p{L}*|e-?post\\p{L}*)(?: fr[aå]n er)? l[aä]ngre|inte l[aä]ngre (?:ha|f[aå]) (?:era |ert |ditt |det |dom |de )?(?:nyhetsbrev\\p{L}*|utskick\\p{L}*|(?:mejl|mail)\\p{L}*|e-?post\\p{L}*)", "avprenumerera"],
  // A stand-in person ('reservtränare') is no place in the queue.
  ["k[oö]|k[oö]a|k[oö]plats\\w*|k[oö]list\\w*|reserv(?!era|tr[aä]nare|ledare|instrukt)\\w*|v[aä]ntelista\\w*|st[aå] (?:i|p[aå]) (?:k[oö]n?|k[oö]list\\w*|reserv\\w*|v[aä]ntelist\\w*)", "kö"],
  // The queue named after what one does in it ('nån kö man kan stå i', 'anmäla intresse till ett fullt pass')
  ["k[oö]n? (?:(?:man|jag|vi|en) )?(?:kan |f[aå]r )?st[aå] i", "kö"],
  ["(?:anm[aä]la (?:mitt |v[aå]rt )?intresse|intresseanm[aä]l\\p{L}*)(?=.*full)", "kö anmäla"],
  // Who handles payments: the one whose role is the money ('vem tar hand om betalningarna')
  ["vem (?:\\p{L}+ ){0,4}(?:betalning\\p{L}*|pengarna)|betalning\\p{L}*,? vem", "ekonomi"],
];

/**
 * Entries the site does not speak of unless a passage of its own does: the
 * word such a passage is filed under ('betalsätt', the passage on paying at
 * booking, which exists only while the site takes payment) is what they mean
 * then, and they are unsaid without it.
 */
export const SAID_WHEN: ReadonlyMap<string, string> = new Map([
  ["(?:ta|tar) (?:ni|du|man|emot) kort|betala\\w* med kort|kortbetalning\\w*|betalkort\\w*|kreditkort\\w*|bankkort\\w*", "kortbetalning"],
  ["swish\\p{L}*", "swishbetalning"],
]);

const ENTRIES = FLURRE_LEXICON.map(([pattern, words]) => ({
  pattern: new RegExp(`(?<![\\p{L}\\p{N}])(?:${pattern})(?![\\p{L}\\p{N}])`, "gu"),
  words,
  saidBy: SAID_WHEN.get(pattern) ?? null,
}));

/** A lexicon word as typed in full, which may run on ('privatlektion\\w*'): only these are mended when mistyped. */
const PLAIN_ALTERNATIVE = /^([a-zåäö]+)((?:\\w|\\p\{L\})\*)?$/u;

/** The shortest lexicon word a typo in it is mended to: shorter ones are too alike. */
const MIN_MENDED_LENGTH = 7;

/**
 * The lexicon's plain words ('privatlektion', 'hembesök'), each with whether
 * it may run on: what a question word one typo away from is read as
 * (rank.ts, mendSlips).
 */
export const LEXICON_WORDS: ReadonlyArray<{ word: string; runsOn: boolean }> = [
  ...new Map(
    FLURRE_LEXICON.flatMap(([pattern]) => pattern.split("|"))
      .map((alternative) => PLAIN_ALTERNATIVE.exec(alternative))
      .filter((m): m is RegExpExecArray => m !== null && m[1]!.length >= MIN_MENDED_LENGTH)
      .map((m) => [m[1]!, { word: m[1]!, runsOn: m[2] !== undefined }] as const),
  ).values(),
];

/** The site's words a question means besides its own (empty when none), to be added to it. */
export function lexiconWords(normalizedQuestion: string): string[] {
  return lexiconMatches(normalizedQuestion).map((m) => m.words);
}

/**
 * Each lexicon entry the question uses: the visitor's words as typed, the
 * site's words they mean, and for an entry unsaid unless a passage speaks of
 * it, the word that passage is filed under (SAID_WHEN).
 */
export function lexiconMatches(normalizedQuestion: string): { typed: string; words: string; saidBy: string | null }[] {
  const found: { typed: string; words: string; saidBy: string | null }[] = [];
  for (const { pattern, words, saidBy } of ENTRIES) {
    for (const match of normalizedQuestion.matchAll(pattern)) found.push({ typed: match[0], words, saidBy });
  }
  return found;
}
