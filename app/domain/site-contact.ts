// Who runs the site and how to reach them: the footer on every public page
// and the privacy page say it from here. The phone number is in the range
// the Swedish telecom regulator keeps for fiction (070-174 06 05 – 06 99).
export const BUSINESS_NAME = "Hundpass";
export const BUSINESS_TAGLINE = "Hundträning i grupp och privat";
export const CONTACT_EMAIL = "info@hundpass.se";
export const CONTACT_PHONE = "070-174 06 50";
/** The same number for a tel: link (E.164). */
export const CONTACT_PHONE_TEL = "+46701740650";
export const PRIVACY_PATH = "/integritet";
/** Where the contact form sits on /om. */
export const CONTACT_PATH = "/om#kontakt";
/** The contact form with the message begun to one of the team ('Kontakta <name>' on their card). */
export const contactPathTo = (name: string) => `/om?${new URLSearchParams({ till: name })}#kontakt`;

export const FOOTER_TEXTS = {
  label: "Sidfot",
  contactHeading: "Kontakt",
  email: "E-post",
  phone: "Telefon",
  linksHeading: "Mer om oss",
  links: [
    { to: "/om", label: "Om oss" },
    { to: "/hitta", label: "Hitta hit" },
    { to: "/rapportera-problem", label: "Rapportera problem" },
    { to: PRIVACY_PATH, label: "Integritet" },
  ],
} as const;
