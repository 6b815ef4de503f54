/** The site header: logo and name, who is signed in, and the menu. */
import { Form, Link, NavLink, useLocation } from "@remix-run/react";
import { useEffect, useRef, type KeyboardEvent } from "react";
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
 * it, Escape closes it (focus back on 'Meny'), and it closes once a link of
 * it has taken the visitor to another page.
 */
function useMenu() {
  const menu = useRef<HTMLDetailsElement>(null);
  const { pathname, search } = useLocation();
  const shown = useRef(`${pathname}${search}`);
  useEffect(() => {
    // Not at the first render: a menu opened before the page's script ran stays open.
    if (shown.current === `${pathname}${search}`) return;
    shown.current = `${pathname}${search}`;
    if (menu.current) menu.current.open = false;
  }, [pathname, search]);
  const onKeyDown = (event: KeyboardEvent<HTMLDetailsElement>) => {
    if (event.key !== "Escape" || !menu.current?.open) return;
    menu.current.open = false;
    menu.current.querySelector("summary")?.focus();
  };
  return { ref: menu, onKeyDown };
}

export function TopBar({ user }: { user: TopBarUser | null }) {
  const menu = useMenu();
  return (
    <header className="top-bar">
      <Link to="/" className="brand" aria-label="Hundpass, till startsidan">
        <img src="/images/logo.svg" alt="" width={36} height={36} />
        <span>Hundpass</span>
      </Link>
      {user ? (
        <span className="who" data-testid="display-name">
          {user.displayName}
          {user.isAdmin ? " (Admin)" : ""}
        </span>
      ) : null}
      <details className="menu" {...menu}>
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
