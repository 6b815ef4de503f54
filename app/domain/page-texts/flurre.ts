// Flurre's page and chat panel texts.

export const FLURRE_TEXTS = {
  title: "Fråga Flurre",
  intro:
    "Voff! Jag är Flurre, Hundpass egen kontorshund. Fråga mig om passen, priserna, platserna eller hur bokningen går till, så svarar jag med det jag vet och visar sidan där det står.",
  submit: "Skicka frågan",
  successTitle: "Meddelandet har skickats!",
  successText: "Flurre har lämnat över din fråga till tränarna. Du får svar via e-post.",
} as const;
