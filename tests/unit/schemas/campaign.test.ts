import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { segmentSet } from "../../../app/domain/newsletter/segments";
import { campaignSchema, DEFAULT_SENDER_ADDRESSES as SENDER_ADDRESSES } from "../../../app/domain/schemas/campaign";
import { errorsIn, formData } from "./form-data";

const valid = {
  campaign_name: "Juni-pass",
  subject: "Nya pass i juni",
  html_content: "<p>Hej {name}!</p>",
  subheader: "",
  image_url: "",
  button_text: "",
  button_url: "",
  footer_line1: "",
  footer_line2: "",
  from_email: "nyhetsbrev@hundpass.se",
  target_segment: "",
};

const CampaignSchema = campaignSchema({ segments: segmentSet("ellen-testar"), senders: SENDER_ADDRESSES });

function submit(fields: Record<string, string>) {
  return parseWithZod(formData(fields), { schema: CampaignSchema });
}

function errorsOf(fields: Record<string, string>) {
  return errorsIn(submit(fields));
}

describe("CampaignSchema", () => {
  it("accepts a campaign, trims every value and defaults the target segment to the personal test segment", () => {
    const submission = submit({
      ...valid,
      campaign_name: "  Juni-pass ",
      subheader: " Sommar ",
      button_text: " Boka ",
      button_url: " https://hundpass.se/boka ",
      footer_line1: " Hundpass ",
    });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value.campaign_name).toBe("Juni-pass");
    expect(submission.value.subheader).toBe("Sommar");
    expect(submission.value.button_text).toBe("Boka");
    expect(submission.value.button_url).toBe("https://hundpass.se/boka");
    expect(submission.value.footer_line1).toBe("Hundpass");
    expect(submission.value.footer_line2).toBeUndefined();
    expect(submission.value.target_segment).toBe("ellen-testar");
  });

  it.each(["campaign_name", "subject", "html_content"])("requires %s", (field) => {
    expect(errorsOf({ ...valid, [field]: "" })?.[field]).toEqual(["Fyll i alla obligatoriska fält"]);
    expect(errorsOf({ ...valid, [field]: "   " })?.[field]).toEqual(["Fyll i alla obligatoriska fält"]);
  });

  it.each([
    ["campaign_name", 200, "Kampanjnamn för långt"],
    ["subject", 255, "Ämnesrad för lång"],
    ["html_content", 10000, "Innehåll för långt"],
    ["subheader", 200, "Underrubrik för lång"],
    ["button_text", 50, "Knapptext för lång"],
    ["footer_line1", 200, "Sidfotsrad för lång"],
    ["footer_line2", 200, "Sidfotsrad för lång"],
  ] as const)("limits %s to %i characters", (field, max, message) => {
    expect(submit({ ...valid, [field]: "x".repeat(max) }).status).toBe("success");
    expect(errorsOf({ ...valid, [field]: "x".repeat(max + 1) })?.[field]).toEqual([message]);
  });

  it("counts the length after trimming", () => {
    expect(submit({ ...valid, campaign_name: ` ${"x".repeat(200)} ` }).status).toBe("success");
  });

  it.each([
    ["image_url", "Bildadress för lång"],
    ["button_url", "Knappadress för lång"],
  ])("limits %s to 500 characters and requires http(s)", (field, message) => {
    const url = `https://hundpass.se/${"x".repeat(480)}`;
    expect(url.length).toBe(500);
    expect(submit({ ...valid, [field]: url }).status).toBe("success");
    expect(errorsOf({ ...valid, [field]: `${url}x` })?.[field]).toEqual([message]);
    expect(errorsOf({ ...valid, [field]: "javascript:alert(1)" })?.[field]).toEqual([
      "Ange en webbadress som börjar med http:// eller https://",
    ]);
  });

  it.each(SENDER_ADDRESSES)("accepts the sender %s", (sender) => {
    expect(submit({ ...valid, from_email: sender }).status).toBe("success");
  });

  it("rejects a missing or unknown sender", () => {
    expect(errorsOf({ ...valid, from_email: "" })?.from_email).toEqual(["Välj en avsändare"]);
    expect(errorsOf({ ...valid, from_email: "vd@hundpass.se" })?.from_email).toEqual(["Välj en avsändare"]);
  });

  it("accepts a known target segment or alla, and rejects others", () => {
    const submission = submit({ ...valid, target_segment: "alla" });
    expect(submission.status).toBe("success");
    if (submission.status === "success") expect(submission.value.target_segment).toBe("alla");
    expect(submit({ ...valid, target_segment: "vip-utskick" }).status).toBe("success");
    expect(errorsOf({ ...valid, target_segment: "alla-kunder" })?.target_segment).toEqual([
      "Välj ett giltigt segment",
    ]);
  });

  it("gives the browser required and maxLength constraints", () => {
    const constraint = getZodConstraint(CampaignSchema);
    expect(constraint.campaign_name).toMatchObject({ required: true, maxLength: 200 });
    expect(constraint.subject).toMatchObject({ required: true, maxLength: 255 });
    expect(constraint.html_content).toMatchObject({ required: true, maxLength: 10000 });
    expect(constraint.button_text).toMatchObject({ required: false, maxLength: 50 });
    expect(constraint.target_segment).toMatchObject({ required: false });
  });
});
