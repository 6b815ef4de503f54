import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { ContactSchema } from "../../../app/domain/schemas/contact";
import { errorsIn, formData } from "./form-data";

const valid = { name: "Anna", email: "anna@example.se", message: "Hej! Har ni plats för en valp?" };

function submit(fields: Record<string, string>) {
  return parseWithZod(formData(fields), { schema: ContactSchema });
}

function errorsOf(fields: Record<string, string>) {
  return errorsIn(submit(fields));
}

describe("ContactSchema", () => {
  it("accepts a filled-in message", () => {
    expect(submit(valid).status).toBe("success");
  });

  it.each(["name", "email", "message"])("requires %s", (field) => {
    expect(errorsOf({ ...valid, [field]: "" })?.[field]).toEqual(["Alla fält måste fyllas i"]);
  });

  it("checks the e-mail format", () => {
    expect(errorsOf({ ...valid, email: "anna(at)example.se" })?.email).toEqual(["Ange en giltig e-postadress"]);
  });

  it("limits the message to 1000 characters", () => {
    expect(submit({ ...valid, message: "x".repeat(1000) }).status).toBe("success");
    expect(errorsOf({ ...valid, message: "x".repeat(1001) })?.message).toEqual(["Högst 1000 tecken"]);
  });

  it("takes hidden controls out of the message and keeps its lines; a message of only those is empty", () => {
    const sent = submit({ ...valid, message: "Hej\u0000 där\u202E!\nRad två\u2066" });
    expect(sent.status).toBe("success");
    expect(sent.status === "success" && sent.value.message).toBe("Hej där!\nRad två");
    expect(errorsOf({ ...valid, message: "\u0001\u202E" })?.message).toEqual(["Alla fält måste fyllas i"]);
  });

  it("gives the browser required fields and the message limit", () => {
    const constraint = getZodConstraint(ContactSchema);
    expect(constraint.name).toMatchObject({ required: true });
    expect(constraint.message).toMatchObject({ required: true, maxLength: 1000 });
  });
});
