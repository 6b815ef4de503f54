/** The admin area's layout: every child route sits behind the admin guard. */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Outlet } from "@remix-run/react";
import { requireAdmin } from "~/server/auth/session-user.server";

export const meta: MetaFunction = () => [{ title: "Admin – Hundpass" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  return null;
}

export default function AdminLayout() {
  return <Outlet />;
}
