/**
 * /dev/mail/:id/attachment/:index: downloads one attachment of an outbox
 * message with its own content type. Only with DEV_MAILBOX=true.
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getDevMail } from "~/server/email/dev-mailbox.server";

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const { attachments } = await getDevMail(context, request, params.id ?? "");
  const attachment = /^\d+$/.test(params.index ?? "") ? attachments[Number(params.index)] : undefined;
  if (!attachment) throw new Response("Not Found", { status: 404 });
  return new Response(attachment.content, {
    headers: {
      "Content-Type": attachment.contentType,
      "Content-Disposition": `attachment; filename*=UTF-8''${encodeURIComponent(attachment.filename)}`,
      // An attachment is untrusted content served from the app's origin.
      "Content-Security-Policy": "sandbox",
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "no-store",
    },
  });
}
