// How /admin/utskick reads its URL and shows a campaign's status and actions.
import { describe, expect, it } from "vitest";
import {
  actionDisabled,
  campaignActions,
  campaignBadge,
  draftStorageKey,
  draftWorthKeeping,
  parseAction,
  parseCampaignId,
  parseTab,
  targetLabel,
  audienceLabel,
} from "~/domain/newsletter/campaign-view";
import { joinNames } from "~/domain/newsletter/admin-texts";
import { alreadySentAudiences, segmentLabel, segmentWithSlug, targetAudiences } from "~/domain/newsletter/segments";

describe("campaign status badge", () => {
  it.each([
    ["draft", "Utkast"],
    ["sending", "Skickas"],
    ["sent", "Skickad"],
    ["failed", "Misslyckades"],
    ["cancelled", "Stoppad"],
  ])("shows %s as '%s'", (status, label) => {
    expect(campaignBadge(status).label).toBe(label);
  });

  it.each(["paused", "", "toString", "__proto__"])("shows an unknown status (%j) as a draft", (status) => {
    expect(campaignBadge(status)).toEqual(campaignBadge("draft"));
    expect(campaignActions(status)).toEqual(campaignActions("draft"));
  });
});

describe("campaign actions", () => {
  it("offers stop only while sending, and shows delete disabled then", () => {
    expect(campaignActions("sending").actions).toEqual(["test", "duplicate", "stop", "delete"]);
    expect(actionDisabled("delete", "sending")).toBe(true);
    for (const status of ["draft", "sent", "failed", "cancelled"]) {
      expect(campaignActions(status).actions).not.toContain("stop");
      expect(actionDisabled("delete", status)).toBe(false);
    }
  });

  it("offers 'Skicka till segment' for draft, sent and failed campaigns, not for a stopped one", () => {
    for (const status of ["draft", "sent", "failed"]) {
      expect(campaignActions(status).actions).toEqual(["send", "test", "duplicate", "delete"]);
    }
    expect(campaignActions("cancelled").actions).toEqual(["test", "duplicate", "delete"]);
  });

  it("edits drafts only", () => {
    expect(campaignActions("draft").editable).toBe(true);
    for (const status of ["sending", "sent", "failed", "cancelled"]) expect(campaignActions(status).editable).toBe(false);
  });
});

describe("the page's URL", () => {
  it("reads the tab, campaigns unless it says segments", () => {
    expect(parseTab("segment")).toBe("segment");
    expect(parseTab("kampanjer")).toBe("kampanjer");
    expect(parseTab(null)).toBe("kampanjer");
    expect(parseTab("annat")).toBe("kampanjer");
  });

  it("reads the action being confirmed", () => {
    expect(parseAction("skicka")).toBe("send");
    expect(parseAction("testa")).toBe("test");
    expect(parseAction("duplicera")).toBe("duplicate");
    expect(parseAction("stoppa")).toBe("stop");
    expect(parseAction("ta-bort")).toBe("delete");
    expect(parseAction("send")).toBeNull();
    expect(parseAction(null)).toBeNull();
  });

  it("accepts positive whole ids only", () => {
    expect(parseCampaignId("12")).toBe(12);
    for (const bad of ["0", "-1", "1.5", "1e3", "abc", "", " 3", "9".repeat(16), null, 5]) expect(parseCampaignId(bad)).toBeNull();
  });
});

describe("the browser draft", () => {
  it("is kept only once a name, subject or content is filled", () => {
    expect(draftWorthKeeping({ campaign_name: "", subject: " ", html_content: "" })).toBe(false);
    expect(draftWorthKeeping({ footer_line1: "Hundpass", from_email: "info@hundpass.se" })).toBe(false);
    expect(draftWorthKeeping({ subject: "Maj" })).toBe(true);
    expect(draftWorthKeeping({ html_content: "Hej" })).toBe(true);
    expect(draftWorthKeeping({ campaign_name: "Majbrevet" })).toBe(true);
  });

  it("has one key for a new campaign and one per draft being edited", () => {
    expect(draftStorageKey(null)).not.toBe(draftStorageKey(3));
    expect(draftStorageKey(3)).not.toBe(draftStorageKey(4));
  });
});

// Segments now have names staff set (newsletter_segments): the label reads them, and 'alla' names its waves'
// segments by them too; a segment without a name still shows its slug.
it("names the target 'alla' by what it does, and a segment by the name staff gave it", () => {
  const names = { "vip-utskick": "VIP-kunder", "live-utskick": "Live-kunder", "slut-utskick": "Sista utskicket" };
  expect(targetLabel("alla", names)).toBe("alla (dag 1 VIP-kunder och Live-kunder, dag 2 Sista utskicket, dag 3 övriga kl. 08:00)");
  expect(targetLabel("vip-utskick", names)).toBe("VIP-kunder");
  expect(targetLabel("vip-utskick")).toBe("vip-utskick");
  expect(targetLabel("alla")).toMatch(/^alla \(dag 1 vip-utskick och live-utskick, dag 2 slut-utskick/);
});

it("names a wave's audience, the unsegmented one by what it is", () => {
  expect(audienceLabel("utan-segment")).toBe("övriga (dag 3 av alla)");
  expect(audienceLabel("test-once", { "test-once": "Engångstest" })).toBe("Engångstest");
});

describe("a second send", () => {
  it("knows each target's audiences: one segment, or every wave of 'alla'", () => {
    expect(targetAudiences("vanner-testar")).toEqual(["vanner-testar"]);
    expect(targetAudiences("alla")).toEqual(["vip-utskick", "live-utskick", "slut-utskick", "utan-segment"]);
  });

  it("is a send to an audience the campaign already went to, and only that", () => {
    expect(alreadySentAudiences("vip-utskick", [])).toEqual([]);
    expect(alreadySentAudiences("vip-utskick", ["vip-utskick"])).toEqual(["vip-utskick"]);
    expect(alreadySentAudiences("alla", ["agare-testar", "vip-utskick"])).toEqual(["vip-utskick"]);
    expect(alreadySentAudiences("vanner-testar", ["vip-utskick", "live-utskick"])).toEqual([]);
  });

  it("names whom it already went to in one phrase", () => {
    expect(joinNames(["VIP-kunder"])).toBe("VIP-kunder");
    expect(joinNames(["VIP-kunder", "Live-kunder"])).toBe("VIP-kunder och Live-kunder");
    expect(joinNames(["a", "b", "c"])).toBe("a, b och c");
  });
});

it("shows a segment with its slug where staff manage segments, or the slug alone until it is named", () => {
  expect(segmentWithSlug("vip-utskick", { "vip-utskick": "VIP-kunder" })).toBe("VIP-kunder (vip-utskick)");
  expect(segmentWithSlug("min-test", {})).toBe("min-test");
  expect(segmentLabel("toString", {})).toBe("toString");
});
