/**
 * /admin/{any path no admin page claims}: behind the admin guard like every
 * admin page, so a visitor who is not signed in is sent to sign in whatever
 * the path, and nothing tells which admin pages exist. For an admin, the
 * not-found page (the root's error boundary: a non-admin's 403 stays 'Åtkomst nekad').
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { NotFoundPage } from "~/components/status-pages";
import { requireAdmin } from "~/server/auth/signed-in-user.server";

export const meta: MetaFunction = () => [{ title: "Sidan finns inte – Hundpass" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  throw new Response("Not Found", { status: 404 });
}

export default function AdminNotFound() {
  return <NotFoundPage />;
}
