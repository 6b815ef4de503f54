import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { ProblemReportSchema } from "../../../app/domain/schemas/problem-report";
import { errorsIn, formData } from "./form-data";

const valid = {
  user_name: "Anna",
  user_email: "anna@example.se",
  user_email_confirm: "anna@example.se",
  user_phone: "070-123 45 67",
  message: "Kalendern visar fel månad.",
  needs_help: "yes",
};

function submit(fields: Record<string, string>) {
  return parseWithZod(formData(fields), { schema: ProblemReportSchema });
}

function errorsOf(fields: Record<string, string>) {
  return errorsIn(submit(fields));
}

describe("ProblemReportSchema", () => {
  it("accepts a complete report", () => {
    expect(submit(valid).status).toBe("success");
    expect(submit({ ...valid, needs_help: "no" }).status).toBe("success");
  });

  it.each(["user_name", "user_email", "user_email_confirm", "user_phone", "message", "needs_help"])(
    "requires %s",
    (field) => {
      expect(errorsOf({ ...valid, [field]: "" })?.[field]).toEqual(["Fyll i alla fält"]);
    },
  );

  it("accepts only yes or no for needs_help", () => {
    expect(errorsOf({ ...valid, needs_help: "kanske" })?.needs_help).toEqual(["Fyll i alla fält"]);
  });

  it("says the e-mails do not match, on the confirm field", () => {
    expect(errorsOf({ ...valid, user_email_confirm: "anna@example.com" })?.user_email_confirm).toEqual([
      "E-postadresserna matchar inte",
    ]);
  });

  it("says the e-mails do not match with the other fields' messages, not only once everything else is filled in", () => {
    const error = errorsOf({ ...valid, user_email_confirm: "anna@example.com", needs_help: "" });
    expect(error?.needs_help).toEqual(["Fyll i alla fält"]);
    expect(error?.user_email_confirm).toEqual(["E-postadresserna matchar inte"]);
  });

  it("checks the e-mail and phone formats", () => {
    const error = errorsOf({ ...valid, user_email: "anna", user_email_confirm: "anna", user_phone: "12345" });
    expect(error?.user_email).toEqual(["Ange en giltig e-postadress"]);
    expect(error?.user_phone).toEqual(["Ange ett giltigt telefonnummer"]);
  });

  it("limits the message to 2000 characters", () => {
    expect(submit({ ...valid, message: "x".repeat(2000) }).status).toBe("success");
    expect(errorsOf({ ...valid, message: "x".repeat(2001) })?.message).toEqual(["Högst 2000 tecken"]);
  });

  it("gives the browser required fields and the message limit", () => {
    const constraint = getZodConstraint(ProblemReportSchema);
    expect(constraint.user_phone).toMatchObject({ required: true });
    expect(constraint.needs_help).toMatchObject({ required: true });
    expect(constraint.message).toMatchObject({ required: true, maxLength: 2000 });
  });
});
