// The problem report page's texts (/rapportera-problem).

export const REPORT_TEXTS = {
  title: "PRUTT OCKSÅ!",
  intro:
    "Något i appen krånglade – det är vi ledsna för. Berätta vad som hände så rättar vi till det så snart vi kan.",
  formTitle: "Felanmälan",
  submit: "Skicka rapport",
  sending: "Skickar...",
  thanksTitle: "Tack för din rapport!",
  thanksText: "Vi tittar på problemet så snart vi kan.",
  failureTitle: "Ett fel uppstod",
  failureText: "Kunde inte skicka rapporten. Försök igen senare.",
} as const;
