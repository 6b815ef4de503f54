// Session types (popup_types, spec section 3): their kind, display order,
// matching a session title to its type, the session image, the location a
// type's new sessions start from, and the prefilled "Fråga Flurre" chat question.

import type { BookingAsk, PassType } from "./constants";
import { DEFAULT_APP_ORDER, DEFAULT_SESSION_IMAGE, type Location } from "./constants";

export type PopupType = {
  id: string;
  name: string;
  description: string;
  imageUrl: string | null;
  inspiringText: string | null;
  hidden: boolean;
  appOrder: number | null;
  maxParticipants: number;
  /** Free text in the data: private, privatpass, combined; anything else is group. */
  sessionType: string;
  /** Null for combined types, where the customer chooses the price. */
  price: number | null;
  /** Where a session made from the type takes place unless staff choose otherwise (a place's name), or null. */
  defaultLocation: string | null;
  /** What its sessions' booking form asks beyond the usual fields, or null. */
  bookingAsk: BookingAsk | null;
};

export type TypeKind = "group" | "private" | "combined";

export function typeKind(sessionType: string): TypeKind {
  const value = sessionType.trim().toLowerCase();
  if (value === "private" || value === "privatpass") return "private";
  if (value === "combined") return "combined";
  return "group";
}

type Orderable = { name: string; appOrder: number | null };

/** app_order ascending (missing counts as 999), then name; equal keys keep input order. */
export function sortTypesForDisplay<T extends Orderable>(types: readonly T[]): T[] {
  return [...types].sort((a, b) => {
    const byOrder = (a.appOrder ?? DEFAULT_APP_ORDER) - (b.appOrder ?? DEFAULT_APP_ORDER);
    if (byOrder !== 0) return byOrder;
    return a.name.localeCompare(b.name, "sv");
  });
}

/** The types shown on the start page: not hidden, in display order. */
export function visibleTypes<T extends Orderable & { hidden: boolean }>(types: readonly T[]): T[] {
  return sortTypesForDisplay(types.filter((t) => !t.hidden));
}

/** Start page matching: the session title equals the type name. */
export function findTypeExact<T extends { name: string }>(
  types: readonly T[],
  title: string,
): T | undefined {
  return types.find((t) => t.name === title);
}

/**
 * List matching: the title contains the type name, ignoring case. The longest
 * name wins, so "AGILITY FÖR VALPAR" beats "AGILITY" and an exact match always wins.
 */
export function findTypeContaining<T extends { name: string }>(
  types: readonly T[],
  title: string,
): T | undefined {
  const haystack = title.toLowerCase();
  let best: T | undefined;
  for (const t of types) {
    // An empty name would match every title.
    if (t.name === "" || !haystack.includes(t.name.toLowerCase())) continue;
    if (!best || t.name.length > best.name.length) best = t;
  }
  return best;
}

export function sessionImageUrl<T extends { name: string; imageUrl: string | null }>(
  types: readonly T[],
  title: string,
): string {
  return findTypeContaining(types, title)?.imageUrl || DEFAULT_SESSION_IMAGE;
}

/** The location the admin form preselects when this type is chosen: the type's own, which staff set on /admin/passtyper. */
export function defaultLocationForType(type: Pick<PopupType, "defaultLocation">): Location | undefined {
  return type.defaultLocation ?? undefined;
}

/** The pass type of a session made from this type: private types are private, the rest group. */
export function passTypeForType(sessionType: string): PassType {
  return typeKind(sessionType) === "private" ? "private" : "group";
}

/** What choosing a type fills into the admin session form. */
export type TypePrefill = {
  title: string;
  description: string;
  maxParticipants: number;
  passType: PassType;
  imageUrl: string;
  /** Null for a combined type: it has no fixed price, so the price stays the admin's. */
  priceSek: number | null;
  location: Location | undefined;
};

/**
 * The admin form's prefill for a type (spec section 2 "Create session"). All
 * but the title and the location are then read-only, and the server takes
 * them from the type again rather than from the post.
 */
export function prefillFromType(
  type: Pick<PopupType, "name" | "description" | "imageUrl" | "maxParticipants" | "sessionType" | "price" | "defaultLocation">,
): TypePrefill {
  return {
    title: type.name,
    description: type.description,
    maxParticipants: type.maxParticipants,
    passType: passTypeForType(type.sessionType),
    imageUrl: type.imageUrl ?? "",
    priceSek: typeKind(type.sessionType) === "combined" ? null : (type.price ?? 0),
    location: defaultLocationForType(type),
  };
}

/** The message the "Fråga Flurre om Passet" button sends to the chat widget. */
export function askFlurreQuestion(typeName: string): string {
  return `Berätta allt jag behöver veta om ${typeName}!`;
}
