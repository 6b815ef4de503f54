// Swedish texts of the public pages that the spec fixes word for word, and
// the few made-up labels several components share. Kept in one place so the
// pages and the tests read the same strings.
import { ENOUGH_PARTICIPANTS, GROUP_RULE } from "./participant-texts";

export const SESSION_LIST_TEXTS = {
  title: "Alla PopUp's",
  subtitle: "Välj ett pass att boka",
  loading: "Laddar sessioner...",
  empty: "Inga kommande sessioner just nu",
  book: "Visa & Boka",
  full: "Fullbokat",
  /** A full session's card links to its queue (the queue form's own heading says the same). */
  queue: "Ställ mig i kö",
  infoTitle: "Info om GruppUps",
  infoText: `${GROUP_RULE} Annars blir passet av precis som det står i din bokningsbekräftelse.`,
} as const;

export const LOAD_FAILURE_TOAST = {
  title: "Fel",
  description: "Kunde inte hämta sessioner. Försök igen senare.",
} as const;

export const START_TEXTS = {
  heroTitle: "Träna med din hund i Gävle och Sandviken",
  heroText:
    "Roliga och lärorika pass för dig och din hund – i grupp eller privat, utomhus, inomhus, hemma hos er eller online.",
  bookButton: "Boka pass",
  allTypesButton: "Alla våra pass",
  groupButton: "Lediga GruppUps",
  groupHeading: "Lediga GruppUps",
  groupEmpty: "Snart publiceras nästa månads grupp-pass, håll ut!",
  typesHeading: "Alla våra pass",
  askAboutType: "Fråga Flurre om Passet",
  newsletterHeading: "Få koll på nästa månads pass",
  newsletterText:
    "Prenumerera på vårt nyhetsbrev så får du veta först när nya pass släpps – varje månad, direkt i din inkorg.",
} as const;

/** The start page's newsletter section (its signup form), as a link target: /#nyhetsbrev. */
export const NEWSLETTER_SECTION_ID = "nyhetsbrev";

export const BOKA_TEXTS = {
  title: "Boka pass",
  chooseType: "Vilken sorts pass vill du boka?",
  groupCard: "GruppUps – från 249 kr",
  groupCardText: "Träna tillsammans med andra hundar och förare i en liten grupp.",
  privateCard: "Privatpass – från 395 kr",
  privateCardText: "Egen tid med en tränare: i hallen, hemma hos er eller online.",
  allCard: "Visa alla pass",
  allCardText: "Visa mig alla pass, både grupp och privat.",
  backToStart: "Tillbaka till startsidan",
  back: "Tillbaka",
  calendar: "Kalender",
  list: "Lista",
  loading: "Laddar sessioner...",
  available: "Lediga pass",
  fullyBooked: "Fullbokade pass",
  bookNow: "Boka nu",
  none: "Det finns inga lediga pass av den här typen just nu.",
  chooseOther: "Välj annan typ",
  groupNotice: GROUP_RULE,
  noSessionsThisDay: "Inga pass tillgängliga denna dag",
  pickDay: "Välj en markerad dag i kalendern för att se dess pass.",
  noFreeThisMonth: "Inga lediga pass den här månaden.",
  previousMonth: "Föregående månad",
  nextMonth: "Nästa månad",
  legendTitle: "Färgkoder",
} as const;

export const BOKA_TYPE_HEADINGS = {
  grupp: "GruppUps",
  privat: "Privatpass",
  alla: "Alla pass",
} as const;

/** The 'Färgkoder' legend: one row per public availability colour (spec section 4). */
export const LEGEND = [
  { colour: "green", label: "Ledigt", text: "Gott om plats – boka direkt." },
  { colour: "pink", label: "Väntande", text: "Behöver fler deltagare för att helt säkert bli av." },
  { colour: "yellow", label: "Bekräftat", text: ENOUGH_PARTICIPANTS },
  { colour: "red", label: "Fullbokat", text: "Inga platser kvar." },
] as const;

export const CONTACT_TEXTS = {
  heading: "Kontakta oss",
  intro: "Har du en fråga om ett pass, din hund eller något annat? Skriv till oss så svarar vi via e-post.",
  submit: "Skicka meddelande",
  sending: "Skickar...",
  successTitle: "Meddelandet har skickats!",
  successText: "Vi svarar dig via e-post så snart vi kan.",
  failureTitle: "Något gick fel",
  failureText: "Kunde inte skicka meddelandet. Försök igen senare.",
} as const;

export const REPORT_TEXTS = {
  title: "PRUTT OCKSÅ!",
  intro:
    "Något i appen krånglade – det är vi ledsna för. Berätta vad som hände så rättar vi till det så snart vi kan.",
  formTitle: "Felanmälan",
  submit: "Skicka rapport",
  sending: "Skickar...",
  thanksTitle: "Tack för din rapport!",
  thanksText: "Vi tittar på problemet så snart vi kan.",
  failureTitle: "Ett fel uppstod",
  failureText: "Kunde inte skicka rapporten. Försök igen senare.",
} as const;

export const FLURRE_TEXTS = {
  title: "Fråga Flurre",
  intro:
    "Voff! Jag är Flurre, Hundpass egen kontorshund. Fråga mig om passen, priserna, platserna eller hur bokningen går till, så svarar jag med det jag vet och visar sidan där det står.",
  submit: "Skicka frågan",
  successTitle: "Meddelandet har skickats!",
  successText: "Flurre har lämnat över din fråga till tränarna. Du får svar via e-post.",
} as const;

/** Prefilled questions of the 'Fråga Flurre' buttons outside the session types. */
export const FLURRE_QUESTIONS = {
  preppa: "Hur förbereder jag mig och min hund bäst inför vårt första pass?",
  place: (place: string) => `Hur hittar jag till ${place}, och var ska vi mötas?`,
  person: (name: string) => `Berätta mer om ${name}!`,
} as const;
