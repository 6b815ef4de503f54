// The contact form's texts (/om, and Flurre's page when Flurre has no answer).

export const CONTACT_TEXTS = {
  heading: "Kontakta oss",
  intro: "Har du en fråga om ett pass, din hund eller något annat? Skriv till oss så svarar vi via e-post.",
  submit: "Skicka meddelande",
  sending: "Skickar...",
  successTitle: "Meddelandet har skickats!",
  successText: "Vi svarar dig via e-post så snart vi kan.",
  failureTitle: "Något gick fel",
  failureText: "Kunde inte skicka meddelandet. Försök igen senare.",
  /** The message begun to the team member whose 'Kontakta' was chosen on /om. */
  greeting: (name: string) => `Hej ${name}!\n\n`,
} as const;
