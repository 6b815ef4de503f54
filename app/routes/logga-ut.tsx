/**
 * Sign-out: a POST that deletes the server-side session and clears the
 * cookie, then the start page with a toast. The countdown on
 * /mina-bokningar/lista posts reason=expired when the time is up, which
 * gives the expiry toast instead.
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { clearLoginCookie, endLogin } from "~/server/auth/logins.server";
import { redirectWithToast } from "~/server/toast.server";
import { readForm } from "~/server/forms/request-body.server";

export function loader() {
  return redirect("/");
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm({ request, context });
  const expired = formData.get("reason") === "expired";
  let clear: string;
  try {
    clear = await endLogin(context, request);
  } catch (error) {
    console.error("sign-out failed", error);
    return redirectWithToast(
      context,
      "/",
      { type: "error", title: "Ett fel uppstod vid utloggning" },
      { headers: { "Set-Cookie": await clearLoginCookie(context) } },
    );
  }
  const toast = expired
    ? { type: "info" as const, title: "Din tid har gått ut av säkerhetsskäl, ansök på nytt för längre tillgång" }
    : { type: "success" as const, title: "Du har loggats ut" };
  return redirectWithToast(context, "/", toast, { headers: { "Set-Cookie": clear } });
}
