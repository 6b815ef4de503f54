/** The admin area's layout: every child route sits behind the admin guard. */
import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Outlet } from "@remix-run/react";
import { requireAdmin } from "~/server/auth/signed-in-user.server";
import adminStyles from "~/styles/admin.css?url";
import publicStyles from "~/styles/public.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: publicStyles },
  { rel: "stylesheet", href: adminStyles },
];

/** Admin pages carry customers' contact details: never kept by any cache. Child routes inherit it. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: MetaFunction = () => [{ title: "Admin – Hundpass" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  return null;
}

export default function AdminLayout() {
  return <Outlet />;
}
