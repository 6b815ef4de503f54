// The site's fixed content in one place: the four training places (/hitta),
// the preparation checklist (/preppa), the team (/om) and the booking rules
// the pages state here and there. The pages render it and Flurre answers from
// it, so both always say the same thing.

import { BOOKING_TEXTS } from "./booking-texts";
import { FROM_PRICES, GROUP_CONFIRMED_THRESHOLD } from "./constants";
import { formatKr } from "./price";
import { SESSION_LIST_TEXTS } from "./texts";

// ---------------------------------------------------------------------------
// Places (/hitta)

export const PLACES_INTRO =
  "Vi tränar på fyra platser i Gävle och Sandviken. Hembesök sker hemma hos er och PLAN-mötena hålls online.";

export const PLACES = [
  {
    id: "hundhallen-gavle",
    name: "Hundhallen Gävle",
    kind: "Inomhus",
    text: "Vår varma och torra hall för valpkurser, privatpass och KOMBIPASS – träning året runt oavsett väder.",
    image: "/images/places/hundhallen.svg",
  },
  {
    id: "regementsparken-gavle",
    name: "Regementsparken Gävle",
    kind: "Utomhus",
    text: "Stora gräsytor och gångvägar med lagom mycket liv runt omkring – perfekt för vardagslydnad och hundmöten.",
    image: "/images/places/park.svg",
  },
  {
    id: "stadsparken-sandviken",
    name: "Stadsparken Sandviken",
    kind: "Utomhus",
    text: "Mitt i stan, med stigar längs vattnet. Här tränar vi promenader, fokus och valpkurs utomhus.",
    image: "/images/places/park.svg",
  },
  {
    id: "bronsangen-sandviken",
    name: "Bronsängen Sandviken",
    kind: "Utomhus",
    text: "En öppen äng med plats för avstånd – bra för hundar som behöver lite extra utrymme.",
    image: "/images/places/meadow.svg",
  },
] as const;

export type Place = (typeof PLACES)[number];

/** The place's 'Hitta dit' link: a map search for its name. */
export function placeMapUrl(place: string): string {
  return `https://www.google.com/maps/search/?${new URLSearchParams({ api: "1", query: place }).toString()}`;
}

// ---------------------------------------------------------------------------
// Preparation (/preppa)

export const PREPARATION_CHECKLIST = [
  { title: "Koppel och sele.", text: "Ett vanligt koppel (inte flexikoppel) och ett halsband eller en sele som sitter bra." },
  { title: "Godis – mycket godis!", text: "Små, mjuka och extra goda bitar som hunden verkligen gillar. Hellre för mycket än för lite." },
  { title: "Vatten och skål.", text: "Särskilt på utomhuspassen och varma dagar." },
  { title: "Bajspåsar.", text: "Vi lämnar platserna finare än vi hittade dem." },
  { title: "Kläder efter väder.", text: "Utomhuspassen blir av i både sol och regn, så klä dig för att stå ute en stund." },
  { title: "En rastad hund.", text: "Ta en kort promenad innan, så kan hunden fokusera på träningen." },
  { title: "Kom i god tid.", text: "Var på plats några minuter innan start så hinner hunden landa i miljön." },
  { title: "Är hunden sjuk eller löper?", text: "Hör av dig till oss innan passet så hittar vi en lösning." },
] as const;

/** The paragraph under the checklist: the online (PLAN) and home-visit (HEMMIS) sessions. */
export const PREPARATION_ONLINE_AND_HOME =
  "Online-pass (PLAN) kräver bara en lugn plats, en dator eller telefon och gärna hunden i närheten. På hembesök (HEMMIS) tränar vi där utmaningarna finns – ni behöver inte förbereda något särskilt.";

// ---------------------------------------------------------------------------
// The team (/om)

export const ABOUT_INTRO =
  "Hundpass är två hundtränare med ett gemensamt mål: att träning ska vara roligt – för både hund och människa. Vi håller till i Gävle och Sandviken, utomhus, inomhus, hemma hos er och online.";

export const TEAM = [
  {
    id: "flurre",
    name: "Flurre",
    role: "Kontorshund och frågeexpert",
    text: "Flurre håller koll på alla frågor som kommer in. Det han inte kan svara på själv springer han med direkt till tränarna – gärna med svansen i topp.",
    image: "/images/team/flurre.svg",
  },
  {
    id: "instruktor",
    name: "Linnea",
    role: "Hundinstruktör",
    text: "Linnea leder GruppUps, privatpass och hembesök i Gävle och Sandviken. Hon tränar belöningsbaserat, med mycket lek och tydliga små steg.",
    image: "/images/team/instruktor.svg",
  },
  {
    id: "ekonomi",
    name: "Jonas",
    role: "Ekonomi och administration",
    text: "Jonas ser till att bokningar, kvitton och allt det praktiska fungerar, så att tränarna kan lägga all tid på er och era hundar.",
    image: "/images/team/ekonomi.svg",
  },
] as const;

export type TeamMember = (typeof TEAM)[number];

/** Where the contact form sits on /om. */
export const CONTACT_PATH = "/om#kontakt";

// ---------------------------------------------------------------------------
// Rules: what the booking pages state about booking, cancelling and signing in

export type SiteRule = {
  id: string;
  title: string;
  /** Plain Swedish sentences, the pages' own words where they have them. */
  text: string;
  links: readonly { label: string; href: string }[];
  /** The prices in kr the text states. */
  prices: readonly number[];
};

export const SITE_RULES: readonly SiteRule[] = [
  {
    id: "binding",
    title: "Bokningen är bindande – avbokning och ombokning",
    text: `En bokning är bindande och kan inte avbokas eller ombokas. När du bokar godkänner du villkoret: ”${BOOKING_TEXTS.termsLabel}” Är hunden sjuk eller löper? Hör av dig till oss innan passet så hittar vi en lösning.`,
    links: [
      { label: "Boka pass", href: "/boka" },
      { label: "Kontakta oss", href: CONTACT_PATH },
    ],
    prices: [],
  },
  {
    id: "group-minimum",
    title: "När ett grupp-pass blir av eller ställs in",
    text: `Ett grupp-pass (GruppUp) blir av när minst ${GROUP_CONFIRMED_THRESHOLD} deltagare har bokat. ${SESSION_LIST_TEXTS.infoText}`,
    links: [{ label: "Alla PopUp's", href: "/alla-popups" }],
    prices: [],
  },
  {
    id: "how-to-book",
    title: "Så bokar du ett pass",
    text: `Du bokar utan konto: välj ett pass under Boka pass eller Alla PopUp's, fyll i dina och hundens uppgifter och godkänn villkoren. ${BOOKING_TEXTS.successMailQueued.replace("har skickats", "skickas")} GruppUps kostar från ${formatKr(FROM_PRICES.group)} och privatpass från ${formatKr(FROM_PRICES.private)}.`,
    links: [
      { label: "Boka pass", href: "/boka" },
      { label: "Alla PopUp's", href: "/alla-popups" },
    ],
    prices: [FROM_PRICES.group, FROM_PRICES.private],
  },
  {
    id: "my-bookings",
    title: "Mina bokningar – inloggning med länk",
    text: "Dina bokningar ser du under Mina bokningar. Ange e-postadressen du bokade med så skickar vi en inloggningslänk till din e-post – du behöver inget konto eller lösenord. Länken gäller i 10 minuter och kan bara användas en gång. Med länken ser du dina kommande och tidigare bokningar.",
    links: [{ label: "Mina bokningar", href: "/mina-bokningar" }],
    prices: [],
  },
];
