// The group-session rule as customers read it, and the note of a session with
// enough participants: the sentences the public pages and the booking form
// show. The counting notes and the staff badge are in ./participant-texts.
import { GROUP_CANCEL_NOTICE_HOURS } from "./constants";

/** The note of a group session that has enough participants to run. */
export const ENOUGH_PARTICIPANTS = "Detta pass har tillräckligt med deltagare för att bli av";

/** The minimum-participant rule as customers read it: the booking form, /boka, 'Info om GruppUps' and the confirmation mail. */
export const GROUP_RULE = `Grupp-pass med två eller färre deltagare kan ställas in. Då får du besked via e-post minst ${GROUP_CANCEL_NOTICE_HOURS} timmar innan.`;
