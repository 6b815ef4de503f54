// What the chat panel and the /flurre page say besides FLURRE_TEXTS
// (app/domain/texts.ts). Kept here, next to the chat, so these strings load
// with the chat and the /flurre page only, never with the other pages.

export const FLURRE_CHAT_TEXTS = {
  greeting: "Voff! Vad vill du veta? Fråga om passen, priserna, platserna eller hur bokningen går till.",
  close: "Stäng",
  startOver: "Börja om",
  conversation: "Samtal med Flurre",
  askLabel: "Vad vill du veta?",
  askNextLabel: "Vad mer vill du veta?",
  send: "Skicka",
  sendHint: "Enter skickar, Skift+Enter ger ny rad.",
  thinking: "Flurre funderar …",
  you: "Du",
  flurre: "Flurre",
  newTab: " (öppnas i en ny flik)",
  toTrainers: "Skicka frågan till tränarna",
  networkError: "Flurre kunde inte nås. Kontrollera din internetanslutning och försök igen.",
  serverError: "Något gick fel när Flurre skulle svara. Försök igen om en stund.",
} as const;

export const FLURRE_PAGE_TEXTS = {
  yourQuestion: "Din fråga",
  answerHeading: "Flurres svar",
  askHeading: "Fråga Flurre",
  askNextHeading: "Fråga Flurre något mer",
  ask: "Fråga Flurre",
  asking: "Flurre funderar …",
  toTrainersHeading: "Fick du inget bra svar? Skicka frågan till tränarna",
  contactHeading: "Fråga tränarna",
  toTrainersIntro: "Skriv ditt namn och din e-post så svarar tränarna dig via e-post.",
} as const;
