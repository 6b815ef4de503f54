// What a visitor reads about a booking attempt (spec sections 2 and 8), in
// one place so the page, the server and the tests use the same words.

export const BOOKING_TEXTS = {
  errorTitle: "Bokningsfel",
  full: "Fullbokat",
  fullPage: "Detta pass är fullbokat",
  /** A session staff cancelled (not in the spec, which has no public state for it). */
  cancelledPage: "Det här passet är inställt.",
  duplicate: "Du har redan en bokning för detta pass med denna e-postadress",
  failed: "Kunde inte genomföra bokningen. Försök igen.",
  changed: "Passet har ändrats sedan du öppnade sidan. Kontrollera uppgifterna och skicka igen.",
  started: "Passet har redan börjat och kan inte längre bokas.",
  successTitle: "Bokning bekräftad!",
  successMailQueued: "En bekräftelse har skickats till din e-post.",
  /** In the confirmation mail and on the confirmation that stays on /mina-bokningar. */
  bindingReminder: "Kom ihåg: bokningen är bindande och kan inte avbokas eller ombokas.",
  loadErrorTitle: "Fel",
  loadError: "Kunde inte hämta session. Försök igen senare.",
  termsLabel: "Jag förstår att bokningen är bindande och inte kan avbokas eller ombokas.",
  meetingTypeWarning:
    "Dubbelkolla att din e-postadress och ditt telefonnummer stämmer – det är dem vi använder för att nå dig till mötet.",
  acceptTermsHint: "Godkänn villkoren ovan för att kunna boka.",
  /** Over the list of a sent form's errors, each linked to its field. */
  errorSummary: "Rätta följande och skicka igen:",
  /** The terms box, named in that list. */
  termsShort: "Villkoren",
  submit: "Boka pass",
  submitting: "Bokar...",
} as const;

/**
 * The confirmation that stays on /mina-bokningar after a booking (or a
 * payment) in this browser: above the sign-in form, for a few hours.
 */
export const CONFIRMATION_TEXTS = {
  title: BOOKING_TEXTS.successTitle,
  sessionLabel: "Pass",
  typeLabel: "Typ",
  passTypes: { group: "Grupp-pass", private: "Privatpass" },
  mailOnItsWay: (email: string) => `En bekräftelse med kalenderfil (.ics) är på väg till ${email}.`,
  icsLink: "Lägg till i kalendern (.ics)",
  later: "Vill du se dina bokningar senare? Ange e-postadressen du bokade med här nedanför, så mejlar vi en inloggningslänk.",
  laterSignedIn: "Alla dina bokningar ser du i listan.",
  toList: "Till dina bokningar",
} as const;
