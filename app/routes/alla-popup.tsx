/** /alla-popup: an old address of the session list; sends the visitor on to /alla-popups for good. */
import { redirect } from "@remix-run/cloudflare";

export function loader() {
  return redirect("/alla-popups", 301);
}
