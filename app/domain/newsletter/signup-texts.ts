// What a visitor reads around the newsletter: the signup block's states and
// bot-check messages (spec sections 4, 5 and 8, to the letter), the consent
// line under the form, the double opt-in and unsubscribe pages. Shared by
// the components and the server (which answers with the same words).

export const SIGNUP_TEXTS = {
  emailLabel: "E-postadress",
  emailPlaceholder: "din@epost.se",
  submit: "Prenumerera",
  submitting: "Skickar...",
  invalidEmail: "Ange en giltig e-postadress",
  successTitle: "Toppen! Du är nu prenumerant! 🎉",
  successText: "Kolla din e-post så inget hamnat i skräpposten.",
  failure: "Hoppsan, testa igen.",
  /** After a signup without JavaScript: the double opt-in mail is on its way. */
  confirmationSentTitle: "Nästan klart!",
  confirmationSentText:
    "Vi har skickat ett mejl till dig. Klicka på länken i mejlet för att bekräfta din prenumeration. Länken gäller i 48 timmar.",
  /** Not given by the spec: when the bot check cannot load, the form falls back to the double opt-in. */
  linkInstead: "Du kan ändå prenumerera – då mejlar vi dig en länk att bekräfta med.",
  consent:
    "Genom att prenumerera godkänner du att Hundpass mejlar dig om nya pass ungefär en gång i månaden. Du kan avprenumerera när som helst via länken i varje utskick.",
} as const;

/** The bot check's messages (spec section 8). */
export const BOT_CHECK_TEXTS = {
  retrying: "Verifiering misslyckades, försöker igen...",
  expired: "Verifiering utgick, klicka igen",
  loadFailed: "Bot-skydd kunde inte laddas",
  blocked: "Bot-skydd blockerades (adblocker?)",
  verifying: "Verifierar att du inte är en bot...",
  failed: "Verifiering misslyckades",
  waitFailed: "Verifiering misslyckades, försök igen",
  notDone: "Slutför verifiering först",
} as const;

/**
 * Which consent wording a subscriber agreed to: stored with the consent.
 * Raise it whenever SIGNUP_TEXTS.consent (or what the newsletter is) changes.
 */
export const CONSENT_WORDING_VERSION = "nyhetsbrev-v1";

export const CONFIRM_TEXTS = {
  title: "Bekräfta prenumeration",
  intro: "Tryck på knappen för att bekräfta att du vill få Hundpass nyhetsbrev.",
  button: "Bekräfta prenumeration",
  busy: "Bekräftar...",
  doneTitle: "Du är nu prenumerant!",
  doneText: "Tack! Vi hör av oss när nästa månads pass släpps.",
  expiredTitle: "Länken har gått ut",
  expiredText: "Bekräftelselänken har gått ut. Anmäl dig igen på startsidan så skickar vi en ny.",
  failedTitle: "Bekräftelsen misslyckades",
  failedText: "Länken är ogiltig eller har redan använts. Anmäl dig igen på startsidan om du inte redan är prenumerant.",
  home: "Till startsidan",
} as const;

export const UNSUBSCRIBE_TEXTS = {
  title: "Avprenumerera",
  intro: "Tryck på knappen för att sluta få Hundpass nyhetsbrev till",
  button: "Avprenumerera",
  processing: "Bearbetar...",
  done: "Du är avprenumererad.",
  failed: "Kunde inte avprenumerera.",
  /** What to do then: a link without its token, or an old one, cannot be used. */
  failedHelp: "Använd länken längst ner i det senaste nyhetsbrevet, eller skriv till oss så tar vi bort din adress.",
  contact: "Kontakta oss",
  home: "Till startsidan",
} as const;
