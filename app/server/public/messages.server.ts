/**
 * Storing what visitors send from the public forms and telling the trainers:
 * the row goes to D1 first, then an e-mail to ADMIN_EMAIL is queued in the
 * outbox and delivered after the response. Returns false (and logs) when
 * either step fails, so the page can show its failure toast.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { normalizePhone, type ContactValues, type ProblemReportValues } from "~/domain/schemas";
import { schema } from "../db/client.server";
import { scheduleDrain, sendEmail } from "../email/send-email.server";
import { contactMail, problemReportMail, type AdminMail, type ContactSource } from "~/domain/mail/trainers";

async function mailTrainers(
  context: AppLoadContext,
  mail: AdminMail,
  replyTo: string,
  idempotencyKey: string,
): Promise<boolean> {
  const sent = await sendEmail(context, {
    ...mail,
    to: context.config.ADMIN_EMAIL,
    replyTo,
    idempotencyKey,
  });
  if (sent.status === "failed") return false;
  scheduleDrain(context, [sent.id]);
  return true;
}

/** A contact message from /om, or a question for Flurre from /flurre (same table). */
export async function submitContactMessage(
  context: AppLoadContext,
  values: ContactValues,
  source: ContactSource,
): Promise<boolean> {
  try {
    const [row] = await context.db
      .insert(schema.contactMessages)
      .values({ name: values.name, email: values.email, message: values.message })
      .returning({ id: schema.contactMessages.id });
    if (!row) throw new Error("insert returned no row");
    return await mailTrainers(context, contactMail(values, source), values.email, `contact-message:${row.id}`);
  } catch (error) {
    console.error(`could not store the ${source} message`, error);
    return false;
  }
}

export async function submitProblemReport(context: AppLoadContext, values: ProblemReportValues): Promise<boolean> {
  try {
    const [row] = await context.db
      .insert(schema.problemReports)
      .values({
        userName: values.user_name,
        userEmail: values.user_email,
        // Stored without spaces and dashes: the column allows 30 characters.
        userPhone: normalizePhone(values.user_phone),
        message: values.message,
        needsHelp: values.needs_help,
      })
      .returning({ id: schema.problemReports.id });
    if (!row) throw new Error("insert returned no row");
    return await mailTrainers(context, problemReportMail(values), values.user_email, `problem-report:${row.id}`);
  } catch (error) {
    console.error("could not store the problem report", error);
    return false;
  }
}
