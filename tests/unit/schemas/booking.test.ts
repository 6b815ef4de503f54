import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { BookingSchema, bookingRulesFor, createBookingSchema } from "../../../app/domain/schemas/booking";
import { errorsIn, formData } from "./form-data";

const valid = {
  user_name: "Anna Andersson",
  user_email: "anna@example.se",
  user_email_confirm: "anna@example.se",
  user_phone: "070-123 45 67",
  dog_name: "Flurre",
  dog_breed: "",
  dog_age: "",
  special_notes: "",
  home_address: "",
  terms: "on",
  idempotency_key: "3b241101-e2bb-4255-8caf-4136c566a962",
};

function submit(fields: Record<string, string>, schema = BookingSchema) {
  return parseWithZod(formData(fields), { schema });
}

function errorsOf(fields: Record<string, string>, schema = BookingSchema) {
  return errorsIn(submit(fields, schema));
}

describe("BookingSchema", () => {
  it("accepts a complete booking and turns blank optional fields into undefined", () => {
    const submission = submit({ ...valid, user_name: "  Anna Andersson  " });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value.user_name).toBe("Anna Andersson");
    expect(submission.value.dog_breed).toBeUndefined();
    expect(submission.value.special_notes).toBeUndefined();
    expect(submission.value.terms).toBe("on");
  });

  it.each([
    ["user_name", "Ange ditt namn"],
    ["user_email", "Ange din e-postadress"],
    ["user_email_confirm", "Bekräfta din e-postadress"],
    ["user_phone", "Ange ditt telefonnummer"],
    ["dog_name", "Ange hundens namn"],
  ])("requires %s", (field, message) => {
    expect(errorsOf({ ...valid, [field]: "" })?.[field]).toEqual([message]);
  });

  it("treats a blank (spaces only) name as missing", () => {
    expect(errorsOf({ ...valid, user_name: "   " })?.user_name).toEqual(["Ange ditt namn"]);
  });

  it("rejects a malformed e-mail", () => {
    for (const email of ["anna.example.se", "anna@example", "anna@example.s1", "an na@example.se"]) {
      expect(errorsOf({ ...valid, user_email: email, user_email_confirm: email })?.user_email).toEqual([
        "Ange en giltig e-postadress",
      ]);
    }
  });

  it("accepts an e-mail with ._%+- before the @", () => {
    const email = "anna.b_c%d+e-f@mail.example.se";
    expect(submit({ ...valid, user_email: email, user_email_confirm: email }).status).toBe("success");
  });

  it("rejects an e-mail longer than 254 characters", () => {
    const email = `${"a".repeat(64)}@${"b".repeat(186)}.se`;
    expect(email.length).toBe(254);
    expect(submit({ ...valid, user_email: email, user_email_confirm: email }).status).toBe("success");
    const tooLong = `a${email}`;
    expect(errorsOf({ ...valid, user_email: tooLong, user_email_confirm: tooLong })?.user_email).toEqual([
      "Ange en giltig e-postadress",
    ]);
  });

  it("says the e-mails do not match, on the confirm field", () => {
    const error = errorsOf({ ...valid, user_email_confirm: "anna@example.com" });
    expect(error?.user_email_confirm).toEqual(["E-postadresserna matchar inte"]);
    expect(error?.user_email).toBeUndefined();
  });

  it("matches the e-mails regardless of case and surrounding spaces", () => {
    expect(submit({ ...valid, user_email_confirm: " Anna@Example.SE " }).status).toBe("success");
  });

  it("accepts phone numbers with spaces, dashes, brackets and a leading +", () => {
    for (const phone of ["0701234567", "+46 (0)70-123 45 67", "+4670123456789012345"]) {
      expect(submit({ ...valid, user_phone: phone }).status).toBe("success");
    }
  });

  it("rejects phone numbers with too few or too many digits or other characters", () => {
    for (const phone of ["070 123 4", "+467012345678901234567", "070-ABC-1234", "46+70123456"]) {
      expect(errorsOf({ ...valid, user_phone: phone })?.user_phone).toEqual(["Ange ett giltigt telefonnummer"]);
    }
  });

  it("limits dog age to 50 characters", () => {
    expect(submit({ ...valid, dog_age: "x".repeat(50) }).status).toBe("success");
    expect(errorsOf({ ...valid, dog_age: "x".repeat(51) })?.dog_age).toEqual(["Högst 50 tecken"]);
  });

  it("limits notes to 500 characters", () => {
    expect(submit({ ...valid, special_notes: "x".repeat(500) }).status).toBe("success");
    expect(errorsOf({ ...valid, special_notes: "x".repeat(501) })?.special_notes).toEqual(["Högst 500 tecken"]);
  });

  it("takes hidden controls out of the notes and the home address, keeping their lines", () => {
    const sent = submit({ ...valid, special_notes: "Rädd\u202E för\u0007 cyklar\nTack", home_address: "Storgatan 1\u2067\nGävle" });
    expect(sent.status === "success" && [sent.value.special_notes, sent.value.home_address]).toEqual(["Rädd för cyklar\nTack", "Storgatan 1\nGävle"]);
    const hemmis = submit({ ...valid, home_address: "\u202E" }, createBookingSchema(bookingRulesFor("home_address")));
    expect(errorsIn(hemmis)?.home_address).toEqual(["Ange hemadress"]);
  });

  it("limits the optional home address to 500 characters", () => {
    expect(submit({ ...valid, home_address: "Storgatan 1, Gävle" }).status).toBe("success");
    expect(errorsOf({ ...valid, home_address: "x".repeat(501) })?.home_address).toEqual(["Högst 500 tecken"]);
  });

  it("requires the terms to be ticked", () => {
    const { terms: _terms, ...unticked } = valid;
    expect(errorsOf(unticked)?.terms).toEqual(["Villkor måste accepteras"]);
    expect(errorsOf({ ...valid, terms: "yes" })?.terms).toEqual(["Villkor måste accepteras"]);
  });

  it("requires a uuid-like idempotency key", () => {
    const { idempotency_key: _key, ...withoutKey } = valid;
    const message = ["Formuläret har gått ut, ladda om sidan och försök igen"];
    expect(errorsOf(withoutKey)?.idempotency_key).toEqual(message);
    expect(errorsOf({ ...valid, idempotency_key: "not-a-uuid" })?.idempotency_key).toEqual(message);
  });

  it("does not require meeting type, home address or variant for an ordinary session", () => {
    const submission = submit(valid);
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value.meeting_type).toBeUndefined();
    expect(submission.value.variant).toBeUndefined();
  });

  it("gives the browser required and maxLength constraints", () => {
    const constraint = getZodConstraint(BookingSchema);
    expect(constraint.user_name).toMatchObject({ required: true, maxLength: 100 });
    expect(constraint.user_email).toMatchObject({ required: true, maxLength: 254 });
    expect(constraint.dog_name).toMatchObject({ required: true });
    expect(constraint.special_notes).toMatchObject({ required: false, maxLength: 500 });
    expect(constraint.dog_age).toMatchObject({ required: false, maxLength: 50 });
    expect(constraint.terms).toMatchObject({ required: true });
    expect(constraint.home_address?.required).toBe(false);
  });
});

describe("bookingRulesFor", () => {
  it("asks a meeting type, a home address or a variant for what the session's type asks", () => {
    expect(bookingRulesFor("meeting_type")).toEqual({
      requiresMeetingType: true,
      requiresHomeAddress: false,
      requiresVariant: false,
    });
    expect(bookingRulesFor("home_address")).toEqual({
      requiresMeetingType: false,
      requiresHomeAddress: true,
      requiresVariant: false,
    });
    expect(bookingRulesFor("variant")).toEqual({
      requiresMeetingType: false,
      requiresHomeAddress: false,
      requiresVariant: true,
    });
  });

  it("asks nothing more of a session whose type asks nothing, or that has no type", () => {
    const none = { requiresMeetingType: false, requiresHomeAddress: false, requiresVariant: false };
    expect(bookingRulesFor(null)).toEqual(none);
    expect(bookingRulesFor(undefined)).toEqual(none);
  });
});

describe("createBookingSchema", () => {
  const planSchema = createBookingSchema(bookingRulesFor("meeting_type"));
  const hemmisSchema = createBookingSchema(bookingRulesFor("home_address"));
  const variantSchema = createBookingSchema(bookingRulesFor("variant"));

  it("requires a meeting type for PLAN", () => {
    expect(errorsOf(valid, planSchema)?.meeting_type).toEqual(["Välj mötestyp"]);
    expect(errorsOf({ ...valid, meeting_type: "Zoom" }, planSchema)?.meeting_type).toEqual(["Välj mötestyp"]);
  });

  it.each(["Telefonmöte", "Google Meets", "Facebook Messenger", "Microsoft Teams"])(
    "accepts the meeting type %s for PLAN",
    (meetingType) => {
      const submission = submit({ ...valid, meeting_type: meetingType }, planSchema);
      expect(submission.status).toBe("success");
      if (submission.status === "success") expect(submission.value.meeting_type).toBe(meetingType);
    },
  );

  it("requires a home address for HEMMIS", () => {
    expect(errorsOf(valid, hemmisSchema)?.home_address).toEqual(["Ange hemadress"]);
    expect(errorsOf({ ...valid, home_address: "   " }, hemmisSchema)?.home_address).toEqual(["Ange hemadress"]);
    expect(errorsOf({ ...valid, home_address: "x".repeat(501) }, hemmisSchema)?.home_address).toEqual([
      "Högst 500 tecken",
    ]);
    expect(submit({ ...valid, home_address: "Storgatan 1, Gävle" }, hemmisSchema).status).toBe("success");
  });

  it("requires the variant privat or proffs for PRIVAT & PROFFS", () => {
    expect(errorsOf(valid, variantSchema)?.variant).toEqual(["Välj variant"]);
    expect(errorsOf({ ...valid, variant: "guld" }, variantSchema)?.variant).toEqual(["Välj variant"]);
    expect(submit({ ...valid, variant: "privat" }, variantSchema).status).toBe("success");
    expect(submit({ ...valid, variant: "proffs" }, variantSchema).status).toBe("success");
  });

  it("marks the session's extra field required for the browser", () => {
    expect(getZodConstraint(planSchema).meeting_type).toMatchObject({ required: true });
    expect(getZodConstraint(hemmisSchema).home_address).toMatchObject({ required: true, maxLength: 500 });
    expect(getZodConstraint(variantSchema).variant).toMatchObject({ required: true });
    expect(getZodConstraint(BookingSchema).meeting_type).toMatchObject({ required: false });
  });
});

describe("BookingSchema e-mail confirmation", () => {
  it("reports mismatched e-mails while other required fields are still empty", () => {
    const errors = errorsOf({
      user_email: "anna@example.se",
      user_email_confirm: "anna@exempel.se",
      idempotency_key: valid.idempotency_key,
    });
    expect(errors?.user_email_confirm).toEqual(["E-postadresserna matchar inte"]);
    expect(errors?.user_name).toEqual(["Ange ditt namn"]);
  });

  it("says only 'invalid' for a malformed confirmation, not also 'mismatch'", () => {
    expect(errorsOf({ ...valid, user_email_confirm: "anna@example" })?.user_email_confirm).toEqual([
      "Ange en giltig e-postadress",
    ]);
  });

  it("keeps the field constraints (required, maxLength) for native validation", () => {
    const constraint = getZodConstraint(BookingSchema);
    expect(constraint.user_email).toMatchObject({ required: true, maxLength: 254 });
    expect(constraint.user_email_confirm).toMatchObject({ required: true, maxLength: 254 });
    expect(constraint.user_name).toMatchObject({ required: true });
    expect(constraint.terms).toMatchObject({ required: true });
    expect(constraint.dog_breed?.required).toBe(false);
  });
});

describe("the card code field", () => {
  it("is optional: blank is no code", () => {
    const submission = submit({ ...valid, card_code: "   " });
    expect(submission.status).toBe("success");
    if (submission.status === "success") expect(submission.value.card_code).toBeUndefined();
  });

  it("reads a code in any case, with spaces or dashes, as the plain code", () => {
    for (const typed of ["abcd-efgh-jkmn-pqrs", "ABCD EFGH JKMN PQRS", " abcdefghjkmnpqrs "]) {
      const submission = submit({ ...valid, card_code: typed });
      expect(submission.status).toBe("success");
      if (submission.status === "success") expect(submission.value.card_code).toBe("ABCDEFGHJKMNPQRS");
    }
  });

  it.each([
    ["ABCD-EFGH-JKMN-PQR0", "Koderna har aldrig 0, O, 1, I eller L. Kontrollera tecknet och skriv igen."],
    ["abcd-efgh-jkmn-pqrl", "Koderna har aldrig 0, O, 1, I eller L. Kontrollera tecknet och skriv igen."],
    ["ABCD-EFGH", "Koden har 16 tecken, t.ex. ABCD-EFGH-JKMN-PQRS. Kontrollera att du fått med alla."],
    ["ABCD-EFGH-JKMN-PQR#", "Koden har bara bokstäver och siffror, t.ex. ABCD-EFGH-JKMN-PQRS."],
  ])("refuses %s with the code's own message", (typed, message) => {
    expect(errorsOf({ ...valid, card_code: typed })?.card_code).toEqual([message]);
  });
});
