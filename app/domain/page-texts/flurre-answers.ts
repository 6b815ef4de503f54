// What Flurre says around the data's own sentences: the opening of each kind
// of answer, the greeting and the fallback (app/domain/flurre/templates.ts).

import type { FlurreAnswer, FlurreLink } from "../flurre/answer";
import { CONTACT_PATH } from "../site-contact";

const kr = (prices: readonly number[]) => prices.map((p) => `${p} kr`).join(" eller ");

export const FLURRE_ANSWER_TEXTS = {
  fallback:
    "Voff! Det där vet jag tyvärr inte än. Skriv till tränarna via kontaktformuläret så svarar de dig via e-post.",
  contactLink: "Kontakta oss",
  didYouMean: "Menar du…?",
  yesNo: (answer: "Ja" | "Nej") => `Voff! ${answer}.`,
  type: (name: string) => `Voff! Här är det viktigaste om ${name}.`,
  datesOfType: (name: string) => `Voff! Här är de närmaste ${name}-passen:`,
  noneOfType: (name: string) => `Voff! Just nu finns det inga lediga ${name}-pass. Nya pass släpps varje månad.`,
  noneOfTypeIn: (name: string, where: string) => `Voff! Just nu finns det inga lediga ${name}-pass ${where}. Närmast:`,
  noneOfTypeInNo: (name: string, where: string) =>
    `Voff! Nej, just nu finns det inga lediga ${name}-pass ${where}. Närmast:`,
  datesOfTypeIn: (name: string, where: string) => `Voff! Här är de närmaste ${name}-passen ${where}:`,
  datesOfTypeInYes: (name: string, where: string) => `Voff! Ja, det finns lediga ${name}-pass ${where}:`,
  priceOfType: (name: string, prices: readonly number[]) => `Voff! ${name} kostar ${kr(prices)} per pass.`,
  priceOfTypeYesNo: (answer: "Ja" | "Nej", name: string, prices: readonly number[]) =>
    `Voff! ${answer}, ${name} kostar ${kr(prices)} per pass.`,
  priceOfAnotherType: (name: string, prices: readonly number[]) => `${name} kostar ${kr(prices)} per pass.`,
  seatsYes: "Voff! Ja, det finns platser kvar:",
  seatsNo: "Voff! Nej, det finns inga platser kvar:",
  fullYes: "Voff! Ja, passet är fullbokat:",
  fullNo: "Voff! Nej, det finns platser kvar:",
  sessions: "Voff! Här är passen jag hittade:",
  nextSessions: "Voff! Här är de närmaste passen med lediga platser:",
  nextSessionsIn: (where: string) => `Voff! Här är de närmaste passen med lediga platser ${where}:`,
  noSessionsIn: (where: string) =>
    `Voff! Just nu finns det inga lediga pass${where ? ` ${where}` : ""}. Nya pass släpps varje månad.`,
  adviceType: (name: string) => `Voff! ${name} kan passa er.`,
  pageSession: "Voff! Det här gäller passet du tittar på:",
  compare: "Voff! Så skiljer sig passen åt:",
  place: (name: string) => `Voff! Så hittar du till ${name}.`,
  placesOfType: (name: string, places: string) => `Voff! ${name} hålls på ${places}.`,
  places: "Voff! Här tränar vi:",
  preparation: "Voff! Så förbereder ni er inför passet:",
  team: (name: string) => `Voff! Här är lite om ${name}:`,
  about: "Voff! Här är lite om oss:",
  rule: "Voff! Så här fungerar det:",
  faq: "Voff! Bra fråga!",
  cards: "Voff! Så här fungerar våra kort:",
  types: "Voff! Det här är våra pass:",
  allSessions: "Alla PopUp's",
} as const;

/** The list of every session: the link under an answer that lists sessions, and under the passages about them all. */
export const ALL_SESSIONS_LINK: FlurreLink = { label: FLURRE_ANSWER_TEXTS.allSessions, href: "/alla-popups" };

/** The answer to a bare greeting: who Flurre is and what to ask. Nothing to store for staff. */
export const FLURRE_GREETING: FlurreAnswer = {
  kind: "answer",
  paragraphs: [
    "Voff! Hej, jag är Flurre, Hundpass kontorshund.",
    "Fråga mig om passen och vad de kostar, lediga platser, var vi tränar eller hur ni förbereder er – så letar jag fram svaret.",
  ],
  links: [
    { label: "Boka pass", href: "/boka" },
    { label: "Hitta hit", href: "/hitta" },
    { label: "Preppa inför passet", href: "/preppa" },
  ],
  source: "extractive",
};

/** The answer to thanks alone: you are welcome, and what else to ask. Nothing to store for staff. */
export const FLURRE_THANKS: FlurreAnswer = {
  kind: "answer",
  paragraphs: ["Voff! Varsågod, det var roligt att hjälpa till.", "Undrar du något mer om passen, priserna eller bokningen är det bara att fråga."],
  links: [{ label: "Boka pass", href: "/boka" }],
  source: "extractive",
};

export const FLURRE_FALLBACK: FlurreAnswer = {
  kind: "fallback",
  paragraphs: [FLURRE_ANSWER_TEXTS.fallback],
  links: [{ label: FLURRE_ANSWER_TEXTS.contactLink, href: CONTACT_PATH }],
  source: "extractive",
};
