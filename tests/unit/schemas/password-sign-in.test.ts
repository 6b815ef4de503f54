import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { PasswordSignInSchema, SignUpSchema } from "../../../app/domain/schemas/password-sign-in";
import { errorsIn, formData } from "./form-data";

describe("PasswordSignInSchema", () => {
  function submit(fields: Record<string, string>) {
    return parseWithZod(formData(fields), { schema: PasswordSignInSchema });
  }

  it("accepts an e-mail and any non-empty password, without trimming the password", () => {
    const submission = submit({ email: "admin@hundpass.se", password: " kort " });
    expect(submission.status).toBe("success");
    if (submission.status === "success") expect(submission.value.password).toBe(" kort ");
  });

  it("requires the e-mail and the password", () => {
    const submission = submit({ email: "", password: "" });
    expect(errorsIn(submission)?.email).toEqual(["Ange din e-postadress"]);
    expect(errorsIn(submission)?.password).toEqual(["Ange ditt lösenord"]);
  });

  it("rejects a malformed e-mail", () => {
    const submission = submit({ email: "admin", password: "hemligt-lösen" });
    expect(errorsIn(submission)?.email).toEqual(["Ange en giltig e-postadress"]);
  });

  it("rejects a password longer than 128 characters", () => {
    const submission = submit({ email: "admin@hundpass.se", password: "x".repeat(129) });
    expect(errorsIn(submission)?.password).toEqual(["Lösenordet får vara högst 128 tecken"]);
  });

  it("gives the browser required fields", () => {
    const constraint = getZodConstraint(PasswordSignInSchema);
    expect(constraint.email).toMatchObject({ required: true });
    expect(constraint.password).toMatchObject({ required: true, maxLength: 128 });
  });
});

describe("SignUpSchema", () => {
  function submit(fields: Record<string, string>) {
    return parseWithZod(formData(fields), { schema: SignUpSchema });
  }

  it("accepts a 10-character password and an optional display name", () => {
    const withName = submit({ email: "ny@hundpass.se", password: "0123456789", display_name: " Nina " });
    expect(withName.status).toBe("success");
    if (withName.status === "success") expect(withName.value.display_name).toBe("Nina");
    const withoutName = submit({ email: "ny@hundpass.se", password: "0123456789", display_name: "" });
    expect(withoutName.status).toBe("success");
    if (withoutName.status === "success") expect(withoutName.value.display_name).toBeUndefined();
  });

  it("requires at least 10 characters in the password", () => {
    const submission = submit({ email: "ny@hundpass.se", password: "012345678" });
    expect(errorsIn(submission)?.password).toEqual(["Lösenordet måste vara minst 10 tecken"]);
  });

  it("requires a password", () => {
    const submission = submit({ email: "ny@hundpass.se", password: "" });
    expect(errorsIn(submission)?.password).toEqual(["Ange ditt lösenord"]);
  });

  it("limits the display name to 100 characters", () => {
    const submission = submit({ email: "ny@hundpass.se", password: "0123456789", display_name: "x".repeat(101) });
    expect(errorsIn(submission)?.display_name).toEqual(["Namnet får vara högst 100 tecken"]);
  });

  it("gives the browser minLength on the password and maxLength on the name", () => {
    const constraint = getZodConstraint(SignUpSchema);
    expect(constraint.password).toMatchObject({ required: true, minLength: 10, maxLength: 128 });
    expect(constraint.display_name).toMatchObject({ required: false, maxLength: 100 });
  });
});
