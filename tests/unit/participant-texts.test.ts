// The participant facts read the same on every page: the public notes, the
// admin lists' waiting badge and note, and the minimum-participant rule in
// the booking form, /boka, 'Info om GruppUps' and the confirmation mail.
import { describe, expect, it } from "vitest";
import { adminState, publicAvailability } from "~/domain/availability";
import { GROUP_RULE, participantsNote, waitingLabel } from "~/domain/participant-texts";
import { BOKA_TEXTS, LEGEND, SESSION_LIST_TEXTS } from "~/domain/texts";

const group = (n: number) => ({ passType: "group" as const, currentParticipants: n, maxParticipants: 10 });

describe("participant texts", () => {
  it("counts the waiting badge towards the three a group session needs", () => {
    expect(waitingLabel(1)).toBe("Väntande (1 av minst 3)");
    expect(waitingLabel(2)).toBe("Väntande (2 av minst 3)");
  });

  it("gives the admin lists the public page's note for the same count", () => {
    for (const n of [1, 2]) {
      expect(adminState(group(n)).note).toBe(publicAvailability(group(n)).note);
    }
    expect(participantsNote(1)).toBe("Behöver 2 deltagare till för att helt säkert bli av");
    expect(participantsNote(2)).toBe("Behöver bara 1 deltagare till för att helt säkert bli av");
    expect(publicAvailability(group(3)).note).toBe("Detta pass har tillräckligt med deltagare för att bli av");
    expect(LEGEND.find((row) => row.label === "Bekräftat")?.text).toBe(publicAvailability(group(3)).note);
  });

  it("states the minimum-participant rule in one wording", () => {
    expect(GROUP_RULE).toBe(
      "Grupp-pass med två eller färre deltagare kan ställas in. Då får du besked via e-post minst 24 timmar innan.",
    );
    expect(BOKA_TEXTS.groupNotice).toBe(GROUP_RULE);
    expect(SESSION_LIST_TEXTS.infoText.startsWith(GROUP_RULE)).toBe(true);
  });
});
