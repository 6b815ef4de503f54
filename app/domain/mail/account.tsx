// The mails of sign-in and staff accounts: plain text and an HTML twin
// (React Email). Links are absolute (made by the caller from SITE_URL);
// times are spelled out, not computed here.
import { ButtonRow } from "./components/button";
import { MailLayout } from "./components/layout";
import { renderMailDocument } from "./components/render";
import { Paragraph, Signature } from "./components/text";
import type { ComposedMail } from "./message";

function bodyHtml(subject: string, intro: string, href: string, label: string, outro: string): string {
  return renderMailDocument(
    <MailLayout title={subject} preview={intro}>
      <Paragraph>Hej!</Paragraph>
      <Paragraph>{intro}</Paragraph>
      <ButtonRow href={href}>{label}</ButtonRow>
      <Paragraph muted>{outro}</Paragraph>
      <Signature lines={["Hälsningar", "Hundpass"]} />
    </MailLayout>,
  );
}

function bodyText(intro: string, href: string, outro: string): string {
  return `Hej!\n\n${intro}\n\n${href}\n\n${outro}\n\nHälsningar\nHundpass`;
}

/** Every account mail: a greeting, what happened, one button, a note, in text and HTML. */
function accountMail(subject: string, intro: string, href: string, label: string, outro: string): ComposedMail {
  return { subject, text: bodyText(intro, href, outro), html: bodyHtml(subject, intro, href, label, outro) };
}

export function signInLinkMail(link: string, purpose: "customer" | "admin"): ComposedMail {
  const subject = purpose === "admin" ? "Din inloggningslänk till Hundpass admin" : "Din inloggningslänk till Hundpass";
  const intro =
    purpose === "admin"
      ? "Här är din länk för att logga in i Hundpass admin."
      : "Här är din länk för att se dina bokningar hos Hundpass.";
  const outro =
    "Länken gäller i 10 minuter och kan bara användas en gång. Om du inte bad om länken kan du bortse från det här meddelandet.";
  return accountMail(subject, intro, link, "Logga in", outro);
}

/** The link that confirms a staff sign-up; the account can sign in only after it. */
export function staffConfirmationMail(confirmUrl: string): ComposedMail {
  const intro =
    "Bekräfta din e-postadress för att aktivera ditt personalkonto hos Hundpass. Därefter loggar du in med din e-postadress och det lösenord du valde.";
  const outro =
    "Länken gäller i 60 minuter och kan bara användas en gång. Om du inte skapade kontot kan du bortse från det här meddelandet; då aktiveras inget konto.";
  const subject = "Bekräfta ditt personalkonto hos Hundpass";
  return accountMail(subject, intro, confirmUrl, "Bekräfta e-postadress", outro);
}

/** Sent instead of a welcome when the address already has an account, so the form never tells. */
export function accountExistsMail(signInUrl: string): ComposedMail {
  const intro =
    "Någon (kanske du) försökte skapa ett konto hos Hundpass med den här e-postadressen, men det finns redan ett konto för den. Logga in med ditt befintliga konto.";
  const outro = "Om det inte var du kan du bortse från det här meddelandet; inget har ändrats.";
  const subject = "Du har redan ett konto hos Hundpass";
  return accountMail(subject, intro, signInUrl, "Logga in", outro);
}

/**
 * To a staff account whose password was given wrongly many times in a short
 * while (sent once an hour at most): the account is not locked, only slowed.
 */
export function passwordFailuresMail(signInUrl: string, failures: number): ComposedMail {
  const intro = `Någon har försökt logga in på ditt personalkonto hos Hundpass med fel lösenord ${failures} gånger den senaste kvarten. Kontot är inte låst: varje nytt fel försök gör bara inloggningen långsammare, och du själv kan logga in som vanligt.`;
  const outro =
    "Var det du som skrev fel behöver du inte göra något. Var det inte du, välj gärna ett nytt, längre lösenord och berätta för oss.";
  const subject = "Många felaktiga inloggningsförsök på ditt konto";
  return accountMail(subject, intro, signInUrl, "Logga in", outro);
}
