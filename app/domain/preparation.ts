// How to prepare for a session (/preppa): the checklist's shape as staff keep
// it in D1 (`preparation_items`, edited on /admin/preppa), and the note on
// online sessions and home visits, shown by the page and used by Flurre, and
// its half for the booked type in the reminder mail.

export type PreparationItem = {
  id: number;
  title: string;
  text: string;
  sortOrder: number;
};

/** What an online session (PLAN) needs. */
export const PREPARATION_ONLINE =
  "Online-pass (PLAN) kräver bara en lugn plats, en dator eller telefon och gärna hunden i närheten.";

/** What a home visit (HEMMIS) needs. */
export const PREPARATION_HOME = "På hembesök (HEMMIS) tränar vi där utmaningarna finns – ni behöver inte förbereda något särskilt.";

/** The paragraph under the checklist: the online (PLAN) and home-visit (HEMMIS) sessions. */
export const PREPARATION_ONLINE_AND_HOME = `${PREPARATION_ONLINE} ${PREPARATION_HOME}`;
