// The texts on online sessions and home visits name the session types held
// there, found by each type's default place (set by staff), never by name.
import { describe, expect, it } from "vitest";
import { placesIntro } from "../../app/domain/places";
import { preparationHome, preparationOnline, preparationOnlineAndHome, remoteTypeNames } from "../../app/domain/preparation";

const places = [
  { name: "Hallen", kind: "indoor" as const },
  { name: "Hembesök", kind: "home" as const },
  { name: "Online", kind: "online" as const },
  { name: "Videolänk", kind: "online" as const },
];

describe("remoteTypeNames", () => {
  it("finds the types whose default place is online, and those held at home, in the order given", () => {
    const types = [
      { name: "HEMMA", defaultLocation: "Hembesök" },
      { name: "SKÄRM", defaultLocation: "Videolänk" },
      { name: "VALP", defaultLocation: "Hallen" },
      { name: "RÅD", defaultLocation: "Online" },
      { name: "FRI", defaultLocation: null },
      { name: "OKÄND", defaultLocation: "Månen" },
    ];
    expect(remoteTypeNames(types, places)).toEqual({ online: ["SKÄRM", "RÅD"], home: ["HEMMA"] });
    expect(remoteTypeNames([], places)).toEqual({ online: [], home: [] });
  });
});

describe("the notes on online sessions and home visits", () => {
  it("name the types held there, or none", () => {
    expect(preparationOnline(["RÅD"])).toBe("Online-pass (RÅD) kräver bara en lugn plats, en dator eller telefon och gärna hunden i närheten.");
    expect(preparationOnline([])).toBe("Online-pass kräver bara en lugn plats, en dator eller telefon och gärna hunden i närheten.");
    expect(preparationHome(["HEMMA", "BESÖK"])).toBe("På hembesök (HEMMA och BESÖK) tränar vi där utmaningarna finns – ni behöver inte förbereda något särskilt.");
    expect(preparationOnlineAndHome({ online: ["RÅD"], home: [] })).toBe(`${preparationOnline(["RÅD"])} ${preparationHome([])}`);
  });

  it("end /hitta's first line with the types held online, or online sessions", () => {
    const shown = [{ town: "Ockelbo" }, { town: "Ockelbo" }, { town: "Hofors" }];
    expect(placesIntro(shown, ["RÅD"])).toBe("Vi tränar på tre platser i Ockelbo och Hofors. Hembesök sker hemma hos er och RÅD-mötena hålls online.");
    expect(placesIntro(shown.slice(0, 1), [])).toBe("Vi tränar på en plats i Ockelbo. Hembesök sker hemma hos er och online-passen hålls online.");
  });
});
