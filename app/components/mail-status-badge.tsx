/** An outbox row's status as a coloured Swedish badge (used by /dev/mail). */

export type MailStatus = "queued" | "sending" | "sent" | "failed";

const LABELS: Record<MailStatus, { text: string; tone: string }> = {
  queued: { text: "I kö", tone: "badge-yellow" },
  sending: { text: "Skickas", tone: "badge-yellow" },
  sent: { text: "Skickat", tone: "badge-green" },
  failed: { text: "Misslyckades", tone: "badge-red" },
};

export function MailStatusBadge({ status }: { status: MailStatus }) {
  const { text, tone } = LABELS[status];
  return <span className={`badge ${tone}`}>{text}</span>;
}
