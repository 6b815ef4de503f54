// Every admin page a staff member opens from the menu, in the order they use
// them: create, the three lists of upcoming sessions, all sessions, the
// klippkort and presentkort, the session types, places, team and preparation list, the calendar subscription, the newsletter, mail that did not arrive, Flurre's questions, the audit log, the machine's health, and last the
// staff handbook. The /admin cards and the
// admin part of the site menu both render this one list; the menu gets it
// from the root loader, for staff only, so public pages never load it. The
// pages' own texts take their path and heading from here, not the other way
// round.

export type AdminPage = { to: string; title: string };

export const ALL_SESSIONS_PAGE = { to: "/admin/old", title: "Alla pass" } as const;
export const CARDS_PAGE = { to: "/admin/kort", title: "Klippkort och presentkort" } as const;
export const SESSION_TYPES_PAGE = { to: "/admin/passtyper", title: "Passtyper" } as const;
export const PLACES_PAGE = { to: "/admin/platser", title: "Platser" } as const;
export const TEAM_PAGE = { to: "/admin/team", title: "Teamet" } as const;
export const PREPARATION_PAGE = { to: "/admin/preppa", title: "Preppa-listan" } as const;
export const MAIL_STATUS_PAGE = { to: "/admin/epost-status", title: "E-poststatus" } as const;
export const OPERATIONS_PAGE = { to: "/admin/drift", title: "Driftstatus" } as const;
export const FLURRE_PAGE = { to: "/admin/flurre", title: "Flurre: obesvarade frågor och FAQ" } as const;
export const HANDBOOK_PAGE = { to: "/admin/handbok", title: "Handbok" } as const;

export const ADMIN_PAGES: readonly AdminPage[] = [
  { to: "/admin/skapa-pass", title: "Skapa pass" },
  { to: "/admin/lediga-pass", title: "Lediga pass" },
  { to: "/admin/vantande-pass", title: "Väntande pass" },
  { to: "/admin/bokade-pass", title: "Pass blir av" },
  ALL_SESSIONS_PAGE,
  CARDS_PAGE,
  SESSION_TYPES_PAGE,
  PLACES_PAGE,
  TEAM_PAGE,
  PREPARATION_PAGE,
  { to: "/admin/kalender", title: "Kalender" },
  { to: "/admin/utskick", title: "Utskick" },
  MAIL_STATUS_PAGE,
  FLURRE_PAGE,
  { to: "/admin/logg", title: "Logg över ändringar" },
  OPERATIONS_PAGE,
  HANDBOOK_PAGE,
];
