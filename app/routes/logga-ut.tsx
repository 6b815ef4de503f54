/**
 * Sign-out: a POST that deletes the server-side session and clears the
 * cookie, then the start page with a toast. The countdown on
 * /mina-bokningar/lista posts reason=expired when the time is up, which
 * gives the expiry toast instead.
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { clearLoginCookie, endLogin } from "~/server/auth/logins.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import { z } from "zod";
import { handleForm, withSchema } from "~/server/forms/form-action.server";

export function loader() {
  return redirect("/");
}

const SignOutSchema = z.object({ reason: z.string().max(20).optional() });

export async function action(args: ActionFunctionArgs) {
  const { request, context } = args;
  return handleForm(args, {
    // Signing out changes nothing anyone could abuse; the cross-site POST check still applies.
    botCheck: false,
    parse: withSchema(SignOutSchema),
    async run(values) {
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
      const toast =
        values.reason === "expired"
          ? { type: "info" as const, title: "Din tid har gått ut av säkerhetsskäl, ansök på nytt för längre tillgång" }
          : { type: "success" as const, title: "Du har loggats ut" };
      return redirectWithToast(context, "/", toast, { headers: { "Set-Cookie": clear } });
    },
  });
}
