/** Sign-out: a POST that deletes the server-side session and clears the cookie. */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { readSessionId } from "~/server/auth.server";
import { getCookies } from "~/server/cookies.server";
import { sha256Hex } from "~/server/crypto.server";
import { getDb, schema } from "~/server/db.server";
import { redirectWithToast } from "~/server/toast.server";

export function loader() {
  return redirect("/");
}

export async function action({ request, context }: ActionFunctionArgs) {
  const clear = await getCookies(context.config).session.serialize("", { maxAge: 0 });
  try {
    const sessionId = await readSessionId(context, request);
    if (sessionId) {
      await getDb(context.cloudflare.env)
        .delete(schema.authSessions)
        .where(eq(schema.authSessions.idHash, await sha256Hex(sessionId)));
    }
  } catch (error) {
    console.error("sign-out failed", error);
    return redirectWithToast(
      context,
      "/",
      { type: "error", title: "Ett fel uppstod vid utloggning" },
      { headers: { "Set-Cookie": clear } },
    );
  }
  return redirectWithToast(
    context,
    "/",
    { type: "success", title: "Du har loggats ut" },
    { headers: { "Set-Cookie": clear } },
  );
}
