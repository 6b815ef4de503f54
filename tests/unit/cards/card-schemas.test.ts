// The forms of /admin/kort as a browser posts them: a klippkort needs its
// uses, price and session types (ones that exist), a presentkort its amounts
// or a free range and at least 12 months, and where it is shown is one of
// four places (or left as it was); "Registrera sålt kort" needs a
// product and the buyer's address twice.
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { cardProductSchema, RegisterCardSchema } from "../../../app/domain/cards/card-schemas";
import { CARD_MESSAGES } from "../../../app/domain/cards/card-texts";
import { errorsIn, formData } from "../schemas/form-data";

const schema = cardProductSchema(["VALPKURS", "NOSARBETE", "PRIVAT & PROFFS"]);
const submit = (fields: Record<string, string | string[]>) => parseWithZod(formData(fields), { schema });

const klipp = { kind: "klippkort", name: "5-kort valpkurs", validity_months: "12", uses: "5", price_sek: "1195", session_types: ["VALPKURS", "NOSARBETE"] };
const gift = { kind: "presentkort", name: "Presentkort", validity_months: "24", amounts: "200, 500, 1 000 kr", free_min_sek: "", free_max_sek: "" };

describe("cardProductSchema", () => {
  it("takes a klippkort", () => {
    const submission = submit(klipp);
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toMatchObject({ kind: "klippkort", name: "5-kort valpkurs", uses: 5, price_sek: 1195, validity_months: 12 });
    expect(submission.value.session_types).toEqual(["VALPKURS", "NOSARBETE"]);
  });

  it("takes one session type ticked, and a name with an ampersand", () => {
    const submission = submit({ ...klipp, session_types: "PRIVAT & PROFFS" });
    expect(submission.status).toBe("success");
    if (submission.status === "success") expect(submission.value.session_types).toEqual(["PRIVAT & PROFFS"]);
  });

  it("takes a presentkort's amounts (commas part them, spaces are thousands), each once, smallest first", () => {
    const submission = submit({ ...gift, amounts: "1 000, 200;500, 200" });
    expect(submission.status).toBe("success");
    if (submission.status === "success") expect(submission.value.amounts).toEqual([200, 500, 1000]);
  });

  it("takes a presentkort with only a free amount", () => {
    const submission = submit({ ...gift, amounts: "", free_min_sek: "100", free_max_sek: "5000" });
    expect(submission.status).toBe("success");
    if (submission.status === "success") expect(submission.value).toMatchObject({ amounts: [], free_min_sek: 100, free_max_sek: 5000 });
  });

  it("asks a klippkort for its uses, price and session types together with a missing name", () => {
    const errors = errorsIn(submit({ kind: "klippkort", name: "", validity_months: "12" }));
    expect(errors).toMatchObject({
      name: [CARD_MESSAGES.name],
      uses: [CARD_MESSAGES.uses],
      price_sek: [CARD_MESSAGES.price],
      session_types: [CARD_MESSAGES.sessionTypes],
    });
  });

  it("refuses a session type that is not in the database", () => {
    expect(errorsIn(submit({ ...klipp, session_types: ["VALPKURS", "GAMMAL TYP"] }))?.["session_types[1]"]).toEqual([CARD_MESSAGES.unknownSessionType]);
  });

  it.each([
    [{ uses: "0" }, "uses", CARD_MESSAGES.uses],
    [{ uses: "101" }, "uses", CARD_MESSAGES.uses],
    [{ uses: "2.5" }, "uses", CARD_MESSAGES.uses],
    [{ price_sek: "-1" }, "price_sek", CARD_MESSAGES.price],
    [{ validity_months: "0" }, "validity_months", CARD_MESSAGES.validity],
    [{ validity_months: "61" }, "validity_months", CARD_MESSAGES.validity],
    [{ kind: "rabattkort" }, "kind", CARD_MESSAGES.kind],
  ])("refuses a klippkort with %j", (change, field, message) => {
    expect(errorsIn(submit({ ...klipp, ...change }))?.[field]).toEqual([message]);
  });

  it("refuses a presentkort that lasts less than 12 months", () => {
    expect(errorsIn(submit({ ...gift, validity_months: "11" }))?.validity_months).toEqual([CARD_MESSAGES.giftValidity]);
    expect(submit({ ...gift, validity_months: "12" }).status).toBe("success");
    // A klippkort may be shorter.
    expect(submit({ ...klipp, validity_months: "3" }).status).toBe("success");
  });

  it.each([
    [{ amounts: "" }, "amounts", CARD_MESSAGES.noAmount],
    [{ amounts: "200 kronor, 500" }, "amounts", CARD_MESSAGES.amounts],
    [{ amounts: "0, 500" }, "amounts", CARD_MESSAGES.amountRange],
    [{ amounts: "100001" }, "amounts", CARD_MESSAGES.amountRange],
    [{ amounts: "1,2,3,4,5,6,7,8,9,10,11" }, "amounts", CARD_MESSAGES.amountsMax],
    [{ free_min_sek: "100" }, "free_max_sek", CARD_MESSAGES.freeBoth],
    [{ free_max_sek: "100" }, "free_min_sek", CARD_MESSAGES.freeBoth],
    [{ free_min_sek: "500", free_max_sek: "100" }, "free_max_sek", CARD_MESSAGES.freeOrder],
  ])("refuses a presentkort with %j", (change, field, message) => {
    expect(errorsIn(submit({ ...gift, ...change }))?.[field]).toEqual([message]);
  });

  it("takes where the product is shown, and keeps nothing when the post leaves it out", () => {
    for (const shown of ["none", "start", "boka", "both"]) {
      const submission = submit({ ...klipp, shown_on: shown });
      expect(submission.status).toBe("success");
      if (submission.status === "success") expect(submission.value.shown_on).toBe(shown);
    }
    const without = submit(klipp);
    if (without.status === "success") expect(without.value.shown_on).toBeUndefined();
  });

  it("refuses a place to be shown that is none of the four", () => {
    expect(errorsIn(submit({ ...gift, shown_on: "overallt" }))?.shown_on).toEqual([CARD_MESSAGES.shownOn]);
  });

  it("gives the browser the fields' own constraints", () => {
    const constraint = getZodConstraint(schema);
    expect(constraint.name).toMatchObject({ required: true, maxLength: 80 });
    expect(constraint.validity_months).toMatchObject({ required: true, min: 1, max: 60 });
  });
});

describe("RegisterCardSchema", () => {
  const valid = { product_id: "3", amount_sek: "", email: "kund@example.se", email_confirm: "KUND@example.se " };
  const register = (fields: Record<string, string>) => parseWithZod(formData(fields), { schema: RegisterCardSchema });

  it("takes a product and the buyer's address twice (any case)", () => {
    const submission = register(valid);
    expect(submission.status).toBe("success");
    if (submission.status === "success") expect(submission.value).toMatchObject({ product_id: 3, amount_sek: undefined, email: "kund@example.se" });
  });

  it("refuses another address the second time, a missing product and a bad amount", () => {
    expect(errorsIn(register({ ...valid, email_confirm: "kunden@example.se" }))?.email_confirm).toEqual(["E-postadresserna matchar inte"]);
    expect(errorsIn(register({ ...valid, product_id: "" }))?.product_id).toEqual([CARD_MESSAGES.product]);
    expect(errorsIn(register({ ...valid, amount_sek: "12.5" }))?.amount_sek).toEqual([CARD_MESSAGES.freeRange]);
    expect(errorsIn(register({ ...valid, email: "" }))?.email).toEqual([CARD_MESSAGES.email]);
  });
});
