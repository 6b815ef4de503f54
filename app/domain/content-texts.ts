// What staff read on the content pages of the admin area (/admin/passtyper and
// the pages beside it): headings, labels, notes and toasts, in one place.
import type { ToastView } from "./toast";

export const SESSION_TYPES_PATH = "/admin/passtyper";

export const SESSION_TYPE_TEXTS = {
  heading: "Passtyper",
  backToAdmin: "Tillbaka till admin",
  intro:
    "Passtyperna fyller startsidan, väljaren i Skapa pass och Flurres svar. Ett pass hör till den typ vars namn finns i passets titel. Ändringar syns direkt.",
  listHeading: "Alla passtyper",
  newHeading: "Ny passtyp",
  editHeading: (name: string) => `Redigera ${name}`,
  name: "Namn",
  nameHint: "Pass vars titel innehåller namnet hör till typen (t.ex. VALPKURS).",
  description: "Beskrivning",
  inspiringText: "Inspirerande text",
  inspiringHint: "En mening på startsidans kort.",
  imageUrl: "Bild-URL",
  imageHint: "https://… eller en sökväg på sajten, t.ex. /images/types/valpkurs.svg",
  maxParticipants: "Max antal deltagare",
  sessionType: "Sorts pass",
  kinds: { group: "Grupp-pass", private: "Privatpass", combined: "Kombinerat (kunden väljer pris)" },
  price: "Pris (kr)",
  priceHint: "Lämnas tomt för ett kombinerat pass: där väljer kunden pris.",
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
  /** The rules the spec ties to a type's name or kind, stated on its form. */
  rules: {
    HEMMIS: "HEMMIS är hembesöket: ett pass av typen får platsen 'Hembesök' och kunden anger sin hemadress vid bokning.",
    PLAN: "PLAN är online-passet: ett pass av typen får platsen 'Online' och kunden väljer mötesform vid bokning.",
    "PRIVAT & PROFFS": "PRIVAT & PROFFS: kunden väljer variant vid bokning.",
    combined: "Kombinerat pass: kunden väljer pris vid bokning, och platsen blir Hundhallen Gävle om inget annat väljs.",
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
  created: { type: "success", title: "Framgång", description: "Passtypen är tillagd" },
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
} as const satisfies Record<string, ToastView>;
