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
  loadErrorTitle: "Fel",
  loadError: "Kunde inte hämta session. Försök igen senare.",
  termsLabel: "Jag förstår att bokningen är bindande och inte kan avbokas eller ombokas.",
  meetingTypeWarning:
    "Dubbelkolla att din e-postadress och ditt telefonnummer stämmer – det är dem vi använder för att nå dig till mötet.",
  acceptTermsHint: "Godkänn villkoren ovan för att kunna boka.",
  submit: "Boka pass",
  submitting: "Bokar...",
} as const;
