/** Any path no other route claims: the 404 page. */
import type { MetaFunction } from "@remix-run/cloudflare";
import { NotFoundPage } from "~/components/status-pages";

export const meta: MetaFunction = () => [{ title: "Sidan finns inte – Hundpass" }];

export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return <NotFoundPage />;
}

export function ErrorBoundary() {
  return <NotFoundPage />;
}
