import { describe, expect, it } from "vitest";
import { decisionLateMail, decisionRequestMail } from "../../app/domain/mail/session-decision";
import {
  decisionDeadline,
  decisionFromLinkValue,
  lastNoticeAt,
  requestDueAt,
  requestWindow,
  toDecisionPanelView,
} from "../../app/domain/session-decision";
import { getConfig } from "../../app/server/platform/env.server";
import { LOCAL_ENV } from "./env-fixture";

const base = LOCAL_ENV;

describe("the decision's instants", () => {
  it("counts real hours across the October change: Sun 25 Oct 2026 10:00 is asked Sat 03:00 UTC, due Sat 08:00 UTC", () => {
    const start = "2026-10-25T09:00:00.000Z";
    expect(requestDueAt(start).toISOString()).toBe("2026-10-24T03:00:00.000Z");
    expect(decisionDeadline(start).toISOString()).toBe("2026-10-24T08:00:00.000Z");
    expect(lastNoticeAt(start).toISOString()).toBe("2026-10-24T09:00:00.000Z");
  });

  it("counts real hours across the March change: Sun 28 Mar 2027 10:00 is due Sat 07:00 UTC (08:00 CET)", () => {
    expect(decisionDeadline("2027-03-28T08:00:00.000Z").toISOString()).toBe("2027-03-27T07:00:00.000Z");
  });

  it("asks about starts in (now + 25 h, now + 30 h]", () => {
    expect(requestWindow(new Date("2026-10-24T03:00:00.000Z"))).toEqual({
      startAfter: "2026-10-25T04:00:00.000Z",
      startAtOrBefore: "2026-10-25T09:00:00.000Z",
    });
  });

  it("reads only the two link values", () => {
    expect(decisionFromLinkValue("stall-in")).toBe("cancel");
    expect(decisionFromLinkValue("kor")).toBe("run");
    expect(decisionFromLinkValue("STALL-IN")).toBeNull();
    expect(decisionFromLinkValue(null)).toBeNull();
  });
});

describe("MIN_PARTICIPANTS_DEFAULT", () => {
  it("defaults to cancel, takes run, and refuses anything else by name", () => {
    expect(getConfig({ ...base }).MIN_PARTICIPANTS_DEFAULT).toBe("cancel");
    expect(getConfig({ ...base, MIN_PARTICIPANTS_DEFAULT: "run" }).MIN_PARTICIPANTS_DEFAULT).toBe("run");
    expect(() => getConfig({ ...base, MIN_PARTICIPANTS_DEFAULT: "skip" })).toThrow(
      "MIN_PARTICIPANTS_DEFAULT must be 'cancel' or 'run'",
    );
  });
});

describe("the admin's mails and panel", () => {
  const site = { siteUrl: "https://hundpass.se", adminEmail: "admin@hundpass.se" };
  const session = {
    id: 4,
    title: "VARDAGSLYDNAD",
    location: "Stadsparken Sandviken",
    startTime: "2026-10-25T09:00:00.000Z",
    endTime: "2026-10-25T10:00:00.000Z",
    currentParticipants: 1,
    maxParticipants: 6,
  };

  it("the request shows Stockholm times, 'n av max', both links, the deadline and the default; its token dies at the deadline", () => {
    const mail = decisionRequestMail(site, session, {
      links: { cancel: "https://hundpass.se/beslut?token=t&val=stall-in", run: "https://hundpass.se/beslut?token=t&val=kor" },
      deadline: "2026-10-24T08:00:00.000Z",
      defaultDecision: "cancel",
      token: "t",
    });
    expect(mail.to).toBe("admin@hundpass.se");
    expect(mail.idempotencyKey).toBe("session-decision:4:2026-10-25T09:00:00.000Z");
    expect(mail.secret).toEqual({ token: "t", expiresAt: "2026-10-24T08:00:00.000Z" });
    expect(mail.text).toMatch(/sön 25 okt\.? 10:00 \(10:00–11:00\), Stadsparken Sandviken har 1 av 6 deltagare/);
    expect(mail.text).toContain("Ställ in: https://hundpass.se/beslut?token=t&val=stall-in");
    expect(mail.text).toContain("Kör ändå: https://hundpass.se/beslut?token=t&val=kor");
    expect(mail.text).toMatch(/Välj senast 24 okt\.? 2026 10:00/);
    expect(mail.text).toMatch(/Annars ställs passet in automatiskt 24 okt\.? 2026 10:00\./);
  });

  it("the late note says the session runs", () => {
    expect(decisionLateMail(site, session).text).toContain("Passet körs därför som planerat");
  });

  it("the panel shows an open request's buttons' note, and who decided a closed one", () => {
    const row = {
      id: 1,
      sessionId: 4,
      deadline: "2026-10-24T08:00:00.000Z",
      decision: null,
      decidedAt: null,
      decidedBy: null,
      decidedByEmail: null,
      reason: null,
      title: "VARDAGSLYDNAD",
      location: "Stadsparken Sandviken",
      startTime: "2026-10-25T09:00:00.000Z",
      currentParticipants: 1,
      maxParticipants: 6,
    };
    const before = new Date("2026-10-24T07:00:00.000Z");
    expect(toDecisionPanelView(row, before, "run")).toMatchObject({ state: "open", participantsLabel: "1 av 6" });
    expect(toDecisionPanelView(row, new Date("2026-10-24T08:00:00.000Z"), "cancel").state).toBe("waiting-default");
    const decided = toDecisionPanelView(
      { ...row, decision: "cancel", decidedAt: "2026-10-24T08:00:00.000Z", decidedBy: "default", reason: null },
      before,
      "cancel",
    );
    expect(decided).toMatchObject({ state: "decided", decisionLabel: "Inställt" });
    expect(decided.decidedByLabel).toMatch(/^automatiskt 24 okt\.? 2026 10:00$/);
  });
});
