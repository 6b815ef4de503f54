import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { segmentSet } from "../../../app/domain/newsletter/segments";
import { segmentNameSchema } from "../../../app/domain/schemas/segment-name";
import { errorsIn, formData } from "./form-data";

describe("segmentNameSchema", () => {
  const schema = segmentNameSchema(segmentSet("agare-testar"));
  const submit = (fields: Record<string, string>) => parseWithZod(formData(fields), { schema });

  it("takes a trimmed name for one of the six segments, the personal one included", () => {
    const submission = submit({ segment: "agare-testar", display_name: "  Ägarens test  " });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({ segment: "agare-testar", display_name: "Ägarens test" });
  });

  it.each([
    ["an empty name", { segment: "vip-utskick", display_name: "   " }, "display_name", "Ange ett namn för segmentet"],
    ["a name of 61 characters", { segment: "vip-utskick", display_name: "n".repeat(61) }, "display_name", "Namnet får vara högst 60 tecken"],
    ["a name over two lines", { segment: "vip-utskick", display_name: "VIP\nkunder" }, "display_name", "Fältet får inte innehålla radbrytningar eller andra kontrolltecken"],
    ["a segment that is not one of the six", { segment: "alla", display_name: "Alla" }, "segment", "Okänt segment"],
  ])("refuses %s", (_name, fields, field, message) => {
    expect(errorsIn(submit(fields))?.[field]).toEqual([message]);
  });

  it("limits the field for the browser too", () => {
    expect(getZodConstraint(schema).display_name).toMatchObject({ required: true, maxLength: 60 });
  });
});
