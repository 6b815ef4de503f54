// Swedish texts of the admin screens. Those the spec fixes are copied word
// for word (sections 2, 5 and 8); the few it leaves open are marked.

import type { ToastView } from "./toast";

export const ADMIN_TEXTS = {
  backToAdmin: "Tillbaka till admin",
  errorTitle: "Fel",
  loadSessionsFailed: "Kunde inte ladda pass",
  loadTypesFailed: "Kunde inte ladda passtyper",
} as const;

export const CREATE_SESSION_TEXTS = {
  heading: "Skapa pass",
  submit: "Skapa Pass",
  submitting: "Skapar pass...",
  successTitle: "Framgång",
  successDescription: "Nytt pass skapat",
  failed: "Kunde inte skapa pass",
  // Not given by the spec:
  typeLabel: "Utgå från en passtyp",
  /**
   * The select of pass_type (Grupp-pass / Privatpass). Not 'Passtyp': that is
   * the picker's word for /admin/passtyper's types; 'Sorts pass' is the type
   * form's word for the same choice.
   */
  passKindLabel: "Sorts pass",
  noType: "Ingen passtyp (fyll i själv)",
  chooseType: "Använd passtypen",
  lockedHint: "Hämtas från passtypen och kan inte ändras här.",
  endHint: "Lämnas den tom slutar passet 60 minuter efter starttiden.",
  startInGap:
    "Den tiden finns inte den här dagen: klockan ställs fram en timme till sommartid. Välj en annan starttid.",
  endInGap:
    "Den tiden finns inte den här dagen: klockan ställs fram en timme till sommartid. Välj en annan sluttid.",
  startInPast: "Starttiden har redan passerat. Välj en tid framåt.",
  startTooFar: "Datumet kan ligga högst fem år fram i tiden.",
  unknownType: "Passtypen finns inte längre. Välj en annan.",
} as const;

export const ADMIN_LIST_TEXTS = {
  available: { title: "Lediga pass", empty: "Inga lediga pass" },
  waiting: { title: "Väntande pass", empty: "Inga väntande pass" },
  confirmed: { title: "Pass blir av", empty: "Inga fullbokade pass" },
  bookingInfo: "Visa/Dölj Bokningsinfo",
  notesLabel: "Vad vill du träna?",
  // Not given by the spec:
  participants: "Deltagare",
  price: "Pris",
  start: "Start",
  location: "Plats",
  homeAddress: "Hemadress",
  meetingType: "Mötestyp",
  bookedAt: "Bokad",
  email: "E-post",
  phone: "Telefon",
  dog: "Hund",
  noBookings: "Inga bokningar",
} as const;

// Staff changes to sessions and bookings: the spec's toasts where it gives them, the rest in its style.
const error = (description: string): ToastView => ({ type: "error", title: "Fel", description });
const success = (description: string): ToastView => ({ type: "success", title: "Framgång", description });
const BOOKING_CANCELLED = "Bokningen är avbokad";

export const ADMIN_TOASTS = {
  notFound: error("Kunde inte hitta passet"),
  bookingNotFound: error("Kunde inte hitta bokningen"),
  releaseFailed: error("Kunde inte släppa passet till försäljning"),
  cancelFailed: error("Kunde inte ställa in passet"),
  deleteFailed: error("Kunde inte ta bort pass"),
  cancelBookingFailed: error("Kunde inte avboka bokningen"),
  released: success("Passet är släppt till försäljning"),
  cancelled: success("Passet är inställt"),
  deleted: { type: "success", title: "Pass borttaget" } satisfies ToastView,
  bookingCancelled: success(BOOKING_CANCELLED),
  saved: { type: "success", title: "Sparat!" } satisfies ToastView,
  emailSent: { type: "success", title: "Meddelandet har skickats!" } satisfies ToastView,
  emailFailed: error("Kunde inte skicka meddelandet"),
  refundSent: success("Återbetalningen är skickad"),
  refundFailedAgain: error("Återbetalningen misslyckades igen. Felet står vid betalningen."),
  refundNotFailed: error("Det finns ingen misslyckad återbetalning att försöka igen"),
} as const;

/** The destructive changes, each with its button and the question its confirmation asks. */
export const SESSION_CHANGES = {
  release: {
    button: "Släpp till försäljning",
    question: "Släppa passet till försäljning? Alla bokningar avbokas och varje kund får ett mejl om det.",
  },
  cancel: {
    button: "Ställ in pass",
    question: "Ställa in passet? Alla bokningar avbokas, varje kund får ett mejl och passet tas bort från försäljning.",
  },
  delete: {
    button: "Ta bort",
    question: "Ta bort passet? Det går bara för ett pass som aldrig har haft någon bokning.",
  },
} as const;

export type SessionChange = keyof typeof SESSION_CHANGES;

export const BOOKING_CANCEL = {
  button: "Avboka",
  question: "Avboka bokningen? Kunden får ett mejl om att bokningen är avbokad.",
} as const;

/** The Avboka question, with what happens to the money when the booking is paid ('249 kr betalas tillbaka till kortet.'). */
export function bookingCancelQuestion(refundNote: string | null): string {
  return refundNote ? `${BOOKING_CANCEL.question} ${refundNote}` : BOOKING_CANCEL.question;
}

/** The toast after Avboka: 'Bokningen är avbokad', and what was refunded, if anything. */
export function bookingCancelledToast(refundNote: string | null): ToastView {
  return refundNote ? success(`${BOOKING_CANCELLED}. ${refundNote}`) : ADMIN_TOASTS.bookingCancelled;
}

export const EDIT_SESSION_TEXTS = {
  // Not given by the spec:
  button: "Redigera",
  heading: "Redigera pass",
  submit: "Spara",
  submitting: "Sparar...",
  cancel: "Avbryt",
  loading: "Hämtar passet...",
  belowCurrent: (booked: number) =>
    `Passet har redan ${booked} bokade deltagare. Max antal deltagare kan inte vara lägre än så.`,
  sessionCancelled: "Passet är inställt och kan inte ändras.",
  changed: "Passet har ändrats sedan du öppnade sidan. Kontrollera uppgifterna och spara igen.",
  saveFailed: "Kunde inte spara ändringar",
  moveNotice: "Ändras tid eller plats får varje kund med bokning ett mejl med en uppdaterad kalenderfil.",
  changes: "Ändra passet",
} as const;

/** A session's own page, /admin/pass/{id} (not given by the spec). */
export const SESSION_PAGE_TEXTS = {
  /** The lists' way to the page: it shows the session, its bookings (each with Avboka) and every change. */
  open: "Öppna passet",
  bookings: "Bokningar",
} as const;

export const ADMIN_EMAIL_TEXTS = {
  // Not given by the spec (its composer has a subject and a message):
  heading: "Skicka e-post",
  toOne: "Till",
  toAll: (count: number) => `Till alla bekräftade kunder på passet (${count} st)`,
  toAllSeries: (count: number) => `Till alla bekräftade kunder i serien (${count} st, ett mejl var)`,
  session: "Pass",
  series: "Veckoserie",
  subject: "Ämne",
  message: "Meddelande",
  hint: "Skickas som vanlig text med en hälsning från Hundpass. Kunden kan svara direkt på mejlet.",
  submit: "Skicka",
  submitting: "Skickar...",
  noRecipients: "Inga mottagare",
  noRecipientsText: "Passet har inga bekräftade bokningar att skicka till.",
  notFound: "Kunde inte hitta bokningen eller passet",
  emailOne: "Skicka e-post",
  emailAll: "Skicka e-post till alla",
  rateLimited: "För många meddelanden på kort tid. Vänta en stund och försök igen.",
} as const;

/** Paging under the admin's session lists (not given by the spec). */
export const ADMIN_PAGING_TEXTS = {
  pagesLabel: "Sidor",
  previous: "Föregående",
  next: "Nästa",
  pageOf: (page: number, pageCount: number) => `Sida ${page} av ${pageCount}`,
} as const;

/** /admin/kalender: the staff's calendar subscription (not in the spec; in the admin pages' words). */
export const CALENDAR_TEXTS = {
  heading: "Kalender",
  backToAdmin: "Tillbaka till admin",
  intro:
    "Prenumerera på alla pass i din kalenderapp (Google Kalender, Apple Kalender, Outlook): nya, flyttade och inställda pass syns där av sig själva. Länken är din egen och hemlig – den som har den ser passen. Skapa en ny länk om den har hamnat fel; då slutar den gamla att fungera.",
  noneLive: "Du har ingen aktiv kalenderlänk.",
  liveStatus: (createdAt: string, withAttendees: boolean) =>
    `Din kalenderlänk är aktiv sedan ${createdAt}, ${withAttendees ? "med" : "utan"} deltagarnas namn.`,
  includeAttendees: "Ta med deltagarnas namn i kalendern",
  create: "Skapa kalenderlänk",
  createReplacing: "Skapa ny kalenderlänk (den gamla slutar fungera)",
  revoke: "Återkalla länken",
  newLinkHeading: "Din nya kalenderlänk",
  subscribe: "Prenumerera i kalenderappen",
  copyIntro: "Eller kopiera adressen och lägg till den i kalenderappen:",
  webcalLabel: "Adress för Apple Kalender och Outlook (webcal)",
  webcalHint: "Apple Kalender (Mac, iPhone, iPad) och Outlook i Windows tar den här adressen. På Mac: Arkiv → Ny kalenderprenumeration.",
  httpsLabel: "Adress för Google Kalender och Outlook på webben (https)",
  httpsHint:
    "Google Kalender på datorn: Andra kalendrar → + → Från webbadress. Outlook på webben: Lägg till kalender → Prenumerera från webben.",
  selectToCopy: "Markera adressen och kopiera den.",
  copy: "Kopiera",
  copied: "Kopierad!",
  copyFailed: "Kunde inte kopiera. Adressen är markerad: kopiera den med Ctrl+C eller ⌘C.",
  shownOnce: "Länken visas bara nu. Lägg till den i din kalenderapp direkt.",
  revokedToast: { type: "success", title: "Framgång", description: "Kalenderlänken är återkallad" } satisfies ToastView,
  noneToRevoke: { type: "info", title: "Ingen aktiv kalenderlänk" } satisfies ToastView,
  failed: { type: "error", title: "Fel", description: "Kunde inte spara ändringar" } satisfies ToastView,
} as const;
