import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { SessionFormSchema } from "../../../app/domain/schemas/session";
import { SEEDED_LOCATIONS } from "../../fixtures/seeded-content";
import { errorsIn, formData } from "./form-data";

const valid = {
  title: "Valpkurs",
  location: "Hundhallen Gävle",
  start_date: "2026-05-14",
  start_time: "18:00",
  end_time: "19:00",
  max_participants: "10",
  price_sek: "0",
  pass_type: "group",
  image_url: "",
  description: "",
};

function submit(fields: Record<string, string>) {
  return parseWithZod(formData(fields), { schema: SessionFormSchema });
}

function errorsOf(fields: Record<string, string>) {
  return errorsIn(submit(fields));
}

describe("SessionFormSchema", () => {
  it("accepts a new session and turns the number fields into numbers", () => {
    const submission = submit(valid);
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toEqual({
      title: "Valpkurs",
      location: "Hundhallen Gävle",
      start_date: "2026-05-14",
      start_time: "18:00",
      end_time: "19:00",
      max_participants: 10,
      price_sek: 0,
      pass_type: "group",
      image_url: undefined,
      description: undefined,
    });
  });

  it("accepts an edit with session id and popup type id", () => {
    const submission = submit({ ...valid, session_id: "42", popup_type_id: "3b241101-e2bb-4255-8caf-4136c566a962" });
    expect(submission.status).toBe("success");
    if (submission.status === "success") expect(submission.value.session_id).toBe("42");
  });

  it("rejects an id with unexpected characters", () => {
    expect(errorsOf({ ...valid, session_id: "1; DROP TABLE" })?.session_id).toEqual(["Ogiltigt id"]);
  });

  it.each([
    ["title", "Titel är obligatorisk"],
    ["location", "Plats är obligatorisk"],
    ["start_date", "Datum är obligatoriskt"],
    ["start_time", "Starttid är obligatorisk"],
    ["max_participants", "Ange max antal deltagare"],
    ["price_sek", "Ange ett pris"],
    // Renamed with its select, 'Sorts pass' ('passtyp' is /admin/passtyper's word for the session types).
    ["pass_type", "Välj sorts pass"],
  ])("requires %s", (field, message) => {
    expect(errorsOf({ ...valid, [field]: "" })?.[field]).toEqual([message]);
  });

  it.each(SEEDED_LOCATIONS)("accepts the location %s", (location) => {
    expect(submit({ ...valid, location }).status).toBe("success");
  });

  // Whether a name is one of the places is the server's check (the places live in D1).
  it("rejects a missing, over-long or multi-line location", () => {
    expect(errorsOf({ ...valid, location: "" })?.location).toEqual(["Plats är obligatorisk"]);
    expect(errorsOf({ ...valid, location: "x".repeat(81) })?.location).toEqual(["Välj en av platserna i listan"]);
    expect(errorsOf({ ...valid, location: "Hundhallen\nGävle" })?.location).toEqual([
      "Fältet får inte innehålla radbrytningar eller andra kontrolltecken",
    ]);
  });

  it("rejects a date that is not yyyy-MM-dd or not a real day", () => {
    for (const date of ["14/05/2026", "2026-5-14", "2026-02-30"]) {
      expect(errorsOf({ ...valid, start_date: date })?.start_date).toEqual(["Ange ett giltigt datum"]);
    }
    expect(submit({ ...valid, start_date: "2028-02-29" }).status).toBe("success");
  });

  it("rejects times that are not HH:mm", () => {
    expect(errorsOf({ ...valid, start_time: "6:00" })?.start_time).toEqual(["Ange en giltig tid (tt:mm)"]);
    expect(errorsOf({ ...valid, end_time: "24:00" })?.end_time).toEqual(["Ange en giltig tid (tt:mm)"]);
  });

  it("ends 60 minutes after the start when the end time is left empty", () => {
    const submission = submit({ ...valid, start_time: "18:15", end_time: "" });
    expect(submission.status).toBe("success");
    if (submission.status === "success") expect(submission.value.end_time).toBe("19:15");
    const withoutField = submit(Object.fromEntries(Object.entries(valid).filter(([name]) => name !== "end_time")));
    expect(withoutField.status).toBe("success");
    if (withoutField.status === "success") expect(withoutField.value.end_time).toBe("19:00");
  });

  it("refuses an empty end time when start + 60 minutes would pass midnight", () => {
    expect(submit({ ...valid, start_time: "23:30", end_time: "" }).status).toBe("success");
    expect(errorsOf({ ...valid, start_time: "23:59", end_time: "" })?.end_time).toEqual([
      "Sluttiden måste vara efter starttiden",
    ]);
  });

  it("requires the end time to be after the start time", () => {
    expect(errorsOf({ ...valid, end_time: "17:59" })?.end_time).toEqual(["Sluttiden måste vara efter starttiden"]);
    expect(errorsOf({ ...valid, end_time: "18:00" })?.end_time).toEqual(["Sluttiden måste vara efter starttiden"]);
    expect(submit({ ...valid, start_time: "09:30", end_time: "10:00" }).status).toBe("success");
  });

  it("needs at least 1 participant, as a whole number", () => {
    expect(submit({ ...valid, max_participants: "1" }).status).toBe("success");
    expect(errorsOf({ ...valid, max_participants: "0" })?.max_participants).toEqual(["Minst 1 deltagare"]);
    expect(errorsOf({ ...valid, max_participants: "2.5" })?.max_participants).toEqual(["Ange ett heltal"]);
    expect(errorsOf({ ...valid, max_participants: "tio" })?.max_participants).toEqual(["Ange ett heltal"]);
  });

  it("allows price 0 but not a negative or fractional price", () => {
    const submission = submit({ ...valid, price_sek: "495" });
    expect(submission.status).toBe("success");
    if (submission.status === "success") expect(submission.value.price_sek).toBe(495);
    expect(errorsOf({ ...valid, price_sek: "-1" })?.price_sek).toEqual(["Priset kan inte vara negativt"]);
    expect(errorsOf({ ...valid, price_sek: "249.50" })?.price_sek).toEqual(["Ange ett heltal"]);
  });

  it("takes at most 100 participants", () => {
    expect(submit({ ...valid, max_participants: "100" }).status).toBe("success");
    expect(errorsOf({ ...valid, max_participants: "101" })?.max_participants).toEqual(["Högst 100 deltagare"]);
    expect(errorsOf({ ...valid, max_participants: "100000" })?.max_participants).toEqual(["Högst 100 deltagare"]);
  });

  it("takes a price of at most 100 000 kr", () => {
    expect(submit({ ...valid, price_sek: "100000" }).status).toBe("success");
    expect(errorsOf({ ...valid, price_sek: "100001" })?.price_sek).toEqual(["Priset kan vara högst 100 000 kr"]);
    expect(errorsOf({ ...valid, price_sek: "99999999" })?.price_sek).toEqual(["Priset kan vara högst 100 000 kr"]);
  });

  it("accepts only the pass types group and private", () => {
    expect(submit({ ...valid, pass_type: "private" }).status).toBe("success");
    expect(errorsOf({ ...valid, pass_type: "combined" })?.pass_type).toEqual(["Välj sorts pass"]);
  });

  it("accepts an http(s) image URL or a site path", () => {
    for (const imageUrl of ["https://cdn.example.se/valp.jpg", "http://example.se/a.png", "/images/valp.jpg"]) {
      expect(submit({ ...valid, image_url: imageUrl }).status).toBe("success");
    }
  });

  it("rejects other image URLs and ones longer than 500 characters", () => {
    const message = ["Ange en webbadress som börjar med http:// eller https://, eller en sökväg som börjar med /"];
    for (const imageUrl of ["javascript:alert(1)", "valp.jpg", "//evil.example/x.jpg", "ftp://example.se/a.png"]) {
      expect(errorsOf({ ...valid, image_url: imageUrl })?.image_url).toEqual(message);
    }
    expect(errorsOf({ ...valid, image_url: `/${"x".repeat(500)}` })?.image_url).toEqual(["Högst 500 tecken"]);
  });

  it("limits the description to 1000 characters", () => {
    expect(submit({ ...valid, description: "x".repeat(1000) }).status).toBe("success");
    expect(errorsOf({ ...valid, description: "x".repeat(1001) })?.description).toEqual(["Högst 1000 tecken"]);
  });

  it("gives the browser required, min and maxLength constraints", () => {
    const constraint = getZodConstraint(SessionFormSchema);
    expect(constraint.title).toMatchObject({ required: true, maxLength: 200 });
    expect(constraint.max_participants).toMatchObject({ required: true, min: 1, max: 100 });
    expect(constraint.price_sek).toMatchObject({ required: true, min: 0, max: 100000 });
    expect(constraint.description).toMatchObject({ required: false, maxLength: 1000 });
    expect(constraint.image_url).toMatchObject({ required: false, maxLength: 500 });
    expect(constraint.session_id).toMatchObject({ required: false });
    expect(constraint.end_time).toMatchObject({ required: false });
    expect(constraint.start_date).toMatchObject({ required: true });
  });
});
