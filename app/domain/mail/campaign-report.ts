// The day-4 report of a campaign sent to "alla", to the admin: per wave, how
// many recipients it had, how many mails were handed over and failed, what the
// provider reported back (delivered, bounced, marked as spam), and how many
// of its recipients have unsubscribed since. Pure.
import { UNSEGMENTED_AUDIENCE } from "../newsletter/segments";
import { formatDateTime } from "../time";
import { escapeHtml, htmlDocument } from "./html";
import type { ComposedMail } from "./message";

export interface WaveReportRow {
  wave: number;
  /** The wave's audiences (segments, or UNSEGMENTED_AUDIENCE). */
  audiences: string[];
  recipients: number;
  sent: number;
  failed: number;
  /** What the provider reported back (its webhook): delivered to the inbox, bounced, marked as spam. */
  delivered: number;
  bounced: number;
  complained: number;
  /** Recipients now unsubscribed. */
  unsubscribed: number;
}

export interface CampaignReport {
  campaignName: string;
  subject: string;
  /** When sending started (UTC ISO), shown in Stockholm time. */
  startedAt: string | null;
  waves: WaveReportRow[];
}

const WAVE_DAYS: Record<number, string> = { 1: "dag 1", 2: "dag 2", 3: "dag 3" };

function audienceLabel(audience: string): string {
  return audience === UNSEGMENTED_AUDIENCE ? "utan segment" : audience;
}

function waveTitle(row: WaveReportRow): string {
  const day = WAVE_DAYS[row.wave] ?? `våg ${row.wave}`;
  return `Våg ${row.wave} (${day}): ${row.audiences.map(audienceLabel).join(", ")}`;
}

type Figures = Pick<WaveReportRow, "recipients" | "sent" | "failed" | "delivered" | "bounced" | "complained" | "unsubscribed">;

function figures(row: Figures): Array<[string, number]> {
  return [
    ["Mottagare", row.recipients],
    ["Skickade", row.sent],
    ["Misslyckade", row.failed],
    ["Levererade", row.delivered],
    ["Studsade", row.bounced],
    ["Skräppostanmälda", row.complained],
    ["Avprenumererade", row.unsubscribed],
  ];
}

export function campaignReportMail(report: CampaignReport): ComposedMail {
  const subject = `Rapport: ${report.campaignName}`;
  const total = report.waves.reduce<Figures>(
    (sum, w) => ({
      recipients: sum.recipients + w.recipients,
      sent: sum.sent + w.sent,
      failed: sum.failed + w.failed,
      delivered: sum.delivered + w.delivered,
      bounced: sum.bounced + w.bounced,
      complained: sum.complained + w.complained,
      unsubscribed: sum.unsubscribed + w.unsubscribed,
    }),
    { recipients: 0, sent: 0, failed: 0, delivered: 0, bounced: 0, complained: 0, unsubscribed: 0 },
  );
  const intro = [
    `Utskicket "${report.campaignName}" (ämnesrad: ${report.subject}) är klart.`,
    ...(report.startedAt ? [`Startade ${formatDateTime(report.startedAt)}.`] : []),
  ];
  const text = [
    ...intro,
    "",
    ...report.waves.flatMap((w) => [waveTitle(w), ...figures(w).map(([label, n]) => `  ${label}: ${n}`), ""]),
    "Totalt",
    ...figures(total).map(([label, n]) => `  ${label}: ${n}`),
  ].join("\n");

  const cell = "padding:4px 8px;border-bottom:1px solid #dfe3dc;text-align:right";
  const head = "padding:4px 8px;border-bottom:1px solid #dfe3dc;text-align:left";
  const tableRow = (title: string, row: Figures, bold = false) =>
    `<tr${bold ? ' style="font-weight:600"' : ""}><td style="${head}">${escapeHtml(title)}</td>${figures(row)
      .map(([, n]) => `<td style="${cell}">${n}</td>`)
      .join("")}</tr>`;
  const html = htmlDocument(
    subject,
    [
      `<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(subject)}</h1>`,
      ...intro.map((line) => `<p style="margin:0 0 8px">${escapeHtml(line)}</p>`),
      `<table role="presentation" style="border-collapse:collapse;width:100%;margin-top:16px;font-size:14px">`,
      `<tr><th style="${head}">Våg</th>${figures(total)
        .map(([label]) => `<th style="${cell}">${escapeHtml(label)}</th>`)
        .join("")}</tr>`,
      ...report.waves.map((w) => tableRow(waveTitle(w), w)),
      tableRow("Totalt", total, true),
      `</table>`,
    ].join(""),
  );
  return { subject, text, html };
}
