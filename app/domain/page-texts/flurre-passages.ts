// What Flurre's passages say of the site's things around the data staff keep (app/domain/flurre/passages.ts): the
// words that frame a type, a session, a place, the preparation and the team, and how the newsletter and the queue work.

import { numberInWords } from "../places";
import { CONTACT_PATH } from "../site-contact";
import type { TypeKind } from "../session-types";
import { WAITLIST_HOLD_MS, WAITLIST_TEXTS } from "../waitlist";
import { NEWSLETTER_SECTION_ID, START_TEXTS } from "./start";

/** The hours a freed seat is held, in words: a number in a passage is a fact the answer's check must find backed. */
const holdHours = numberInWords(WAITLIST_HOLD_MS / 3_600_000);

export const FLURRE_PASSAGE_TEXTS = {
  kind: { group: "ett pass i grupp", private: "ett privat pass med egen tränare", combined: "ett kombinerat pass" } as Record<TypeKind, string>,
  typeIs: (name: string, kind: string) => `${name} är ${kind}.`,
  variantPrices: (privat: string, proffs: string) => `Privat kostar ${privat} och Proffs ${proffs}.`,
  typePrice: (price: string) => `Ett pass kostar ${price}.`,
  types: { title: "Våra pass", text: (names: string) => `Våra pass: ${names}.` },
  sessionVariantPrices: (privat: string, proffs: string) => `Pris: Privat ${privat}, Proffs ${proffs}.`,
  sessionPrice: (price: string) => `Pris: ${price}.`,
  places: { title: "Våra träningsplatser", are: (names: string) => `Platserna är ${names}.` },
  place: (name: string, kind: string, description: string) => `${name} (${kind}): ${description} Vägbeskrivning finns under Hitta dit.`,
  checklistRest: "Hela listan finns under Preppa inför passet.",
  checklistTitle: "Det här tar du med dig",
  remoteTitle: "Online-pass och hembesök",
  team: { title: "Om Hundpass", members: (list: string) => `Teamet: ${list}.` },
  newsletter: {
    title: "Nyhetsbrevet",
    text:
      `Nyhetsbrevet: ${START_TEXTS.newsletterText} Du anmäler dig med din e-postadress på startsidan. ` +
      "Vill du sluta få det avprenumererar du med länken längst ner i varje nyhetsbrev.",
  },
  waitlist:
    `När alla platser på ett pass är tagna kan du ställa dig i kö med knappen '${WAITLIST_TEXTS.submit}' på passets sida. ` +
    `Blir det ledigt mejlar vi den som står först i kön, som då får platsen reserverad i ${holdHours} timmar.`,
  // What the queue's mails say: the confirmation with its link to leave, the offer held with its links to book or decline.
  offer: {
    title: "Din plats i kön",
    text:
      `När du har ställt dig i kö med knappen '${WAITLIST_TEXTS.submit}' får du ett mejl som bekräftar din plats, ` +
      "med en länk där du kan lämna kön. Blir det ledigt mejlar vi en länk att boka platsen med till den som är först i kön, " +
      `som då har ${holdHours} timmar på sig att boka den. ` +
      "Vill du inte ha platsen, eller hinner du inte boka den, går den vidare till nästa i kön.",
  },
  links: {
    book: { label: "Boka pass", href: "/boka" },
    bookType: (name: string) => `Boka ${name}`,
    findUs: { label: "Hitta hit", href: "/hitta" },
    mapOf: (name: string) => `Hitta dit: ${name}`,
    prepare: { label: "Preppa inför passet", href: "/preppa" },
    contact: { label: "Kontakta oss", href: CONTACT_PATH },
    contactMember: (name: string) => `Kontakta ${name}`,
    aboutUs: { label: "Om oss", href: "/om" },
    newsletter: { label: "Anmäl dig till nyhetsbrevet", href: `/#${NEWSLETTER_SECTION_ID}` },
  },
} as const;
