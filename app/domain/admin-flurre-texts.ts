// Swedish texts of /admin/flurre (unanswered questions and FAQ rows). The
// spec gives none of them; the error toasts follow the admin toasts' shape
// (title 'Fel', what failed as the description).
import { FLURRE_PAGE } from "./admin-pages";
import type { ToastView } from "./toast";
import type { CandidateKind } from "./flurre/resolve";
import type { Topic } from "./flurre/vocabulary";

const error = (description: string): ToastView => ({ type: "error", title: "Fel", description });
const success = (title: string, description?: string): ToastView =>
  description === undefined ? { type: "success", title } : { type: "success", title, description };

export const FLURRE_ADMIN_PATH = FLURRE_PAGE.to;

export const FLURRE_ADMIN_TEXTS = {
  heading: "Flurre",
  menuLink: FLURRE_PAGE.title,
  intro: "Frågor som Flurre inte kunde svara på, FAQ-raderna som Flurre svarar med direkt, och en fråga att prova steg för steg.",
  backToAdmin: "Tillbaka till admin",
  tabsLabel: "Flurres flikar",
  tabUnanswered: "Obesvarade frågor",
  tabFaq: "FAQ",
  tabTry: "Prova en fråga",
} as const;

/** 'Prova en fråga': one question through Flurre's declared pipeline, step by step. */
export const TRY_TEXTS = {
  heading: "Prova en fråga",
  intro:
    "Se steg för steg hur Flurre läser en fråga: orden, vad som frågas och nämns, vilka svar innehållet har och vilket som väljs. Inget sparas och inget skickas.",
  question: "Fråga",
  submit: "Prova",
  answerHeading: "Svar",
  noAnswer: "Flurre skulle säga att den inte vet: inget svar täcker frågan tillräckligt.",
  steps: "Stegen",
  words: "Orden",
  wordsHint: "Ord inom parentes räknas inte. En pil visar ett stavfel som rättats till webbplatsens ord.",
  topics: "Vad som frågas",
  named: "Vad som nämns",
  content: "Ord som svaret måste täcka",
  none: "Inget",
  candidates: "Möjliga svar, bäst först",
  noCandidates: "Innehållet har inget svar på frågan.",
  kind: "Slag",
  passages: "Texter",
  coverage: "Täcker",
  unexplained: "Ord som inte täcks",
  decision: (share: number) => `Flurre svarar med det bästa svaret när det täcker minst ${Math.round(share * 100)} % av frågan.`,
} as const;

/** What each topic of the vocabulary asks, for the steps shown. */
export const TOPIC_LABELS: Record<Topic, string> = {
  price: "pris",
  when: "när",
  seats: "platser",
  where: "var",
  who: "vem",
  bring: "vad man tar med",
  queue: "kö",
  advice: "råd om passtyp",
  newsletter: "nyhetsbrev",
  leave: "avsluta nyhetsbrev",
  signin: "logga in",
  cancel: "avboka eller omboka",
  held: "om passet blir av",
  book: "boka",
  contact: "kontakt",
  payment: "betalning",
  sick: "sjuk hund",
  difference: "skillnad",
  full: "fullbokat",
  count: "antal",
  buy: "köpa kort",
  types: "vilka pass som finns",
  about: "vad något är",
  unsaid: "något webbplatsen inte tar upp",
  why: "varför",
};

/** What each kind of answer the pipeline resolves is, for the steps shown. */
export const CANDIDATE_LABELS: Record<CandidateKind, string> = {
  price: "Pris",
  sessions: "Kommande pass",
  seats: "Platser på ett pass",
  places: "Platser vi tränar på",
  person: "En person",
  advice: "Råd om passtyp",
  page: "Passet på sidan",
  compare: "Passtyper jämförda",
  passage: "Text",
};

/** What a named thing is, for the steps shown. */
export const NAMED_LABELS: Record<string, string> = { type: "passtyp", place: "plats", town: "ort", person: "person" };

export const UNANSWERED_TEXTS = {
  heading: "Obesvarade frågor",
  empty: "Inga obesvarade frågor just nu.",
  capped: (shown: number, total: number) => `Visar de ${shown} senast ställda av ${total} obesvarade frågor.`,
  count: "Antal gånger",
  lastAsked: "Senast ställd",
  page: "Sida",
  noPage: "Okänd",
  answer: "Svara med en FAQ-rad",
  dismiss: "Markera som hanterad",
  actionsLabel: (question: string) => `Åtgärder för frågan ${question}`,
} as const;

export const FAQ_FORM_TEXTS = {
  newHeading: "Ny FAQ-rad",
  editHeading: "Redigera FAQ-rad",
  answering: (count: number) =>
    `Du svarar på en obesvarad fråga (ställd ${count} ${count === 1 ? "gång" : "gånger"}). När FAQ-raden sparas markeras frågan som hanterad.`,
  question: "Fråga",
  answer: "Svar",
  answerHint: "Vanlig text, som Flurre visar den. Lämna en tom rad mellan stycken.",
  links: "Länkar",
  linksHint: "En länk per rad: Text | /sökväg eller Text | https://… (högst 5).",
  required: "obligatoriskt",
  submit: "Spara FAQ-rad",
  submitting: "Sparar...",
  cancel: "Avbryt",
} as const;

export const FAQ_LIST_TEXTS = {
  heading: "FAQ-rader",
  empty: "Inga FAQ-rader ännu.",
  capped: (shown: number) => `Visar de ${shown} senaste FAQ-raderna.`,
  answer: "Svar",
  links: "Länkar",
  noLinks: "Inga länkar",
  updated: "Ändrad",
  edit: "Redigera",
  delete: "Ta bort",
  actionsLabel: (question: string) => `Åtgärder för FAQ-raden ${question}`,
} as const;

export const FAQ_DELETE_TEXTS = {
  heading: "Ta bort FAQ-rad",
  question: "Ta bort FAQ-raden? Flurre slutar använda den direkt.",
  confirm: "Ta bort",
  cancel: "Avbryt",
} as const;

export const FLURRE_ADMIN_TOASTS = {
  created: success("FAQ-rad sparad!"),
  createdAnswering: success("FAQ-rad sparad!", "Frågan är markerad som hanterad."),
  updated: success("FAQ-rad uppdaterad!"),
  unchanged: { type: "info", title: "Inga ändringar att spara" },
  deleted: success("FAQ-rad borttagen"),
  dismissed: success("Frågan är markerad som hanterad"),
  loadFailed: error("Kunde inte ladda data"),
  saveFailed: error("Kunde inte spara FAQ-rad"),
  deleteFailed: error("Kunde inte ta bort FAQ-rad"),
  dismissFailed: error("Kunde inte markera frågan som hanterad"),
  faqNotFound: error("Kunde inte hitta FAQ-raden"),
  questionNotFound: error("Kunde inte hitta frågan. Den kan redan vara hanterad."),
} as const;
