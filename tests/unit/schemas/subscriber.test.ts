import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { OFFICIAL_SEGMENTS, segmentSet } from "../../../app/domain/newsletter/segments";
import { subscriberSaveSchema, SubscriberSearchSchema } from "../../../app/domain/schemas/subscriber";
import { errorsIn, formData } from "./form-data";

describe("SubscriberSearchSchema", () => {
  function submit(fields: Record<string, string>) {
    return parseWithZod(formData(fields), { schema: SubscriberSearchSchema });
  }

  it("accepts an address", () => {
    expect(submit({ email: " kund@example.se " }).status).toBe("success");
  });

  it("asks for an address when empty", () => {
    const submission = submit({ email: "" });
    expect(errorsIn(submission)?.email).toEqual(["Ange en e-postadress"]);
  });

  it("rejects a malformed address", () => {
    const submission = submit({ email: "kund@" });
    expect(errorsIn(submission)?.email).toEqual(["Ange en giltig e-postadress"]);
  });

  it("marks the field required for the browser", () => {
    expect(getZodConstraint(SubscriberSearchSchema).email).toMatchObject({ required: true, maxLength: 254 });
  });
});

describe("subscriberSaveSchema", () => {
  const segments = segmentSet("ellen-testar");
  const SubscriberSaveSchema = subscriberSaveSchema(segments);

  function submit(fields: Record<string, string | string[]>) {
    return parseWithZod(formData(fields), { schema: SubscriberSaveSchema });
  }

  function errorsOf(fields: Record<string, string | string[]>) {
    return errorsIn(submit(fields));
  }

  it("knows three official segments and three test segments, the first the configured personal one", () => {
    expect(OFFICIAL_SEGMENTS).toEqual(["vip-utskick", "live-utskick", "slut-utskick"]);
    expect(segments.test).toEqual(["ellen-testar", "vanner-testar", "test-once"]);
    expect(segments.all).toHaveLength(6);
  });

  it("refuses the spec's literal placeholder {name} as a segment", () => {
    expect(errorsOf({ email: "kund@example.se", segments: ["vip-utskick", "{name}"] })?.["segments[1]"]).toEqual([
      "Okänt segment",
    ]);
  });

  it("accepts one official segment from a single checkbox", () => {
    const submission = submit({ email: "kund@example.se", name: "", segments: "live-utskick" });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value.segments).toEqual(["live-utskick"]);
    expect(submission.value.name).toBeUndefined();
  });

  it("accepts one official segment plus test segments, without duplicates", () => {
    const submission = submit({
      email: "kund@example.se",
      name: "Kund",
      segments: ["vip-utskick", "ellen-testar", "test-once", "test-once"],
    });
    expect(submission.status).toBe("success");
    if (submission.status === "success") expect(submission.value.segments).toEqual(["vip-utskick", "ellen-testar", "test-once"]);
  });

  it("needs at least one segment", () => {
    expect(errorsOf({ email: "kund@example.se" })?.segments).toEqual(["Du måste välja minst ett segment"]);
  });

  it("needs exactly one official segment", () => {
    expect(errorsOf({ email: "kund@example.se", segments: ["vanner-testar"] })?.segments).toEqual([
      "Välj exakt ett officiellt segment",
    ]);
    expect(errorsOf({ email: "kund@example.se", segments: ["vip-utskick", "slut-utskick"] })?.segments).toEqual([
      "Välj exakt ett officiellt segment",
    ]);
  });

  it("rejects an unknown segment", () => {
    expect(errorsOf({ email: "kund@example.se", segments: ["vip-utskick", "hemliga"] })?.["segments[1]"]).toEqual([
      "Okänt segment",
    ]);
  });

  it("asks for an address when empty", () => {
    expect(errorsOf({ email: "", segments: "vip-utskick" })?.email).toEqual(["Ange en e-postadress"]);
  });

  it("limits the name to 100 characters", () => {
    expect(errorsOf({ email: "kund@example.se", name: "x".repeat(101), segments: "vip-utskick" })?.name).toEqual([
      "Högst 100 tecken",
    ]);
  });

  it("marks segments as a multiple-choice field for the browser", () => {
    const constraint = getZodConstraint(SubscriberSaveSchema);
    expect(constraint.segments).toMatchObject({ multiple: true });
    expect(constraint.name).toMatchObject({ required: false, maxLength: 100 });
  });
});
