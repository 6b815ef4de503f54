// The booking rules the site states here and there (the terms checkbox, the
// GruppUp notice, how booking and My bookings work, how to reach us, how to
// see and erase one's data), gathered in the pages' own words for Flurre to
// answer with.

import { BOOKING_TEXTS } from "./booking-texts";
import { FROM_PRICES, GROUP_CONFIRMED_THRESHOLD } from "./constants";
import { formatKr } from "./price";
import { CONTACT_TEXTS } from "./page-texts/contact";
import { SESSION_LIST_TEXTS } from "./page-texts/session-list";
import { PRIVACY_TEXTS } from "./privacy-page";
import { CONTACT_EMAIL, CONTACT_PATH, CONTACT_PHONE, PRIVACY_PATH } from "./site-contact";

/** Where a visitor's bookings and data are, behind a sign-in link. */
const MY_BOOKINGS_LINK = { label: "Mina bokningar", href: "/mina-bokningar" } as const;

export type SiteRule = {
  id: string;
  title: string;
  /** Plain Swedish sentences, the pages' own words where they have them. */
  text: string;
  links: readonly { label: string; href: string }[];
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
  },
  {
    id: "group-minimum",
    title: "När ett grupp-pass blir av eller ställs in",
    text: `Ett grupp-pass (GruppUp) blir av när minst ${GROUP_CONFIRMED_THRESHOLD} deltagare har bokat. ${SESSION_LIST_TEXTS.infoText}`,
    links: [{ label: "Alla PopUp's", href: "/alla-popups" }],
  },
  {
    id: "how-to-book",
    title: "Så bokar du ett pass",
    text: `Du bokar utan konto: välj ett pass under Boka pass eller Alla PopUp's, fyll i dina och hundens uppgifter och godkänn villkoren. ${BOOKING_TEXTS.successMailQueued.replace("har skickats", "skickas")} GruppUps kostar från ${formatKr(FROM_PRICES.group)} och privatpass från ${formatKr(FROM_PRICES.private)}.`,
    links: [
      { label: "Boka pass", href: "/boka" },
      { label: "Alla PopUp's", href: "/alla-popups" },
    ],
  },
  {
    id: "my-bookings",
    title: "Mina bokningar – inloggning med länk",
    text: "Dina bokningar ser du under Mina bokningar. Ange e-postadressen du bokade med så skickar vi en inloggningslänk till din e-post – du behöver inget konto eller lösenord. Länken gäller i 10 minuter och kan bara användas en gång. Med länken ser du dina kommande och tidigare bokningar.",
    links: [MY_BOOKINGS_LINK],
  },
  {
    id: "contact",
    title: CONTACT_TEXTS.heading,
    text: `Du når oss via kontaktformuläret under ${CONTACT_TEXTS.heading} på sidan Om oss, på ${CONTACT_EMAIL} eller på ${CONTACT_PHONE}. ${CONTACT_TEXTS.successText}`,
    links: [{ label: CONTACT_TEXTS.heading, href: CONTACT_PATH }],
  },
  {
    id: "my-data",
    title: PRIVACY_TEXTS.heading,
    text: `${PRIVACY_TEXTS.keepsOnly} ${PRIVACY_TEXTS.see}`,
    links: [
      { label: PRIVACY_TEXTS.heading, href: PRIVACY_PATH },
      MY_BOOKINGS_LINK,
    ],
  },
];
