import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { SignInLinkSchema } from "../../../app/domain/schemas/sign-in-link";
import { errorsIn, formData } from "./form-data";

function submit(fields: Record<string, string>) {
  return parseWithZod(formData(fields), { schema: SignInLinkSchema });
}

describe("SignInLinkSchema", () => {
  it("accepts an e-mail address and trims it", () => {
    const submission = submit({ email: "  kund@example.se " });
    expect(submission.status).toBe("success");
    if (submission.status === "success") expect(submission.value.email).toBe("kund@example.se");
  });

  it("asks for an address when the field is empty or missing", () => {
    const posts: Record<string, string>[] = [{ email: "" }, { email: "   " }, {}];
    for (const fields of posts) {
      const submission = submit(fields);
      expect(errorsIn(submission)?.email).toEqual(["Vänligen ange din e-postadress"]);
    }
  });

  it("asks for a valid address when the format is wrong", () => {
    const submission = submit({ email: "kund@example" });
    expect(errorsIn(submission)?.email).toEqual(["Vänligen ange en giltig e-postadress"]);
  });

  it("gives the browser a required, max 254 e-mail field", () => {
    expect(getZodConstraint(SignInLinkSchema).email).toMatchObject({ required: true, maxLength: 254 });
  });
});
