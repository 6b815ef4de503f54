// The mail staff get when something in the machine has been wrong for an
// hour (app/domain/operations.ts): what, since when, and where to look.
// Plain text, to ADMIN_EMAIL. Pure.
import { formatDateTime } from "../time";
import type { MailMessage, MailSite } from "./message";

export interface AlertEpisode {
  text: string;
  since: string;
}

export function operationsAlertMail(
  site: MailSite & { adminEmail: string },
  episodes: readonly AlertEpisode[],
  idempotencyKey: string,
): MailMessage {
  const url = `${site.siteUrl.replace(/\/+$/, "")}/admin/drift`;
  const text = [
    "Hej!",
    "",
    episodes.length === 1
      ? "Det här har varit fel i driften i minst en timme:"
      : "De här sakerna har varit fel i driften i minst en timme:",
    "",
    ...episodes.map((episode) => `- ${episode.text} (sedan ${formatDateTime(episode.since)})`),
    "",
    `Se Driftstatus: ${url}`,
    "",
    "Du får ett nytt mejl först om felet försvinner och sedan kommer tillbaka.",
    "",
    "Hundpass",
  ].join("\n");
  return {
    kind: "operations-alert",
    to: site.adminEmail,
    subject: episodes.length === 1 ? "Hundpass: fel i driften" : `Hundpass: ${episodes.length} fel i driften`,
    text,
    idempotencyKey,
  };
}
