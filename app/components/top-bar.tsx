/** The site header: logo and name, who is signed in, and the menu. */
import { Form, Link, NavLink, useLocation } from "@remix-run/react";
import type { KeyboardEvent } from "react";
import type { AdminPage } from "~/domain/admin-pages";

export interface TopBarUser {
  displayName: string;
  isAdmin: boolean;
  /** The admin pages of the menu (ADMIN_PAGES for staff), sent by the root loader. */
  adminPages: readonly AdminPage[];
}

const MENU = [
  { to: "/om", label: "Om" },
  { to: "/hitta", label: "Hitta" },
  { to: "/preppa", label: "Preppa" },
  { to: "/alla-popups", label: "Alla PopUps" },
  { to: "/mina-bokningar", label: "Mina Bokningar" },
  { to: "/rapportera-problem", label: "Rapportera Problem" },
] as const;

/**
 * The menu is a <details>, so it opens and closes without JavaScript. With
 * it, Escape closes it (focus back on 'Meny'); and it is drawn anew, closed,
 * for each page a link of it leads to (keyed by the page).
 */
function closeOnEscape(event: KeyboardEvent<HTMLDetailsElement>) {
  const menu = event.currentTarget;
  if (event.key !== "Escape" || !menu.open) return;
  menu.open = false;
  menu.querySelector("summary")?.focus();
}

/** A name that is an e-mail address (a customer's) may break after its '@' on a narrow screen. */
function NameWithBreaks({ name }: { name: string }) {
  const at = name.indexOf("@");
  if (at < 1) return <>{name}</>;
  return (
    <>
      {name.slice(0, at + 1)}
      <wbr />
      {name.slice(at + 1)}
    </>
  );
}

export function TopBar({ user }: { user: TopBarUser | null }) {
  const { pathname, search } = useLocation();
  return (
    <header className="top-bar">
      <Link to="/" className="brand" aria-label="Hundpass, till startsidan">
        <img src="/images/logo.svg" alt="" width={36} height={36} />
        <span>Hundpass</span>
      </Link>
      {user ? (
        <span className="who" data-testid="display-name">
          <span className="who-name">
            <NameWithBreaks name={user.displayName} />
          </span>
          {user.isAdmin ? (
            <>
              {" "}
              <span className="who-role">(Admin)</span>
            </>
          ) : null}
        </span>
      ) : null}
      <details className="menu" key={`${pathname}${search}`} onKeyDown={closeOnEscape}>
        <summary>Meny</summary>
        <nav aria-label="Huvudmeny">
          <ul>
            {MENU.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} prefetch="intent">
                  {item.label}
                </NavLink>
              </li>
            ))}
            {user?.isAdmin ? (
              <li>
                <NavLink to="/admin" end>
                  Admin
                </NavLink>
                <ul className="menu-sub">
                  {user.adminPages.map((page) => (
                    <li key={page.to}>
                      <NavLink to={page.to}>{page.title}</NavLink>
                    </li>
                  ))}
                </ul>
              </li>
            ) : null}
            {user ? (
              <li>
                <Form method="post" action="/logga-ut">
                  <button type="submit" className="link-button">
                    Logga ut
                  </button>
                </Form>
              </li>
            ) : null}
          </ul>
        </nav>
      </details>
    </header>
  );
}
