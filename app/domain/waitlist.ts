// The waitlist's rules and words: how long a freed seat is held for the first
// in line, and what the queue's pages say. Pure. The queue form's words on a
// session's booking page are in ./waitlist-texts (re-exported here), so that
// page does not load the hold, leave and staff texts below.

export { WAITLIST_SERVER_TEXTS, WAITLIST_TEXTS } from "./waitlist-texts";

/** A freed seat is held this long for the one it is offered to (never past the session's start). */
export const WAITLIST_HOLD_MS = 2 * 60 * 60_000;

/** When an offer made at `now` lapses: two hours on, or the session's start if sooner. */
export function holdExpiry(now: Date, sessionStartIso: string): string {
  return new Date(Math.min(now.getTime() + WAITLIST_HOLD_MS, Date.parse(sessionStartIso))).toISOString();
}

/** 'n/max', with the seats held for the queue: '5/6 (+1 reserverad)'. */
export function takenWithHolds(current: number, max: number, held: number): string {
  return held > 0 ? `${current}/${max} (+${held} reserverad${held === 1 ? "" : "e"})` : `${current}/${max}`;
}

export const HOLD_TEXTS = {
  title: "Boka din reserverade plats",
  lead: (until: string) => `Platsen är reserverad för dig till ${until}. Fyll i resten av uppgifterna och boka.`,
  goneTitle: "Länken gäller inte längre",
  gone: "Reservationen har gått ut, platsen är redan bokad eller så har du tackat nej. Är passet fortfarande fullbokat kan du ställa dig i kö igen.",
  unknownTitle: "Länken fungerar inte",
  unknown: "Vi hittar ingen reservation för den här länken. Kontrollera att du har kopierat hela länken från mejlet.",
  declineTitle: "Vill du inte ha platsen?",
  decline: "Då går platsen direkt vidare till nästa i kön, och du lämnar kön.",
  declineButton: "Jag vill inte ha platsen",
  declinedTitle: "Tack för att du sa till",
  declined: "Platsen går nu vidare till nästa i kön.",
  bookedTitle: "Tack för din bokning!",
} as const;

export const LEAVE_TEXTS = {
  title: "Lämna kön",
  lead: (title: string) => `Vill du lämna kön till ${title}? Har du fått en plats reserverad går den vidare till nästa i kön.`,
  button: "Lämna kön",
  busy: "Lämnar…",
  doneTitle: "Du har lämnat kön",
  done: "Du står inte längre i kön. Välkommen tillbaka en annan gång!",
  goneTitle: "Du står inte i kön",
  gone: "Den här länken hör inte till någon plats i kön längre. Du kanske redan har lämnat kön, bokat passet eller så har passet startat.",
} as const;

export type WaitlistStatus = "waiting" | "offered" | "booked" | "left" | "expired" | "closed";

export const WAITLIST_STATUS_LABELS: Record<WaitlistStatus, string> = {
  waiting: "Väntar",
  offered: "Plats reserverad",
  booked: "Bokade",
  left: "Lämnade kön",
  expired: "Tiden gick ut",
  closed: "Kön stängd",
};

export type AdminQueueEntryView = {
  id: string;
  /** Place in line among those still waiting or holding a seat; null for the others. */
  position: number | null;
  name: string;
  email: string;
  dogName: string;
  statusLabel: string;
  /** Stockholm time the hold ends, while it stands. */
  holdUntilLabel: string | null;
};

/** The queue in order, each entry with its place in line while it is still in it. */
export function toAdminQueue(
  rows: ReadonlyArray<{ id: string; name: string; email: string; dogName: string; status: WaitlistStatus; holdExpiresAt: string | null }>,
  formatTime: (iso: string) => string,
): AdminQueueEntryView[] {
  let position = 0;
  return rows.map((row) => {
    const inLine = row.status === "waiting" || row.status === "offered";
    return {
      id: row.id,
      position: inLine ? ++position : null,
      name: row.name,
      email: row.email,
      dogName: row.dogName,
      statusLabel: WAITLIST_STATUS_LABELS[row.status],
      holdUntilLabel: row.status === "offered" && row.holdExpiresAt ? formatTime(row.holdExpiresAt) : null,
    };
  });
}
