import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { NewsletterSignupSchema } from "../../../app/domain/schemas/newsletter-signup";
import { errorsIn, formData } from "./form-data";

function submit(fields: Record<string, string>) {
  return parseWithZod(formData(fields), { schema: NewsletterSignupSchema });
}

describe("NewsletterSignupSchema", () => {
  it("accepts an e-mail and the bot-check token", () => {
    const submission = submit({ email: "kund@example.se", "cf-turnstile-response": "XXXX.DUMMY.TOKEN" });
    expect(submission.status).toBe("success");
    if (submission.status === "success") expect(submission.value["cf-turnstile-response"]).toBe("XXXX.DUMMY.TOKEN");
  });

  it("lets the token be missing (the action decides what that means)", () => {
    const submission = submit({ email: "kund@example.se", "cf-turnstile-response": "" });
    expect(submission.status).toBe("success");
    if (submission.status === "success") expect(submission.value["cf-turnstile-response"]).toBeUndefined();
  });

  it("rejects an empty, malformed or spaced e-mail with one message", () => {
    for (const email of ["", "kund", "kund @example.se", "kund@exa mple.se"]) {
      const submission = submit({ email });
      expect(errorsIn(submission)?.email).toEqual(["Ange en giltig e-postadress"]);
    }
  });

  it("rejects an oversized token", () => {
    const submission = submit({ email: "kund@example.se", "cf-turnstile-response": "x".repeat(2049) });
    expect(errorsIn(submission)?.["cf-turnstile-response"]).toEqual(["Verifiering misslyckades"]);
  });

  it("marks the e-mail required for the browser", () => {
    const constraint = getZodConstraint(NewsletterSignupSchema);
    expect(constraint.email).toMatchObject({ required: true, maxLength: 254 });
    expect(constraint["cf-turnstile-response"]).toMatchObject({ required: false });
  });
});
