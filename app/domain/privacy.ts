// My data (GDPR): the customer's export and erasure on /mina-bokningar, and
// what retention leaves of a booking. Texts are not given by the spec; the
// refusal agrees with its rule that a booking is binding (section 1).
import { formatSessionDate } from "./time";

export const PRIVACY_TEXTS = {
  heading: "Mina uppgifter",
  intro: "Ladda ner allt vi har sparat om din e-postadress, eller be oss radera det.",
  download: "Ladda ner mina uppgifter (JSON)",
  erase: "Radera mina uppgifter",
  eraseHeading: "Radera mina uppgifter",
  eraseIntro: "Det här händer när du raderar dina uppgifter:",
  eraseSteps: [
    "Dina bokningar anonymiseras: namn, e-post, telefon, hund, adress och önskemål tas bort. Passet, datumet och priset sparas utan koppling till dig, för bokföringen.",
    "Din prenumeration på nyhetsbrevet tas bort. Vi sparar bara en kontrollsumma av adressen, så att vi aldrig mejlar dig igen av misstag.",
    "Dina meddelanden och problemrapporter till oss raderas, liksom mejl vi har skickat dig.",
    "Du loggas ut och får ett sista mejl som bekräftar raderingen.",
  ],
  confirmLabel: "Jag förstår att raderingen inte går att ångra",
  confirmRequired: "Kryssa i rutan för att bekräfta",
  submit: "Radera mina uppgifter",
  submitting: "Raderar...",
  cancel: "Avbryt",
  upcoming:
    "Du har kommande bokningar. En bokning är bindande, och vi behöver kunna nå dig inför passet, så dina uppgifter kan raderas först efter ditt sista pass.",
  notYetHeading: "Vi kan inte radera dina uppgifter än",
  notYetWhy:
    "En bokning är bindande och kan inte avbokas, och vi behöver kunna nå dig inför passet. Därför sparar vi dina uppgifter tills passet har varit.",
  notYetWhen: (when: string) => `Efter ditt sista pass, ${when}, kan du radera dina uppgifter här.`,
  back: "Tillbaka till Mina bokningar",
  erasedTitle: "Dina uppgifter är raderade",
  erasedText: "Vi har skickat en bekräftelse till din e-post.",
  failed: "Kunde inte radera dina uppgifter just nu. Försök igen om en stund.",
} as const;

/** A booking that stops erasure, as the erasure page names it. */
export interface UpcomingBooking {
  title: string;
  startTime: string;
}

/**
 * What the erasure page says instead of asking, while bookings stop it: how
 * many, which, and from when it can go ahead. Null when erasure can go ahead.
 */
export function erasureRefusal(upcoming: readonly UpcomingBooking[]) {
  if (upcoming.length === 0) return null;
  const last = upcoming.reduce((a, b) => (b.startTime > a.startTime ? b : a));
  return {
    count: upcoming.length === 1 ? "Du har en kommande bokning:" : `Du har ${upcoming.length} kommande bokningar:`,
    bookings: upcoming.map((b) => `${b.title}, ${formatSessionDate(b.startTime)}`),
    why: PRIVACY_TEXTS.notYetWhy,
    when: PRIVACY_TEXTS.notYetWhen(formatSessionDate(last.startTime)),
  };
}

/** What an anonymized booking keeps in its personal columns (their CHECKs need a name and an address). */
export const ANONYMIZED_NAME = "Raderad";
export const anonymizedEmail = (bookingId: string) => `raderad-${bookingId}@anonym.invalid`;

/** The hash a deleted subscription leaves: SHA-256 hex of this prefix and the address in lower case. */
export const SUPPRESSION_PREFIX = "hundpass-suppression:";
export function suppressionInput(email: string): string {
  return `${SUPPRESSION_PREFIX}${email.trim().toLowerCase()}`;
}

export interface ErasureSummary {
  bookings: number;
  subscription: boolean;
  messages: number;
}

/** The confirmation mail: plain text, the last one we send the address. */
export function erasureMail(site: { siteUrl: string }, to: string, summary: ErasureSummary, key: string) {
  const bookings =
    summary.bookings === 0
      ? "- Du hade inga bokningar hos oss."
      : `- ${summary.bookings === 1 ? "Din bokning är anonymiserad" : `Dina ${summary.bookings} bokningar är anonymiserade`}: namn, e-post, telefon, hund, adress och önskemål är borttagna. Passet, datumet och priset sparas utan koppling till dig, för bokföringen.`;
  const lines = [
    "Hej!",
    "",
    "Du bad oss radera dina uppgifter hos Hundpass, och nu är det gjort:",
    "",
    bookings,
    summary.subscription
      ? "- Din prenumeration på nyhetsbrevet är borttagen. Vi sparar bara en kontrollsumma av adressen, så att vi aldrig mejlar dig igen av misstag."
      : "- Du prenumererade inte på nyhetsbrevet.",
    `- ${summary.messages === 0 ? "Du hade inga meddelanden hos oss." : `Dina meddelanden till oss (${summary.messages} st) är raderade.`}`,
    "",
    `Vill du boka igen är du alltid välkommen: ${site.siteUrl}/`,
    "",
    "Hälsningar,",
    "Hundpass",
  ];
  return {
    kind: "privacy-erasure",
    to,
    subject: "Dina uppgifter hos Hundpass är raderade",
    text: `${lines.join("\n")}\n`,
    idempotencyKey: key,
  };
}
