// Every admin page a staff member opens from the menu, in the order they use
// them: create, the three lists of upcoming sessions, all sessions, the
// session types, places, team and preparation list, the calendar subscription, the newsletter, mail that did not arrive, Flurre's questions, the audit log. The /admin cards and the
// admin part of the site menu both render this one list.
import { ALL_SESSIONS_TEXTS } from "./admin-all-sessions-texts";
import { FLURRE_ADMIN_PATH, FLURRE_ADMIN_TEXTS } from "./flurre/admin-texts";
import { MAIL_STATUS_PAGE } from "./mail-status";

export type AdminPage = { to: string; title: string };

// The content pages' own texts (content-texts.ts) take their path and heading
// from here: the site menu, on every page, then carries only these words.
export const SESSION_TYPES_PAGE = { to: "/admin/passtyper", title: "Passtyper" } as const;
export const PLACES_PAGE = { to: "/admin/platser", title: "Platser" } as const;
export const TEAM_PAGE = { to: "/admin/team", title: "Teamet" } as const;
export const PREPARATION_PAGE = { to: "/admin/preppa", title: "Preppa-listan" } as const;

export const ADMIN_PAGES: readonly AdminPage[] = [
  { to: "/admin/skapa-pass", title: "Skapa pass" },
  { to: "/admin/lediga-pass", title: "Lediga pass" },
  { to: "/admin/vantande-pass", title: "Väntande pass" },
  { to: "/admin/bokade-pass", title: "Pass blir av" },
  { to: "/admin/old", title: ALL_SESSIONS_TEXTS.title },
  SESSION_TYPES_PAGE,
  PLACES_PAGE,
  TEAM_PAGE,
  PREPARATION_PAGE,
  { to: "/admin/kalender", title: "Kalender" },
  { to: "/admin/utskick", title: "Utskick" },
  MAIL_STATUS_PAGE,
  { to: FLURRE_ADMIN_PATH, title: FLURRE_ADMIN_TEXTS.menuLink },
  { to: "/admin/logg", title: "Logg över ändringar" },
];
