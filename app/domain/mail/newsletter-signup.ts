// The mails of a newsletter signup: the double opt-in link (a signup that
// could not be proved human, or an address that had unsubscribed) and the
// welcome once subscribed, which carries the personal unsubscribe link. Links
// are absolute, made by the caller. Pure.
import { buttonHtml, escapeHtml, htmlDocument } from "./html";
import type { ComposedMail } from "./message";
import { UNSUBSCRIBE_LINK_TEXT } from "./newsletter";

const SIGNATURE_TEXT = "Hälsningar\nHundpass";
const SIGNATURE_HTML = "<p>Hälsningar<br>Hundpass</p>";

export function newsletterConfirmationMail(confirmUrl: string, validHours: number): ComposedMail {
  const subject = "Bekräfta din prenumeration på Hundpass nyhetsbrev";
  const intro =
    "Tack för att du vill få Hundpass nyhetsbrev! Bekräfta din e-postadress så skickar vi nästa månads pass till dig.";
  const outro = `Länken gäller i ${validHours} timmar och kan bara användas en gång. Om du inte anmälde dig kan du bortse från det här meddelandet; då händer ingenting.`;
  return {
    subject,
    text: `Hej!\n\n${intro}\n\n${confirmUrl}\n\n${outro}\n\n${SIGNATURE_TEXT}`,
    html: htmlDocument(
      subject,
      [
        "<p>Hej!</p>",
        `<p>${escapeHtml(intro)}</p>`,
        `<p>${buttonHtml(confirmUrl, "Bekräfta prenumeration")}</p>`,
        `<p style="color:#55645c">${escapeHtml(outro)}</p>`,
        SIGNATURE_HTML,
      ].join("\n"),
    ),
  };
}

export function newsletterWelcomeMail(siteUrl: string, unsubscribeUrl: string): ComposedMail {
  const subject = "Välkommen som prenumerant hos Hundpass!";
  const intro =
    "Toppen, nu är du prenumerant! Varje månad får du veta först när nya pass släpps, så att du hinner boka innan platserna tar slut.";
  const meanwhile = "Vill du inte vänta? Se vilka pass som är lediga just nu:";
  const home = new URL("/alla-popups", siteUrl).toString();
  const leave = "Vill du inte längre få nyhetsbrevet kan du avprenumerera när som helst:";
  return {
    subject,
    text: `Hej!\n\n${intro}\n\n${meanwhile}\n${home}\n\n${SIGNATURE_TEXT}\n\n${leave}\n${UNSUBSCRIBE_LINK_TEXT}: ${unsubscribeUrl}`,
    html: htmlDocument(
      subject,
      [
        "<p>Hej!</p>",
        `<p>${escapeHtml(intro)}</p>`,
        `<p>${escapeHtml(meanwhile)}</p>`,
        `<p>${buttonHtml(home, "Se alla pass")}</p>`,
        SIGNATURE_HTML,
        `<p style="margin:16px 0 0;color:#55625b;font-size:13px">${escapeHtml(leave)} <a href="${escapeHtml(unsubscribeUrl)}" style="color:#55625b">${UNSUBSCRIBE_LINK_TEXT}</a></p>`,
      ].join("\n"),
    ),
  };
}
