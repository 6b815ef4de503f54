// Swedish texts of /admin/flurre (unanswered questions and FAQ rows). The
// spec gives none of them; the error toasts follow the admin toasts' shape
// (title 'Fel', what failed as the description).
import { FLURRE_PAGE } from "../admin-pages";
import type { ToastView } from "../toast";

const error = (description: string): ToastView => ({ type: "error", title: "Fel", description });
const success = (title: string, description?: string): ToastView =>
  description === undefined ? { type: "success", title } : { type: "success", title, description };

export const FLURRE_ADMIN_PATH = FLURRE_PAGE.to;

export const FLURRE_ADMIN_TEXTS = {
  heading: "Flurre",
  menuLink: FLURRE_PAGE.title,
  intro: "Frågor som Flurre inte kunde svara på, och FAQ-raderna som Flurre svarar med direkt.",
  backToAdmin: "Tillbaka till admin",
  tabsLabel: "Flurres flikar",
  tabUnanswered: "Obesvarade frågor",
  tabFaq: "FAQ",
} as const;

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
