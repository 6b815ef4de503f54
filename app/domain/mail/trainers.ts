/**
 * The e-mails the trainers get from the public forms: a contact message, a
 * question for Flurre and a problem report. Plain text; replying answers the
 * sender (replyTo is set by the caller).
 */
import type { ContactValues, ProblemReportValues } from "../schemas";

export type AdminMail = { kind: string; subject: string; text: string };

export type ContactSource = "contact" | "flurre";

export function contactMail(values: ContactValues, source: ContactSource): AdminMail {
  const flurre = source === "flurre";
  return {
    kind: flurre ? "flurre-question" : "contact-message",
    subject: flurre ? `Fråga till Flurre från ${values.name}` : `Nytt meddelande från ${values.name}`,
    text: [
      flurre
        ? "Flurre har fått en fråga på hundpass.se och lämnar över den till er."
        : "Nytt meddelande via kontaktformuläret på hundpass.se.",
      "",
      `Från: ${values.name} <${values.email}>`,
      "",
      flurre ? "Fråga:" : "Meddelande:",
      values.message,
      "",
      `Svara på det här mejlet så går svaret direkt till ${values.name}.`,
    ].join("\n"),
  };
}

export function problemReportMail(values: ProblemReportValues): AdminMail {
  const wantsHelp = values.needs_help === "yes";
  return {
    kind: "problem-report",
    subject: `Felanmälan från ${values.user_name}${wantsHelp ? " – vill ha hjälp" : ""}`,
    text: [
      "En ny felanmälan har kommit in via hundpass.se.",
      "",
      `Namn: ${values.user_name}`,
      `E-post: ${values.user_email}`,
      `Telefon: ${values.user_phone}`,
      `Vill ha hjälp: ${wantsHelp ? "Ja" : "Nej"}`,
      "",
      "Beskrivning:",
      values.message,
      "",
      `Svara på det här mejlet så går svaret direkt till ${values.user_name}.`,
    ].join("\n"),
  };
}
