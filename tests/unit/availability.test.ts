import { describe, it, expect } from "vitest";
import {
  adminState,
  isListedAvailable,
  isListedConfirmed,
  isListedWaiting,
  isUpcoming,
  publicAvailability,
  seatsLeft,
} from "../../app/domain/availability";
import type { PassType } from "../../app/domain/constants";

const group = (current: number, max = 10) => ({
  passType: "group" as PassType,
  currentParticipants: current,
  maxParticipants: max,
});
const privateSession = (current: number, max = 1) => ({
  passType: "private" as PassType,
  currentParticipants: current,
  maxParticipants: max,
});

describe("seatsLeft", () => {
  it("is max minus current participants", () => {
    expect(seatsLeft(group(3, 10))).toBe(7);
    expect(seatsLeft(group(0, 4))).toBe(4);
  });

  it("never goes below 0 when a session is overbooked", () => {
    expect(seatsLeft(group(10, 10))).toBe(0);
    expect(seatsLeft(group(12, 10))).toBe(0);
  });
});

describe("publicAvailability", () => {
  it("shows a session at or over max as full 'Fullbokat', red and not bookable", () => {
    for (const s of [group(10, 10), group(11, 10), privateSession(1, 1), group(0, 0)]) {
      expect(publicAvailability(s)).toEqual({
        state: "full",
        label: "Fullbokat",
        note: "",
        colour: "red",
        bookable: false,
      });
    }
  });

  it("checks the full row before the group rows (a 2-seat group with 2 is full, not pending)", () => {
    expect(publicAvailability(group(2, 2)).state).toBe("full");
    expect(publicAvailability(group(1, 1)).state).toBe("full");
  });

  it("shows a private session with 0 participants as available 'Ledigt', green", () => {
    expect(publicAvailability(privateSession(0, 2))).toEqual({
      state: "available",
      label: "Ledigt",
      note: "",
      colour: "green",
      bookable: true,
    });
  });

  it("shows a private session with any participant as full, even with seats left", () => {
    expect(publicAvailability(privateSession(1, 3))).toEqual({
      state: "full",
      label: "Fullbokat",
      note: "",
      colour: "red",
      bookable: false,
    });
  });

  it("shows a group session with 0 participants as available 'Ledigt', green", () => {
    expect(publicAvailability(group(0))).toEqual({
      state: "available",
      label: "Ledigt",
      note: "",
      colour: "green",
      bookable: true,
    });
  });

  it("shows a group session with 1 participant as pending-1, pink, needing 2 more", () => {
    expect(publicAvailability(group(1))).toEqual({
      state: "pending-1",
      label: "Väntande",
      note: "Behöver 2 deltagare till för att helt säkert bli av",
      colour: "pink",
      bookable: true,
    });
  });

  it("shows a group session with 2 participants as pending-2, pink, needing 1 more", () => {
    expect(publicAvailability(group(2))).toEqual({
      state: "pending-2",
      label: "Väntande",
      note: "Behöver bara 1 deltagare till för att helt säkert bli av",
      colour: "pink",
      bookable: true,
    });
  });

  it("shows a group session with 3 or more below max as confirmed 'Bekräftat', yellow", () => {
    for (const n of [3, 5, 9]) {
      expect(publicAvailability(group(n, 10))).toEqual({
        state: "confirmed",
        label: "Bekräftat",
        note: "Detta pass har tillräckligt med deltagare för att bli av",
        colour: "yellow",
        bookable: true,
      });
    }
  });
});

describe("adminState", () => {
  it("calls a private session with 0 participants available 'Ledigt', green", () => {
    expect(adminState(privateSession(0))).toEqual({
      state: "available",
      label: "Ledigt",
      colour: "green",
    });
  });

  it("calls a private session with any participant confirmed 'Bekräftat', red", () => {
    expect(adminState(privateSession(1))).toEqual({
      state: "confirmed",
      label: "Bekräftat",
      colour: "red",
    });
  });

  it("calls a group session with 0 participants available 'Ledigt', green", () => {
    expect(adminState(group(0))).toEqual({ state: "available", label: "Ledigt", colour: "green" });
  });

  it("calls a group session with 1 or 2 participants waiting, yellow, 'Väntande (n av minst 3)'", () => {
    expect(adminState(group(1))).toEqual({
      state: "waiting",
      label: "Väntande (1 av minst 3)",
      colour: "yellow",
      note: "Behöver 2 deltagare till för att helt säkert bli av",
    });
    expect(adminState(group(2))).toEqual({
      state: "waiting",
      label: "Väntande (2 av minst 3)",
      colour: "yellow",
      note: "Behöver bara 1 deltagare till för att helt säkert bli av",
    });
  });

  it("calls a group session confirmed from 3 participants, not from 2", () => {
    expect(adminState(group(3))).toEqual({ state: "confirmed", label: "Bekräftat", colour: "red" });
    expect(adminState(group(10, 10)).state).toBe("confirmed");
    expect(adminState(group(2)).state).toBe("waiting");
  });
});

describe("admin lists", () => {
  it("lists as available a group session with 0, or 3+ with seats left, but not 1 or 2", () => {
    expect(isListedAvailable(group(0))).toBe(true);
    expect(isListedAvailable(group(3))).toBe(true);
    expect(isListedAvailable(group(1))).toBe(false);
    expect(isListedAvailable(group(2))).toBe(false);
  });

  it("does not list a session without free seats as available", () => {
    expect(isListedAvailable(group(10, 10))).toBe(false);
    expect(isListedAvailable(group(0, 0))).toBe(false);
    expect(isListedAvailable(privateSession(1, 1))).toBe(false);
  });

  it("lists a private session as available only with 0 participants", () => {
    expect(isListedAvailable(privateSession(0, 2))).toBe(true);
    expect(isListedAvailable(privateSession(1, 2))).toBe(false);
  });

  it("lists as confirmed a private session with a participant and a group session with 3+", () => {
    expect(isListedConfirmed(privateSession(1))).toBe(true);
    expect(isListedConfirmed(privateSession(0))).toBe(false);
    expect(isListedConfirmed(group(3))).toBe(true);
    expect(isListedConfirmed(group(10, 10))).toBe(true);
    expect(isListedConfirmed(group(2))).toBe(false);
    expect(isListedConfirmed(group(0))).toBe(false);
  });

  it("lists a group session with 3+ and free seats both as available and as confirmed", () => {
    const s = group(4, 10);
    expect(isListedAvailable(s)).toBe(true);
    expect(isListedConfirmed(s)).toBe(true);
  });

  it("lists as waiting only group sessions with 1 or 2 participants", () => {
    expect(isListedWaiting(group(1))).toBe(true);
    expect(isListedWaiting(group(2))).toBe(true);
    expect(isListedWaiting(group(0))).toBe(false);
    expect(isListedWaiting(group(3))).toBe(false);
    expect(isListedWaiting(privateSession(1, 2))).toBe(false);
  });
});

describe("isUpcoming", () => {
  const now = new Date("2026-11-21T10:00:00Z");

  it("keeps a session whose end time is still ahead, even if it has started", () => {
    expect(isUpcoming("2026-11-21T10:30:00Z", now)).toBe(true);
  });

  it("keeps a session ending exactly now", () => {
    expect(isUpcoming("2026-11-21T10:00:00Z", now)).toBe(true);
  });

  it("drops a session whose end time has passed", () => {
    expect(isUpcoming("2026-11-21T09:59:59Z", now)).toBe(false);
  });

  it("drops a session with an unreadable end time", () => {
    expect(isUpcoming("not a date", now)).toBe(false);
  });
});

describe("seats being paid for (PAYMENTS=stripe)", () => {
  it("take a seat but do not count towards a group session's participants, publicly or for staff", () => {
    const paying = { ...group(3, 8), payingSeats: 1 };
    expect(publicAvailability(paying)).toMatchObject({ state: "pending-2", label: "Väntande" });
    expect(seatsLeft(paying)).toBe(5);
    expect(adminState(paying)).toMatchObject({ state: "waiting" });
    expect(publicAvailability({ ...group(1, 8), payingSeats: 1 })).toMatchObject({ state: "available" });
    expect(publicAvailability({ ...group(3, 8), payingSeats: 0 })).toMatchObject({ state: "confirmed", label: "Bekräftat" });
    // The last seat being paid for still makes the session full.
    expect(publicAvailability({ ...group(8, 8), payingSeats: 1 })).toMatchObject({ state: "full" });
  });

  it("make a private session its booker's at once", () => {
    expect(publicAvailability({ ...privateSession(1), payingSeats: 1 })).toMatchObject({ state: "full" });
    expect(adminState({ ...privateSession(1), payingSeats: 1 })).toMatchObject({ state: "confirmed" });
  });
});
