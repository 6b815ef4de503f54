import { describe, expect, it } from "vitest";
import { cardData, placesLeftLabel, sessionImage, splitForBookingList, toSessionCard, type PublicSession } from "../../app/domain/session-view";

const base: PublicSession = {
  id: 7,
  title: "VALPKURS",
  description: "Valpar leker",
  location: "Hundhallen Gävle",
  startTime: "2026-07-01T16:00:00.000Z",
  endTime: "2026-07-01T17:00:00.000Z",
  passType: "group",
  priceSek: 249,
  currentParticipants: 2,
  maxParticipants: 6,
  imageUrl: null,
};
const types = [
  { name: "VALPKURS", imageUrl: "/images/types/valpkurs.svg" },
  { name: "PRIVAT", imageUrl: "/images/privat.svg" },
  { name: "PRIVAT & PROFFS", imageUrl: "/images/types/privat-proffs.svg" },
];

describe("toSessionCard", () => {
  it("shows Stockholm date and time texts", () => {
    const card = toSessionCard(base, types);
    expect(card.dayKey).toBe("2026-07-01");
    expect(card.dateLabel).toBe("onsdag 1 juli");
    expect(card.startLabel).toBe("ons 1 juli 18:00");
    expect(card.timeRange).toBe("18:00–19:00");
  });

  it("gives the availability badge, places left and taken/max", () => {
    const card = toSessionCard(base, types);
    expect(card.availability).toMatchObject({ label: "Väntande", colour: "pink", bookable: true });
    expect(card.placesLeft).toBe(4);
    expect(card.placesLabel).toBe("4 platser kvar");
    expect(card.takenLabel).toBe("2/6");
  });

  it("shows 0 places left for a private session with a booking although a seat is free", () => {
    const card = toSessionCard({ ...base, title: "HEMMIS", passType: "private", currentParticipants: 1, maxParticipants: 2 }, types);
    expect(card.availability.label).toBe("Fullbokat");
    expect(card.placesLeft).toBe(0);
    expect(card.placesLabel).toBe("0 platser kvar");
    // Its seats taken are not shown beside it ('1/2' with 'Fullbokat' would puzzle): the card shows its places left.
    expect(card.takenLabel).toBeUndefined();
  });

  it("shows a session whose type asks for a variant at 495 kr although its list price is 0", () => {
    expect(toSessionCard({ ...base, title: "PRIVAT & PROFFS", priceSek: 0, bookingAsk: "variant" }, types).priceLabel).toBe("495 kr");
    expect(toSessionCard({ ...base, title: "PRIVAT & PROFFS", priceSek: 0, bookingAsk: null }, types).priceLabel).toBeNull();
  });

  it("shows no price when the price is 0", () => {
    expect(toSessionCard({ ...base, title: "KOMBIPASS", priceSek: 0 }, types).priceLabel).toBeNull();
  });
});

describe("sessionImage", () => {
  it("prefers the session's own image", () => {
    expect(sessionImage({ title: "VALPKURS", imageUrl: "https://cdn.example/x.jpg" }, types, "containing")).toBe(
      "https://cdn.example/x.jpg",
    );
  });

  it("matches the longest type name contained in the title for lists", () => {
    expect(sessionImage({ title: "Privat & Proffs kväll", imageUrl: null }, types, "containing")).toBe(
      "/images/types/privat-proffs.svg",
    );
  });

  it("matches only an equal title on the start page", () => {
    expect(sessionImage({ title: "VALPKURS extra", imageUrl: null }, types, "exact")).toBe("/images/default-session.svg");
    expect(sessionImage({ title: "VALPKURS", imageUrl: null }, types, "exact")).toBe("/images/types/valpkurs.svg");
  });
});

describe("placesLeftLabel", () => {
  it("uses the singular for one place", () => {
    expect(placesLeftLabel(1)).toBe("1 plats kvar");
    expect(placesLeftLabel(3)).toBe("3 platser kvar");
  });
});

describe("splitForBookingList", () => {
  it("lists every bookable session and at most three full ones", () => {
    const cards = [
      { id: 1, availability: { bookable: false } },
      { id: 2, availability: { bookable: true } },
      { id: 3, availability: { bookable: false } },
      { id: 4, availability: { bookable: false } },
      { id: 5, availability: { bookable: false } },
      { id: 6, availability: { bookable: true } },
    ];
    const { available, fullyBooked } = splitForBookingList(cards);
    expect(available.map((c) => c.id)).toEqual([2, 6]);
    expect(fullyBooked.map((c) => c.id)).toEqual([1, 3, 4]);
  });
});

describe("cardData", () => {
  const view = toSessionCard(base, types);

  it("gives the list card its picture, description, date and time", () => {
    expect(Object.keys(cardData(view, "list")).sort()).toEqual(
      ["availability", "dateLabel", "description", "id", "imageUrl", "location", "placesLabel", "priceLabel", "timeRange", "title"].sort(),
    );
  });

  it("gives the start page's teaser card date and time but no picture or description", () => {
    const teaser = cardData(view, "teaser");
    expect(teaser).toMatchObject({ dateLabel: "onsdag 1 juli", timeRange: "18:00–19:00" });
    expect(teaser).not.toHaveProperty("imageUrl");
    expect(teaser).not.toHaveProperty("description");
  });

  it("gives the booking card its start time and taken/max instead", () => {
    expect(cardData(view, "booking")).toMatchObject({ startLabel: "ons 1 juli 18:00", takenLabel: "2/6" });
    expect(cardData(view, "booking")).not.toHaveProperty("dateLabel");
  });

  it("gives the calendar card no picture or description", () => {
    const compact = cardData(view, "compact");
    expect(compact).toMatchObject({ timeRange: "18:00–19:00", placesLabel: "4 platser kvar", priceLabel: "249 kr" });
    expect(compact).not.toHaveProperty("imageUrl");
    expect(compact).not.toHaveProperty("description");
  });
});
