// The words for how many participants a group session has and needs, shared
// by the public pages, the admin lists, the booking form and the booking mail,
// so the same facts read the same everywhere. A group session runs from
// GROUP_CONFIRMED_THRESHOLD participants ("two or fewer" may be cancelled);
// customers hear of a cancellation at least GROUP_CANCEL_NOTICE_HOURS ahead.
// The two sentences public pages show are in ./group-rule-texts (re-exported
// here), so those pages load neither the counting nor the staff badge.
import { GROUP_CONFIRMED_THRESHOLD } from "./constants";
import { ENOUGH_PARTICIPANTS } from "./group-rule-texts";

export { ENOUGH_PARTICIPANTS, GROUP_RULE } from "./group-rule-texts";

/** The spec's notes (section 4): how many more a group session with `n` participants needs to run for sure. */
export function participantsNote(n: number): string {
  const missing = GROUP_CONFIRMED_THRESHOLD - n;
  if (missing <= 0) return ENOUGH_PARTICIPANTS;
  if (missing === 1) return "Behöver bara 1 deltagare till för att helt säkert bli av";
  return `Behöver ${missing} deltagare till för att helt säkert bli av`;
}

/**
 * The admin lists' waiting badge. The spec's 'Väntande (n av minst 2)' names a
 * minimum the session has already reached when n is 2; 3 is the operative
 * threshold, so the badge counts towards it.
 */
export function waitingLabel(n: number): string {
  return `Väntande (${n} av minst ${GROUP_CONFIRMED_THRESHOLD})`;
}
