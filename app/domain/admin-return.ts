// Where an admin change sends the admin back to: a path inside /admin, never
// another site or a page outside the admin area (the value comes from a form).
const ADMIN_PATH = /^\/admin(\/[a-z0-9-]+)*\/?(\?[a-z0-9=&%_-]*)?$/i;

export function adminReturnTo(value: string | null | undefined, fallback = "/admin"): string {
  return value && ADMIN_PATH.test(value) ? value : fallback;
}
