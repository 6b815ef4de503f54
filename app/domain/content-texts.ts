// What staff read on the content pages of the admin area (/admin/passtyper and
// the pages beside it): headings, labels, notes and toasts, in one place.
import { PLACES_PAGE, PREPARATION_PAGE, SESSION_TYPES_PAGE, TEAM_PAGE } from "./admin-pages";
import type { ToastView } from "./toast";
import { VARIANT_PRICES } from "./constants";
import { formatKr } from "./price";

/** A content list's toasts: the one after adding a row names it. */
type ListToasts = Record<string, ToastView | ((name: string) => ToastView)> & { created: (name: string) => ToastView };

export const SESSION_TYPES_PATH = SESSION_TYPES_PAGE.to;

export const SESSION_TYPE_TEXTS = {
  heading: SESSION_TYPES_PAGE.title,
  backToAdmin: "Tillbaka till admin",
  intro:
    "Passtyperna fyller startsidan, väljaren i Skapa pass och Flurres svar. Ett pass hör till den typ vars namn finns i passets titel. Ändringar syns direkt.",
  listHeading: "Alla passtyper",
  newHeading: "Ny passtyp",
  editHeading: (name: string) => `Redigera ${name}`,
  name: "Namn",
  nameHint: "Pass vars titel innehåller namnet hör till typen (t.ex. AGILITY).",
  description: "Beskrivning",
  inspiringText: "Inspirerande text",
  inspiringHint: "En mening på startsidans kort.",
  imageUrl: "Bild-URL",
  imageHint: "https://… eller en sökväg på sajten, t.ex. /images/types/agility.svg",
  maxParticipants: "Max antal deltagare",
  sessionType: "Sorts pass",
  kinds: { group: "Grupp-pass", private: "Privatpass", combined: "Kombinerat (kunden väljer pris)" },
  price: "Pris (kr)",
  priceHint: "Lämnas tomt för ett kombinerat pass: där väljer kunden pris.",
  defaultLocation: "Förvald plats",
  defaultLocationHint: "Platsen som är vald från början när ett pass skapas av typen. Den kan ändras på passet.",
  noDefaultLocation: "Ingen (väljs på passet)",
  bookingAsk: "Fråga vid bokning",
  bookingAskHint: "Det kunden fyller i utöver de vanliga fälten när ett pass av typen bokas.",
  /** What the list says of a type that asks more at booking. */
  askLabels: {
    meeting_type: "Frågar efter mötesform",
    home_address: "Frågar efter hemadress",
    variant: `Frågar efter variant (Privat ${formatKr(VARIANT_PRICES.privat)}, Proffs ${formatKr(VARIANT_PRICES.proffs)})`,
  },
  bookingAsks: {
    none: "Inget mer",
    meeting_type: "Mötesform (ett online-pass)",
    home_address: "Hemadress (ett hembesök)",
    variant: `Variant: Privat ${formatKr(VARIANT_PRICES.privat)} eller Proffs ${formatKr(VARIANT_PRICES.proffs)} (när passets pris är 0)`,
  },
  appOrder: "Ordning",
  appOrderHint: "Lägre tal visas först. Tomt: sist, i bokstavsordning.",
  hidden: "Dold (visas inte på startsidan eller i väljaren)",
  required: "obligatoriskt",
  submitNew: "Lägg till passtyp",
  submitEdit: "Spara ändringar",
  saving: "Sparar...",
  cancel: "Avbryt",
  edit: "Redigera",
  hide: "Dölj",
  show: "Visa",
  moveUp: "Flytta upp",
  moveDown: "Flytta ned",
  delete: "Ta bort",
  hiddenBadge: "Dold",
  priceLabel: (price: number | null) => (price === null ? "Kunden väljer pris" : `${price} kr`),
  maxLabel: (max: number) => `Max ${max} deltagare`,
  sessionCount: (n: number) => (n === 1 ? "1 pass" : `${n} pass`),
  /** The rule the spec ties to a type's kind, stated on its form. */
  rules: {
    combined: "Kombinerat pass: kunden väljer pris vid bokning.",
  },
  renameWarning: (n: number, name: string) =>
    `${n === 1 ? "1 pass" : `${n} pass`} med ${name} i titeln hör inte längre till typen om den byter namn (bild, startsida, Flurre).`,
  confirmRename: (n: number) => `Byt namn ändå (${n === 1 ? "1 pass påverkas" : `${n} pass påverkas`})`,
  renameNeedsConfirmation: (n: number) =>
    `Namnbytet påverkar ${n === 1 ? "1 pass" : `${n} pass`}. Kryssa i rutan nedan och spara igen för att byta namn ändå.`,
  deleteHeading: "Ta bort passtyp",
  deleteQuestion: (name: string) => `Vill du ta bort passtypen ${name}? Det går inte att ångra.`,
  deleteConfirm: "Ja, ta bort",
  inUse: (n: number) =>
    `Passtypen används av ${n === 1 ? "1 pass" : `${n} pass`} och kan inte tas bort. Dölj den i stället.`,
  empty: "Inga passtyper ännu.",
} as const;

export const SESSION_TYPE_TOASTS = {
  created: (name: string): ToastView => ({ type: "success", title: "Framgång", description: `Passtypen ${name} är tillagd` }),
  updated: { type: "success", title: "Framgång", description: "Passtypen är sparad" },
  unchanged: { type: "info", title: "Inget att spara", description: "Passtypen var redan så" },
  hidden: { type: "success", title: "Framgång", description: "Passtypen är dold" },
  shown: { type: "success", title: "Framgång", description: "Passtypen visas igen" },
  moved: { type: "success", title: "Framgång", description: "Ordningen är sparad" },
  deleted: { type: "success", title: "Framgång", description: "Passtypen är borttagen" },
  inUse: { type: "error", title: "Fel", description: "Passtypen används av pass och kan inte tas bort" },
  notFound: { type: "error", title: "Fel", description: "Passtypen finns inte längre" },
  failed: { type: "error", title: "Fel", description: "Kunde inte spara ändringar" },
  loadFailed: { type: "error", title: "Fel", description: "Kunde inte läsa passtyperna" },
} as const satisfies ListToasts;

/** Words every content page's list and confirmation share. */
export const CONTENT_ADMIN_TEXTS = {
  backToAdmin: "Tillbaka till admin",
  required: "obligatoriskt",
  edit: "Redigera",
  moveUp: "Flytta upp",
  moveDown: "Flytta ned",
  delete: "Ta bort",
  deleteConfirm: "Ja, ta bort",
  cancel: "Avbryt",
  saving: "Sparar...",
  saveEdit: "Spara ändringar",
  sortOrder: "Ordning",
  sortOrderHint: "Lägre tal visas först. Tomt: sist i listan (ny) eller oförändrad ordning.",
  imageUrl: "Bild-URL",
} as const;

export const PLACES_PATH = PLACES_PAGE.to;

export const PLACE_TEXTS = {
  heading: PLACES_PAGE.title,
  intro:
    "Platserna syns på Hitta hit, i platslistan när ni skapar pass och i Flurres svar. En plats som pass använder kan inte tas bort, bara göras inaktiv: då syns den inte för nya pass eller på Hitta hit, men passen behåller den. Hembesök och Online är inbyggda.",
  listHeading: "Alla platser",
  empty: "Inga platser ännu.",
  newHeading: "Ny plats",
  editHeading: (name: string) => `Redigera ${name}`,
  name: "Namn",
  nameHint: "Som det står på passen, t.ex. Ridhuset Valbo.",
  town: "Ort",
  kind: "Inomhus eller utomhus",
  kinds: { indoor: "Inomhus", outdoor: "Utomhus" },
  description: "Beskrivning",
  mapUrl: "Kartlänk",
  mapUrlHint: "https://… Tomt: en kartsökning på platsens namn.",
  imageHint: "https://… eller en sökväg på sajten, t.ex. /images/places/park.svg",
  active: "Aktiv (kan väljas för nya pass och syns på Hitta hit)",
  submitNew: "Lägg till plats",
  inactiveBadge: "Inaktiv",
  activate: "Aktivera",
  deactivate: "Gör inaktiv",
  meta: (kind: string, town: string, upcoming: number, total: number) =>
    `${kind} · ${town} · ${upcoming === 1 ? "1 kommande pass" : `${upcoming} kommande pass`} (${total} totalt)`,
  renameNote: (n: number) =>
    `${n === 1 ? "1 pass" : `${n} pass`} har platsen. Byter du namn följer passen med och visar det nya namnet.`,
  deleteHeading: "Ta bort plats",
  deleteQuestion: (name: string) => `Vill du ta bort platsen ${name}? Det går inte att ångra.`,
  inUse: (n: number) =>
    `Platsen används av ${n === 1 ? "1 pass" : `${n} pass`} och kan inte tas bort. Gör den inaktiv i stället.`,
} as const;

export const PLACE_TOASTS = {
  created: (name: string): ToastView => ({ type: "success", title: "Framgång", description: `Platsen ${name} är tillagd` }),
  updated: { type: "success", title: "Framgång", description: "Platsen är sparad" },
  unchanged: { type: "info", title: "Inget att spara", description: "Platsen var redan så" },
  activated: { type: "success", title: "Framgång", description: "Platsen är aktiv" },
  deactivated: { type: "success", title: "Framgång", description: "Platsen är inaktiv" },
  moved: { type: "success", title: "Framgång", description: "Ordningen är sparad" },
  deleted: { type: "success", title: "Framgång", description: "Platsen är borttagen" },
  inUse: { type: "error", title: "Fel", description: "Platsen används av pass och kan inte tas bort" },
  notFound: { type: "error", title: "Fel", description: "Platsen finns inte längre" },
  failed: { type: "error", title: "Fel", description: "Kunde inte spara ändringar" },
  loadFailed: { type: "error", title: "Fel", description: "Kunde inte läsa platserna" },
} as const satisfies ListToasts;

export const TEAM_PATH = TEAM_PAGE.to;

export const TEAM_TEXTS = {
  heading: TEAM_PAGE.title,
  intro: "Teamet visas på Om oss och i Flurres svar.",
  listHeading: "Alla i teamet",
  empty: "Ingen i teamet ännu.",
  newHeading: "Ny person",
  editHeading: (name: string) => `Redigera ${name}`,
  name: "Namn",
  role: "Roll",
  text: "Text",
  imageHint: "En bild på personen (eller hunden): https://… eller en sökväg på sajten, t.ex. /images/team/instruktor.svg",
  sortOrderHint: "Lägre tal visas först på Om oss. Tomt: sist i teamet (ny person) eller samma ordning som nu.",
  submitNew: "Lägg till person",
  deleteHeading: "Ta bort person",
  deleteQuestion: (name: string) => `Vill du ta bort ${name} från teamet? Det går inte att ångra.`,
} as const;

export const TEAM_TOASTS = {
  created: (name: string): ToastView => ({ type: "success", title: "Framgång", description: `${name} är tillagd i teamet` }),
  updated: { type: "success", title: "Framgång", description: "Personen är sparad" },
  unchanged: { type: "info", title: "Inget att spara", description: "Personen var redan så" },
  moved: { type: "success", title: "Framgång", description: "Ordningen är sparad" },
  deleted: { type: "success", title: "Framgång", description: "Personen är borttagen" },
  notFound: { type: "error", title: "Fel", description: "Personen finns inte längre" },
  failed: { type: "error", title: "Fel", description: "Kunde inte spara ändringar" },
  loadFailed: { type: "error", title: "Fel", description: "Kunde inte läsa teamet" },
} as const satisfies ListToasts;

export const PREPARATION_PATH = PREPARATION_PAGE.to;

export const PREPARATION_TEXTS = {
  heading: PREPARATION_PAGE.title,
  intro: "Listan visas på Preppa inför passet, i påminnelsemejlet dagen före och i Flurres svar.",
  listHeading: "Det här tar du med dig",
  empty: "Listan är tom.",
  newHeading: "Ny punkt",
  editHeading: (title: string) => `Redigera ${title}`,
  title: "Rubrik",
  titleHint: "Kort, t.ex. Koppel och sele.",
  text: "Text",
  submitNew: "Lägg till punkt",
  deleteHeading: "Ta bort punkt",
  deleteQuestion: (title: string) => `Vill du ta bort ${title} från listan? Det går inte att ångra.`,
} as const;

export const PREPARATION_TOASTS = {
  created: (title: string): ToastView => ({ type: "success", title: "Framgång", description: `Punkten ”${title}” är tillagd` }),
  updated: { type: "success", title: "Framgång", description: "Punkten är sparad" },
  unchanged: { type: "info", title: "Inget att spara", description: "Punkten var redan så" },
  moved: { type: "success", title: "Framgång", description: "Ordningen är sparad" },
  deleted: { type: "success", title: "Framgång", description: "Punkten är borttagen" },
  notFound: { type: "error", title: "Fel", description: "Punkten finns inte längre" },
  failed: { type: "error", title: "Fel", description: "Kunde inte spara ändringar" },
  loadFailed: { type: "error", title: "Fel", description: "Kunde inte läsa listan" },
} as const satisfies ListToasts;
