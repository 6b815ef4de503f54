import { describe, expect, it } from "vitest";
import { campaignReportMail } from "~/domain/mail/campaign-report";
import { batchUrl } from "~/server/email/transport.server";

const report = {
  campaignName: "Aprilbrevet <3",
  subject: "Nya pass",
  startedAt: "2026-04-01T07:00:00.000Z",
  waves: [
    { wave: 1, audiences: ["live-utskick", "vip-utskick"], recipients: 10, sent: 9, failed: 1, delivered: 7, bounced: 1, complained: 1, unsubscribed: 2 },
    { wave: 3, audiences: ["utan-segment"], recipients: 5, sent: 5, failed: 0, delivered: 5, bounced: 0, complained: 0, unsubscribed: 0 },
  ],
};

describe("the day-4 report mail", () => {
  it("lists recipients, sent, failed, what the provider reported and unsubscribed per wave, and the totals", () => {
    const mail = campaignReportMail(report);
    expect(mail.subject).toBe("Rapport: Aprilbrevet <3");
    // 07:00 UTC is 09:00 in Stockholm's summer time.
    // Dates carry no leading zero on purpose (time.ts): "1 apr.", as everywhere else.
    expect(mail.text).toMatch(/Startade 1 \S+ 2026 09:00\./);
    expect(mail.text).toContain(
      "Våg 1 (dag 1): live-utskick, vip-utskick\n  Mottagare: 10\n  Skickade: 9\n  Misslyckade: 1\n  Levererade: 7\n  Studsade: 1\n  Skräppostanmälda: 1\n  Avprenumererade: 2",
    );
    expect(mail.text).toContain("Våg 3 (dag 3): utan segment\n  Mottagare: 5");
    expect(mail.text).toContain("Totalt\n  Mottagare: 15\n  Skickade: 14\n  Misslyckade: 1\n  Levererade: 12\n  Studsade: 1\n  Skräppostanmälda: 1\n  Avprenumererade: 2");
  });

  it("escapes the campaign's name in the HTML part", () => {
    const { html } = campaignReportMail(report);
    expect(html).toContain("Rapport: Aprilbrevet &lt;3");
    expect(html).not.toContain("Aprilbrevet <3");
  });
});

describe("batchUrl", () => {
  it("puts /batch after the single-send endpoint", () => {
    expect(batchUrl("https://api.resend.com/emails")).toBe("https://api.resend.com/emails/batch");
    expect(batchUrl("http://127.0.0.1:8783/emails/")).toBe("http://127.0.0.1:8783/emails/batch");
  });
});
