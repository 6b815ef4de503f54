import { describe, it, expect } from "vitest";
import {
  askFlurreQuestion,
  defaultLocationForType,
  findTypeContaining,
  findTypeExact,
  passTypeForType,
  prefillFromType,
  sessionImageUrl,
  sortTypesForDisplay,
  typeKind,
  visibleTypes,
  type PopupType,
} from "../../app/domain/session-types";
import { DEFAULT_SESSION_IMAGE } from "../../app/domain/constants";

function popupType(overrides: Partial<PopupType> & { name: string }): PopupType {
  return {
    id: overrides.name,
    description: "",
    imageUrl: `/images/${overrides.name}.jpg`,
    inspiringText: null,
    hidden: false,
    appOrder: null,
    maxParticipants: 10,
    sessionType: "group",
    price: 249,
    defaultLocation: null,
    bookingAsk: null,
    ...overrides,
  };
}

const names = (types: readonly { name: string }[]) => types.map((t) => t.name);

describe("typeKind", () => {
  it("treats 'private' and 'privatpass' as private", () => {
    expect(typeKind("private")).toBe("private");
    expect(typeKind("privatpass")).toBe("private");
  });

  it("treats 'combined' as combined", () => {
    expect(typeKind("combined")).toBe("combined");
  });

  it("treats anything else as group", () => {
    expect(typeKind("group")).toBe("group");
    expect(typeKind("grupp")).toBe("group");
    expect(typeKind("")).toBe("group");
  });
});

describe("sortTypesForDisplay", () => {
  it("orders by app_order ascending", () => {
    const sorted = sortTypesForDisplay([
      popupType({ name: "C", appOrder: 3 }),
      popupType({ name: "A", appOrder: 1 }),
      popupType({ name: "B", appOrder: 2 }),
    ]);
    expect(names(sorted)).toEqual(["A", "B", "C"]);
  });

  it("treats a missing app_order as 999: after 998, before 1000", () => {
    const sorted = sortTypesForDisplay([
      popupType({ name: "Missing", appOrder: null }),
      popupType({ name: "Late", appOrder: 1000 }),
      popupType({ name: "Early", appOrder: 998 }),
    ]);
    expect(names(sorted)).toEqual(["Early", "Missing", "Late"]);
  });

  it("breaks ties in app_order by name", () => {
    const sorted = sortTypesForDisplay([
      popupType({ name: "VALP", appOrder: 1 }),
      popupType({ name: "AGILITY", appOrder: 1 }),
      popupType({ name: "Ö-PASS", appOrder: null }),
      popupType({ name: "HEMMIS", appOrder: 999 }),
    ]);
    expect(names(sorted)).toEqual(["AGILITY", "VALP", "HEMMIS", "Ö-PASS"]);
  });

  it("keeps input order for identical keys and does not mutate the input", () => {
    const first = popupType({ name: "SAME", id: "1", appOrder: 5 });
    const second = popupType({ name: "SAME", id: "2", appOrder: 5 });
    const input = [popupType({ name: "Z", appOrder: 9 }), first, second];
    const sorted = sortTypesForDisplay(input);
    expect(sorted.map((t) => t.id)).toEqual(["1", "2", "Z"]);
    expect(names(input)).toEqual(["Z", "SAME", "SAME"]);
  });
});

describe("visibleTypes", () => {
  it("drops hidden types and returns the rest in display order", () => {
    const visible = visibleTypes([
      popupType({ name: "B", appOrder: 2 }),
      popupType({ name: "Hidden", appOrder: 0, hidden: true }),
      popupType({ name: "A", appOrder: 1 }),
    ]);
    expect(names(visible)).toEqual(["A", "B"]);
  });
});

describe("findTypeExact", () => {
  const types = [popupType({ name: "PRIVAT" }), popupType({ name: "PRIVAT & PROFFS" })];

  it("matches only a title equal to the type name", () => {
    expect(findTypeExact(types, "PRIVAT & PROFFS")?.name).toBe("PRIVAT & PROFFS");
    expect(findTypeExact(types, "PRIVAT")?.name).toBe("PRIVAT");
  });

  it("does not match a title that only contains the name or differs in case", () => {
    expect(findTypeExact(types, "PRIVAT i parken")).toBeUndefined();
    expect(findTypeExact(types, "privat")).toBeUndefined();
  });
});

describe("findTypeContaining", () => {
  const types = [
    popupType({ name: "PRIVAT" }),
    popupType({ name: "PRIVAT & PROFFS" }),
    popupType({ name: "VALP" }),
  ];

  it("matches a title containing the type name, ignoring case", () => {
    expect(findTypeContaining(types, "Valpträning i parken")?.name).toBe("VALP");
  });

  it("prefers the longest matching name, so 'PRIVAT & PROFFS' beats 'PRIVAT'", () => {
    expect(findTypeContaining(types, "PRIVAT & PROFFS")?.name).toBe("PRIVAT & PROFFS");
    expect(findTypeContaining([...types].reverse(), "privat & proffs")?.name).toBe(
      "PRIVAT & PROFFS",
    );
  });

  it("still matches the shorter name when the longer is not in the title", () => {
    expect(findTypeContaining(types, "PRIVAT kväll")?.name).toBe("PRIVAT");
  });

  it("returns undefined when no name is contained, and never matches an empty name", () => {
    expect(findTypeContaining(types, "Agility")).toBeUndefined();
    expect(findTypeContaining([popupType({ name: "" })], "Agility")).toBeUndefined();
  });
});

describe("sessionImageUrl", () => {
  const types = [
    popupType({ name: "PRIVAT", imageUrl: "/images/privat.jpg" }),
    popupType({ name: "PRIVAT & PROFFS", imageUrl: "/images/proffs.jpg" }),
    popupType({ name: "NOIMG", imageUrl: null }),
  ];

  it("uses the image of the type whose name the title contains", () => {
    expect(sessionImageUrl(types, "PRIVAT & PROFFS")).toBe("/images/proffs.jpg");
    expect(sessionImageUrl(types, "Privat kväll")).toBe("/images/privat.jpg");
  });

  it("falls back to the default image with no matching type", () => {
    expect(sessionImageUrl(types, "Agility")).toBe(DEFAULT_SESSION_IMAGE);
    expect(DEFAULT_SESSION_IMAGE).toBe("/images/default-session.svg");
  });

  it("falls back to the default image when the matching type has no image", () => {
    expect(sessionImageUrl(types, "NOIMG")).toBe(DEFAULT_SESSION_IMAGE);
  });
});

describe("defaultLocationForType", () => {
  it("is the location staff set on the type, whatever its name or kind", () => {
    expect(defaultLocationForType({ defaultLocation: "Bronsängen Sandviken" })).toBe("Bronsängen Sandviken");
    expect(defaultLocationForType({ defaultLocation: "Online" })).toBe("Online");
  });

  it("is none when staff set none, a combined type too", () => {
    expect(defaultLocationForType({ defaultLocation: null })).toBeUndefined();
    expect(prefillFromType(popupType({ name: "KOMBO", sessionType: "combined", price: null })).location).toBeUndefined();
  });

  it("fills the session form's location from the type's own", () => {
    expect(prefillFromType(popupType({ name: "HEMMABESÖK", sessionType: "private", defaultLocation: "Hembesök" })).location).toBe("Hembesök");
  });
});

describe("askFlurreQuestion", () => {
  it("asks Flurre to tell everything about the named type", () => {
    expect(askFlurreQuestion("VALP")).toBe("Berätta allt jag behöver veta om VALP!");
  });
});

describe("passTypeForType", () => {
  it("makes private and privatpass types private, and combined and the rest group", () => {
    expect(passTypeForType("private")).toBe("private");
    expect(passTypeForType("privatpass")).toBe("private");
    expect(passTypeForType("combined")).toBe("group");
    expect(passTypeForType("group")).toBe("group");
    expect(passTypeForType("workshop")).toBe("group");
  });
});

describe("prefillFromType", () => {
  it("fills title, description, max participants, pass type, image and price from the type", () => {
    expect(prefillFromType(popupType({ name: "VALPKURS", description: "Valpar", maxParticipants: 6, price: 249 }))).toEqual({
      title: "VALPKURS",
      description: "Valpar",
      maxParticipants: 6,
      passType: "group",
      imageUrl: "/images/VALPKURS.jpg",
      priceSek: 249,
      location: undefined,
    });
  });

  it("leaves the price open for a combined type and places it where the type says", () => {
    expect(prefillFromType(popupType({ name: "KOMBIPASS", sessionType: "combined", price: null, defaultLocation: "Hundhallen Gävle" }))).toMatchObject({
      priceSek: null,
      passType: "group",
      location: "Hundhallen Gävle",
    });
  });

  it("places a home-visit type at 'Hembesök' and an online one 'Online' when the types say so, both private", () => {
    expect(prefillFromType(popupType({ name: "HEMMIS", sessionType: "private", defaultLocation: "Hembesök" }))).toMatchObject({ location: "Hembesök", passType: "private" });
    expect(prefillFromType(popupType({ name: "PLAN", sessionType: "private", defaultLocation: "Online" }))).toMatchObject({ location: "Online", passType: "private" });
    expect(prefillFromType(popupType({ name: "HEMMIS", sessionType: "private" })).location).toBeUndefined();
  });

  it("gives an empty image URL for a type without an image", () => {
    expect(prefillFromType(popupType({ name: "X", imageUrl: null })).imageUrl).toBe("");
  });
});
