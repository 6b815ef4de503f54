// The towns trained in come from the places staff keep: the active places one
// can go to, each town once, in the places' order. No town is written in code.
import { describe, expect, it } from "vitest";
import { inTowns, trainingTowns } from "../../app/domain/places";
import { START_TEXTS } from "../../app/domain/page-texts/start";
import { aboutIntro } from "../../app/domain/team";

const place = (town: string, kind: "indoor" | "outdoor" | "home" | "online" = "outdoor", active = true) => ({ town, kind, active });

describe("trainingTowns", () => {
  it("takes the towns of the active places one can go to, each once, in order", () => {
    expect(
      trainingTowns([place("Ockelbo"), place("Hofors", "indoor"), place("Ockelbo"), place("", "home"), place("Valbo", "outdoor", false), place("Torsåker", "online")]),
    ).toEqual(["Ockelbo", "Hofors"]);
    expect(trainingTowns([])).toEqual([]);
  });
});

describe("the texts that name the towns", () => {
  it("name them all, or none when none is known", () => {
    expect(inTowns(["Ockelbo", "Hofors", "Valbo"])).toBe(" i Ockelbo, Hofors och Valbo");
    expect(START_TEXTS.heroTitle(["Ockelbo"])).toBe("Träna med din hund i Ockelbo");
    expect(START_TEXTS.heroTitle([])).toBe("Träna med din hund");
    expect(aboutIntro(["Ockelbo"])).toContain("Vi håller till i Ockelbo, utomhus, inomhus, hemma hos er och online.");
    expect(aboutIntro([])).toContain("människa. Vi tränar utomhus, inomhus, hemma hos er och online.");
  });
});
