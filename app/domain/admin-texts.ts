// Swedish texts of the admin screens. Those the spec fixes are copied word
// for word (sections 2, 5 and 8); the few it leaves open are marked.

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
  noType: "Ingen passtyp (fyll i själv)",
  chooseType: "Använd passtypen",
  lockedHint: "Hämtas från passtypen och kan inte ändras här.",
  endHint: "Lämnas den tom slutar passet 60 minuter efter starttiden.",
  startInGap:
    "Den tiden finns inte den här dagen: klockan ställs fram en timme till sommartid. Välj en annan starttid.",
  endInGap:
    "Den tiden finns inte den här dagen: klockan ställs fram en timme till sommartid. Välj en annan sluttid.",
  startInPast: "Starttiden har redan passerat. Välj en tid framåt.",
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
