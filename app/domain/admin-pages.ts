// Every admin page a staff member opens from the menu, in the order they use
// them: create, the three lists of upcoming sessions, all sessions, the
// session types, the calendar subscription, the newsletter, Flurre's questions, the audit log. The /admin cards and the
// admin part of the site menu both render this one list.
import { ALL_SESSIONS_TEXTS } from "./admin-all-sessions-texts";
import { SESSION_TYPE_TEXTS, SESSION_TYPES_PATH } from "./content-texts";
import { FLURRE_ADMIN_PATH, FLURRE_ADMIN_TEXTS } from "./flurre/admin-texts";

export type AdminPage = { to: string; title: string };

export const ADMIN_PAGES: readonly AdminPage[] = [
  { to: "/admin/skapa-pass", title: "Skapa pass" },
  { to: "/admin/lediga-pass", title: "Lediga pass" },
  { to: "/admin/vantande-pass", title: "Väntande pass" },
  { to: "/admin/bokade-pass", title: "Pass blir av" },
  { to: "/admin/old", title: ALL_SESSIONS_TEXTS.title },
  { to: SESSION_TYPES_PATH, title: SESSION_TYPE_TEXTS.heading },
  { to: "/admin/kalender", title: "Kalender" },
  { to: "/admin/utskick", title: "Utskick" },
  { to: FLURRE_ADMIN_PATH, title: FLURRE_ADMIN_TEXTS.menuLink },
  { to: "/admin/logg", title: "Logg över ändringar" },
];
