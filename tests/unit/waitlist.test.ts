import { describe, expect, it } from "vitest";
import { publicAvailability, seatsLeft } from "../../app/domain/availability";
import { waitlistOfferMail } from "../../app/domain/mail/waitlist";
import { toSessionCard } from "../../app/domain/session-view";
import { holdExpiry, takenWithHolds, toAdminQueue, WAITLIST_HOLD_MS } from "../../app/domain/waitlist";

const site = { siteUrl: "https://hundpass.se", adminEmail: "admin@hundpass.se" };

describe("held seats in the public counts", () => {
  it("counts a held seat as taken", () => {
    expect(seatsLeft({ currentParticipants: 4, maxParticipants: 6, heldSeats: 1 })).toBe(1);
    expect(publicAvailability({ passType: "group", currentParticipants: 5, maxParticipants: 6, heldSeats: 1 }).state).toBe("full");
    expect(publicAvailability({ passType: "private", currentParticipants: 0, maxParticipants: 1, heldSeats: 1 }).bookable).toBe(false);
  });

  it("shows 'N platser kvar' net of holds on a card", () => {
    const card = toSessionCard(
      {
        id: 1,
        title: "VALPKURS",
        description: "",
        location: "Hundhallen Gävle",
        startTime: "2026-12-01T17:00:00.000Z",
        endTime: "2026-12-01T18:00:00.000Z",
        passType: "group",
        priceSek: 249,
        currentParticipants: 3,
        maxParticipants: 6,
        heldSeats: 2,
        imageUrl: null,
      },
      [],
    );
    expect(card.placesLabel).toBe("1 plats kvar");
  });

  it("labels the admin count with its holds", () => {
    expect(takenWithHolds(5, 6, 1)).toBe("5/6 (+1 reserverad)");
    expect(takenWithHolds(4, 6, 2)).toBe("4/6 (+2 reserverade)");
    expect(takenWithHolds(5, 6, 0)).toBe("5/6");
  });
});

describe("the hold's end", () => {
  it("is two hours on as an instant, shown in Stockholm time across the spring DST change", () => {
    // 01:30 CET on the last Sunday of March; two hours later the clocks show 04:30 CEST.
    const now = new Date("2026-03-29T00:30:00.000Z");
    const end = holdExpiry(now, "2026-04-05T08:00:00.000Z");
    expect(Date.parse(end) - now.getTime()).toBe(WAITLIST_HOLD_MS);
    const mail = waitlistOfferMail(
      site,
      { title: "VALPKURS", location: "Hundhallen Gävle", startTime: "2026-04-05T08:00:00.000Z", endTime: "2026-04-05T09:00:00.000Z" },
      { name: "Kim", email: "kim@example.se", dogName: "Bamse" },
      "entry-1",
      "t".repeat(43),
      end,
    );
    expect(mail.text).toContain("Platsen är reserverad för dig till sön 29 mars 04:30");
    expect(mail.secret).toEqual({ token: "t".repeat(43), expiresAt: end });
    expect(mail.text).toContain(`https://hundpass.se/ko/${"t".repeat(43)}?svar=nej`);
  });

  it("never runs past the session's start", () => {
    const now = new Date("2026-10-25T00:00:00.000Z");
    expect(holdExpiry(now, "2026-10-25T01:00:00.000Z")).toBe("2026-10-25T01:00:00.000Z");
  });
});

describe("the admin's view of the queue", () => {
  it("numbers only those still in line, and shows a standing hold's end", () => {
    const rows = [
      { id: "a", name: "A", email: "a@x.se", dogName: "Ax", status: "left" as const, holdExpiresAt: null },
      { id: "b", name: "B", email: "b@x.se", dogName: "Bx", status: "offered" as const, holdExpiresAt: "2026-11-24T10:00:00.000Z" },
      { id: "c", name: "C", email: "c@x.se", dogName: "Cx", status: "waiting" as const, holdExpiresAt: null },
    ];
    const view = toAdminQueue(rows, (iso) => `kl ${iso.slice(11, 16)}`);
    expect(view.map((v) => v.position)).toEqual([null, 1, 2]);
    expect(view.map((v) => v.statusLabel)).toEqual(["Lämnade kön", "Plats reserverad", "Väntar"]);
    expect(view[1]?.holdUntilLabel).toBe("kl 10:00");
  });
});
