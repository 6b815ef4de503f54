import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { SessionTypeSchema } from "../../../app/domain/schemas/session-type";
import { errorsIn, formData } from "./form-data";

const valid = {
  name: "NOSEWORK",
  description: "Nosarbete.",
  inspiring_text: "",
  image_url: "",
  max_participants: "6",
  session_type: "group",
  price: "295",
};

const submit = (fields: Record<string, string>) => parseWithZod(formData(fields), { schema: SessionTypeSchema });
const errorsOf = (fields: Record<string, string>) => errorsIn(submit(fields));

describe("SessionTypeSchema bounds", () => {
  it("takes 1 to 100 participants", () => {
    expect(submit({ ...valid, max_participants: "100" }).status).toBe("success");
    expect(errorsOf({ ...valid, max_participants: "0" })?.max_participants).toEqual(["Ange ett heltal från 1 till 100"]);
    expect(errorsOf({ ...valid, max_participants: "100000" })?.max_participants).toEqual(["Ange ett heltal från 1 till 100"]);
  });

  it("takes a price of 0 to 100 000 kr", () => {
    expect(submit({ ...valid, price: "100000" }).status).toBe("success");
    expect(errorsOf({ ...valid, price: "-1" })?.price).toEqual(["Priset kan inte vara negativt"]);
    expect(errorsOf({ ...valid, price: "100001" })?.price).toEqual(["Priset kan vara högst 100 000 kr"]);
    expect(errorsOf({ ...valid, price: "99999999" })?.price).toEqual(["Priset kan vara högst 100 000 kr"]);
  });

  it("gives the browser the same bounds", () => {
    const constraint = getZodConstraint(SessionTypeSchema);
    expect(constraint.max_participants).toMatchObject({ min: 1, max: 100 });
    expect(constraint.price).toMatchObject({ min: 0, max: 100000 });
  });
});
