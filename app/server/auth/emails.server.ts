/**
 * The texts of the e-mails sign-in sends, plain text and a simple HTML twin.
 * Links are absolute (SITE_URL); times are spelled out, not computed here.
 */

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

function buttonHtml(intro: string, href: string, label: string, outro: string): string {
  return [
    `<p>${escapeHtml(intro)}</p>`,
    `<p><a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 20px;border-radius:999px;background:#1f5f4a;color:#ffffff;text-decoration:none;font-weight:600">${escapeHtml(label)}</a></p>`,
    `<p style="color:#55645c">${escapeHtml(outro)}</p>`,
  ].join("\n");
}

export function signInLinkEmail(link: string, purpose: "customer" | "admin") {
  const subject = purpose === "admin" ? "Din inloggningslänk till Hundpass admin" : "Din inloggningslänk till Hundpass";
  const intro =
    purpose === "admin"
      ? "Här är din länk för att logga in i Hundpass admin."
      : "Här är din länk för att se dina bokningar hos Hundpass.";
  const outro =
    "Länken gäller i 10 minuter och kan bara användas en gång. Om du inte bad om länken kan du bortse från det här meddelandet.";
  return {
    subject,
    text: `Hej!\n\n${intro}\n\n${link}\n\n${outro}\n\nHälsningar\nHundpass`,
    html: `<p>Hej!</p>\n${buttonHtml(intro, link, "Logga in", outro)}\n<p>Hälsningar<br>Hundpass</p>`,
  };
}

/** The link that confirms a staff sign-up; the account can sign in only after it. */
export function staffConfirmationEmail(confirmUrl: string) {
  const intro =
    "Bekräfta din e-postadress för att aktivera ditt personalkonto hos Hundpass. Därefter loggar du in med din e-postadress och det lösenord du valde.";
  const outro =
    "Länken gäller i 60 minuter och kan bara användas en gång. Om du inte skapade kontot kan du bortse från det här meddelandet; då aktiveras inget konto.";
  return {
    subject: "Bekräfta ditt personalkonto hos Hundpass",
    text: `Hej!\n\n${intro}\n\n${confirmUrl}\n\n${outro}\n\nHälsningar\nHundpass`,
    html: `<p>Hej!</p>\n${buttonHtml(intro, confirmUrl, "Bekräfta e-postadress", outro)}\n<p>Hälsningar<br>Hundpass</p>`,
  };
}

/** Sent instead of a welcome when the address already has an account, so the form never tells. */
export function accountExistsEmail(signInUrl: string) {
  const intro =
    "Någon (kanske du) försökte skapa ett konto hos Hundpass med den här e-postadressen, men det finns redan ett konto för den. Logga in med ditt befintliga konto.";
  const outro = "Om det inte var du kan du bortse från det här meddelandet; inget har ändrats.";
  return {
    subject: "Du har redan ett konto hos Hundpass",
    text: `Hej!\n\n${intro}\n\n${signInUrl}\n\n${outro}\n\nHälsningar\nHundpass`,
    html: `<p>Hej!</p>\n${buttonHtml(intro, signInUrl, "Logga in", outro)}\n<p>Hälsningar<br>Hundpass</p>`,
  };
}
