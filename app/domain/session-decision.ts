// The minimum-participant decision (spec section 9: a group session with 2 or
// fewer participants may be cancelled with at least 24 h notice by e-mail; 3
// is the operative threshold). All on instants: T−30 h the admin is asked,
// T−25 h the default applies, and nothing is cancelled automatically later
// than T−24 h, so customers always hear at least 24 h ahead, across DST
// changes too (an hour is 3 600 000 ms whatever the wall clock does). Pure.
import { GROUP_CANCEL_NOTICE_HOURS, GROUP_CONFIRMED_THRESHOLD } from "./constants";
import { formatDateTime } from "./time";

const HOUR_MS = 60 * 60_000;

/** The admin is asked this long before the start. */
export const DECISION_REQUEST_HOURS = 30;
/** Without a decision, the default applies this long before the start. */
export const DECISION_DEADLINE_HOURS = 25;
/** At most this many participants and the session may be cancelled. */
export const DECISION_MAX_PARTICIPANTS = GROUP_CONFIRMED_THRESHOLD - 1;

export type Decision = "cancel" | "run";
export type DecidedBy = "admin" | "link" | "default";
export type DecisionReason = "filled" | "late";

const before = (startIso: string, hours: number) => new Date(Date.parse(startIso) - hours * HOUR_MS);

/** When the request is due (T−30 h). */
export const requestDueAt = (startIso: string) => before(startIso, DECISION_REQUEST_HOURS);
/** When the default applies (T−25 h). */
export const decisionDeadline = (startIso: string) => before(startIso, DECISION_DEADLINE_HOURS);
/** The last instant a cancellation still gives customers the promised notice (T−24 h). */
export const lastNoticeAt = (startIso: string) => before(startIso, GROUP_CANCEL_NOTICE_HOURS);

/**
 * The window in which a session's request is made, as the bounds on its
 * start for a run at `now`: now + 25 h < start ≤ now + 30 h.
 */
export function requestWindow(now: Date): { startAfter: string; startAtOrBefore: string } {
  return {
    startAfter: new Date(now.getTime() + DECISION_DEADLINE_HOURS * HOUR_MS).toISOString(),
    startAtOrBefore: new Date(now.getTime() + DECISION_REQUEST_HOURS * HOUR_MS).toISOString(),
  };
}

/**
 * The sessions a run at `now` is too late to ask about: the request window
 * has passed, the start has not (now < start ≤ now + 25 h).
 */
export function missedWindow(now: Date): { startAfter: string; startAtOrBefore: string } {
  return {
    startAfter: now.toISOString(),
    startAtOrBefore: new Date(now.getTime() + DECISION_DEADLINE_HOURS * HOUR_MS).toISOString(),
  };
}

/** The link's `val`: which of the two actions a mailed link carries. */
export const DECISION_LINK_VALUES = { cancel: "stall-in", run: "kor" } as const satisfies Record<Decision, string>;

export function decisionFromLinkValue(value: string | null | undefined): Decision | null {
  if (value === DECISION_LINK_VALUES.cancel) return "cancel";
  if (value === DECISION_LINK_VALUES.run) return "run";
  return null;
}

/** Texts of the decision: its buttons, its outcomes, and the default told in the mail. */
export const DECISION_TEXTS = {
  cancelButton: "Ställ in",
  runButton: "Kör ändå",
  decided: { cancel: "Inställt", run: "Körs ändå" } satisfies Record<Decision, string>,
  panelTitle: "Beslut om pass med få deltagare",
  panelIntro:
    "Grupp-pass med två eller färre deltagare 30 timmar före start. Ställ in eller kör ändå; utan beslut gäller standardvalet vid tidsgränsen, så att kunderna alltid får besked minst 24 timmar innan.",
  panelEmpty: "Inga beslut att fatta just nu.",
  deadline: "Beslut senast",
  participants: "Deltagare",
  start: "Start",
  location: "Plats",
  cancelQuestion:
    "Ställa in passet? Alla bokningar avbokas, varje kund får ett mejl med en kalenderfil som tar bort passet och passet tas bort från försäljning.",
  cancelled: "Passet är inställt och kunderna får ett mejl.",
  runs: "Passet körs som planerat.",
  alreadyDecided: "Det här passet är redan beslutat.",
  tooLate: "Tidsgränsen för beslutet har passerat.",
  gone: "Passet finns inte längre eller har ändrats, så beslutet behövs inte.",
  failed: "Kunde inte spara beslutet. Försök igen.",
  waitingDefault: "Tidsgränsen har passerat; standardvalet tillämpas inom några minuter.",
  runDone: "Passet körs som planerat",
  cancelPending: "Beslutet är sparat; passet ställs in inom några minuter.",
  defaultWillApply: (defaultDecision: Decision, deadlineIso: string) =>
    defaultDecision === "cancel"
      ? `Annars ställs passet in automatiskt ${formatDateTime(deadlineIso)}.`
      : `Annars körs passet som planerat; standardvalet gäller från ${formatDateTime(deadlineIso)}.`,
} as const;

/** "n av max" */
export const participantsOf = (current: number, max: number) => `${current} av ${max}`;

/** Who made a decision, for the admin: "av admin@… 23 nov 2026 14:05", "automatiskt …". */
export function decidedByLabel(by: DecidedBy, email: string | null, atIso: string, reason: DecisionReason | null): string {
  const when = formatDateTime(atIso);
  if (by === "default") {
    const why =
      reason === "filled"
        ? " (passet hade fått 3 deltagare)"
        : reason === "late"
          ? " (tidsgränsen passerade utan beslut, för sent för att ställa in)"
          : "";
    return `automatiskt ${when}${why}`;
  }
  const who = email ?? "admin";
  return by === "link" ? `av ${who} via länk i e-post ${when}` : `av ${who} ${when}`;
}

/** A request as the admin's panel reads it (the request and its session now). */
export interface DecisionPanelRow {
  id: number;
  sessionId: number;
  deadline: string;
  decision: Decision | null;
  decidedAt: string | null;
  decidedBy: DecidedBy | null;
  decidedByEmail: string | null;
  reason: DecisionReason | null;
  title: string;
  location: string;
  startTime: string;
  currentParticipants: number;
  maxParticipants: number;
}

/** What the panel shows, display-ready. */
export interface DecisionPanelView {
  id: number;
  sessionId: number;
  title: string;
  location: string;
  startLabel: string;
  participantsLabel: string;
  deadlineLabel: string;
  /** Open: the two buttons. Waiting: the deadline passed, the default is on its way. Decided: the outcome. */
  state: "open" | "waiting-default" | "decided";
  decisionLabel: string | null;
  decidedByLabel: string | null;
  /** "Annars ställs passet in automatiskt …" for an open request. */
  defaultNote: string | null;
}

export function toDecisionPanelView(row: DecisionPanelRow, now: Date, defaultDecision: Decision): DecisionPanelView {
  const decided = row.decision !== null && row.decidedBy !== null && row.decidedAt !== null;
  const state = decided ? "decided" : Date.parse(row.deadline) > now.getTime() ? "open" : "waiting-default";
  return {
    id: row.id,
    sessionId: row.sessionId,
    title: row.title,
    location: row.location,
    startLabel: formatDateTime(row.startTime),
    participantsLabel: participantsOf(row.currentParticipants, row.maxParticipants),
    deadlineLabel: formatDateTime(row.deadline),
    state,
    decisionLabel: decided && row.decision ? DECISION_TEXTS.decided[row.decision] : null,
    decidedByLabel:
      decided && row.decidedBy && row.decidedAt ? decidedByLabel(row.decidedBy, row.decidedByEmail, row.decidedAt, row.reason) : null,
    defaultNote: state === "open" ? DECISION_TEXTS.defaultWillApply(defaultDecision, row.deadline) : null,
  };
}

/** The page a mailed decision link opens (/beslut). */
export const DECISION_LINK_TEXTS = {
  title: "Beslut om passet",
  ask: {
    cancel: "Ställa in passet?",
    run: "Köra passet ändå?",
  } satisfies Record<Decision, string>,
  explain: {
    cancel:
      "Ställer du in passet avbokas alla bokningar, och varje kund får ett mejl med en kalenderfil som tar bort passet.",
    run: "Passet körs som planerat, och fler kan fortfarande boka.",
  } satisfies Record<Decision, string>,
  busy: "Sparar...",
  other: {
    cancel: "Vill du i stället köra passet ändå?",
    run: "Vill du i stället ställa in passet?",
  } satisfies Record<Decision, string>,
  done: {
    cancel: "Passet är inställt",
    run: "Passet körs som planerat",
  } satisfies Record<Decision, string>,
  doneText: {
    cancel: "Alla bokningar är avbokade och kunderna får ett mejl om det.",
    run: "Inget ändras för kunderna.",
  } satisfies Record<Decision, string>,
  pendingText: "Beslutet är sparat. Passet ställs in och kunderna får sina mejl inom några minuter.",
  alreadyDecided: (decision: Decision) => `Redan beslutat: ${DECISION_TEXTS.decided[decision]}`,
  alreadyText: "Länken kan inte användas igen; det första beslutet gäller.",
  expiredTitle: "Tidsgränsen har passerat",
  expiredText: (deadlineLabel: string) => `Beslutet skulle fattas senast ${deadlineLabel}. Nu gäller standardvalet.`,
  goneTitle: "Beslutet behövs inte längre",
  invalidTitle: "Länken fungerar inte",
  invalidText: "Länken är ogiltig. Använd länken i mejlet som den är, eller välj under Väntande pass i admin.",
  toAdmin: "Till Väntande pass",
} as const;
