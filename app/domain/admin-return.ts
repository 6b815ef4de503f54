// Where an admin change sends the admin back to: a path inside /admin, never
// another site or a page outside the admin area (the value comes from a form).
const ADMIN_PATH = /^\/admin(\/[a-z0-9-]+)*\/?(\?[a-z0-9=&%_-]*)?$/i;

/** The sign-in page's query parameter naming the admin page a signed-out visitor asked for. */
export const STAFF_RETURN_PARAM = "till";

/** Where an admin page sends a visitor who is not signed in: staff sign in there, and come back to the page. */
export function staffSignInPath(adminPath: string): string {
  return `/logga-in?${STAFF_RETURN_PARAM}=${encodeURIComponent(adminReturnTo(adminPath))}`;
}

/** What the sign-in page says to staff sent there from an admin page. */
export const STAFF_SIGN_IN_TEXTS = {
  fromAdmin: "Sidan du ville öppna är för personal. Logga in här, eller be om en inloggningslänk via",
  fromAdminLink: "Mina bokningar",
} as const;

export function adminReturnTo(value: string | null | undefined, fallback = "/admin"): string {
  return value && ADMIN_PATH.test(value) ? value : fallback;
}
