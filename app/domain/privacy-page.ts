// /integritet in plain Swedish: what the site stores about a visitor, why,
// for how long, and how to see and erase it. The durations come from the
// same settings the retention job uses (docs/architecture.md, "My data and retention"), so
// the page says what the site does.
import { CONTACT_EMAIL, CONTACT_PHONE } from "./site-contact";

export type RetentionSettings = {
  bookingMonths: number;
  unsubscribedDays: number;
  messageMonths: number;
  auditMonths: number;
  mailDays: number;
  /** Finished queue places (fixed in the retention job). */
  queueDays: number;
};

export type PrivacyRow = {
  /** The documented retention table's 'Data' cell this row speaks for, if any. */
  readmeData: string | null;
  what: string;
  why: string;
  howLong: string;
};

const months = (n: number) => (n === 1 ? "1 månad" : `${n} månader`);
const days = (n: number) => (n === 1 ? "1 dag" : `${n} dagar`);

/** What the site keeps, in one sentence: the page's opening, and Flurre's. */
const KEEPS_ONLY = "Vi sparar bara det vi behöver för att ta emot din bokning, påminna dig och svara när du hör av dig.";

export const PRIVACY_TEXTS = {
  title: "Integritet",
  heading: "Så hanterar vi dina uppgifter",
  keepsOnly: KEEPS_ONLY,
  intro: `${KEEPS_ONLY} Här står vad vi sparar, varför och hur länge – och hur du själv ser och raderar det.`,
  tableCaption: "Det här sparar vi",
  columns: { what: "Uppgifter", why: "Varför", howLong: "Hur länge" },
  seeHeading: "Se och radera dina uppgifter",
  see: "Gå till Mina bokningar och be om en inloggningslänk till din e-post. När du är inloggad kan du ladda ner allt vi har sparat om dig och radera dina uppgifter. Har du ett pass framför dig raderar vi efter passet, eftersom vi behöver kunna nå dig inför det.",
  seeLink: "Till Mina bokningar",
  cookiesHeading: "Kakor",
  cookies:
    "Vi använder inga kakor för spårning eller reklam. En kaka håller dig inloggad (den innehåller bara ett slumpat nummer) och en kort kaka visar meddelanden som 'Bokningen är klar' efter att du skickat ett formulär. När du har bokat minns en kaka i tre timmar vilka bokningar du gjorde i webbläsaren, så att bekräftelsen syns på Mina bokningar.",
  contactHeading: "Frågor",
  contact: `Hundpass ansvarar för dina uppgifter. Hör av dig till ${CONTACT_EMAIL} eller ${CONTACT_PHONE} om du undrar något. Du kan också klaga till Integritetsskyddsmyndigheten (IMY).`,
} as const;

export function privacyRows(s: RetentionSettings): PrivacyRow[] {
  return [
    {
      readmeData: "Bookings' personal data",
      what: "Din bokning: namn, e-post, telefon, hundens namn, ras och ålder, hemadress vid hembesök och ditt meddelande.",
      why: "För att genomföra passet, skicka bekräftelse och påminnelse och nå dig om något ändras.",
      howLong: `${months(s.bookingMonths)} efter passet. Sedan tar vi bort dina personuppgifter; bokningen finns kvar utan namn för bokföringen.`,
    },
    {
      readmeData: "Unsubscribed subscribers",
      what: "Nyhetsbrevet: din e-postadress och när och hur du sa ja.",
      why: "För att skicka nyhetsbrevet du bett om, och kunna visa att du sagt ja.",
      howLong: `Tills du avslutar prenumerationen, och ${days(s.unsubscribedDays)} efter det. Sedan sparar vi bara en kontrollsumma av adressen, så att den inte läggs till igen av misstag.`,
    },
    {
      readmeData: "Contact messages, problem reports, Flurre's unanswered questions",
      what: "Det du skriver till oss: kontaktformuläret, problemrapporter och frågor som Flurre inte kunde svara på.",
      why: "För att svara dig och göra sajten bättre.",
      howLong: `${months(s.messageMonths)}.`,
    },
    {
      readmeData: "Finished queue places",
      what: "Kön till fullbokade pass: namn, e-post och hundens namn.",
      why: "För att erbjuda dig en plats som blir ledig.",
      howLong: `Medan du står i kön, och ${days(s.queueDays)} efter att köplatsen avslutats.`,
    },
    {
      readmeData: "Sent mail",
      what: "Mejl vi skickat dig (bekräftelser, påminnelser, länkar) och e-posttjänstens besked om dem (levererat, studsat, markerat som skräppost).",
      why: "För att kunna skicka om ett mejl som inte kom fram.",
      howLong: `${days(s.mailDays)}.`,
    },
    {
      readmeData: "Audit rows",
      what: "Ändringsloggen: vilka ändringar personalen gjort i pass och bokningar.",
      why: "För att kunna reda ut misstag.",
      howLong: `${months(s.auditMonths)}.`,
    },
    {
      readmeData: null,
      what: "Inloggning: ett slumpat nummer i en kaka medan du är inloggad, och engångslänkar vi mejlar dig.",
      why: "För att du ska kunna se dina bokningar utan lösenord.",
      howLong: "Tills du loggar ut eller inloggningen går ut. En länk fungerar en gång och bara en kort stund.",
    },
  ];
}
