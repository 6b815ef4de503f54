/**
 * What /admin/utskick's action does with each form once it has parsed: save
 * a campaign draft, save a subscriber's segments, rename a segment, and the
 * confirmed campaign actions (send, test, duplicate, stop, delete). Each
 * answers as the page needs it: a redirect with a toast, the form again with
 * its errors, or a confirmation step's own refusal (`ActionError`). The route
 * parses and calls; the work is in the modules these call.
 */
import { data, type AppLoadContext, type TypedResponse } from "@remix-run/cloudflare";
import {
  CAMPAIGN_ACTION_FAILED,
  CAMPAIGN_FORM_TEXTS,
  CAMPAIGN_NOT_STARTED,
  CAMPAIGN_SEND_TEXTS,
  CAMPAIGN_TOASTS,
  SEGMENT_NAME_TEXTS,
  SEGMENT_TEXTS,
  SEGMENT_TOASTS,
  joinNames,
  type CampaignAction,
} from "~/domain/newsletter/admin-texts";
import { audienceLabel, UTSKICK_PATH, type CampaignActionError } from "~/domain/newsletter/campaign-view";
import { FORM_KEY_TEXTS } from "~/domain/form-key";
import type { CampaignValues } from "~/domain/schemas/campaign";
import type { SegmentNameValues } from "~/domain/schemas/segment-name";
import type { SubscriberSaveValues } from "~/domain/schemas/subscriber";
import type { ToastView } from "~/domain/toast";
import type { Actor } from "../audit/audit-log.server";
import type { FormRefusal } from "../forms/form-action.server";
import { createOnce, isClaimConflict, type FormClaim } from "../forms/form-claim.server";
import { redirectWithToast } from "../platform/toast.server";
import { noStoreHeaders } from "../public/cache.server";
import { sendCampaignAsStaff, sendCampaignTest, stopCampaignAsStaff } from "./campaign-admin.server";
import { deleteCampaign, duplicateCampaign, saveCampaign } from "./campaigns.server";
import { readSegmentNames, renameSegment } from "./segment-names.server";
import { saveSubscriberSegments } from "./segments.server";

/** A confirmation step's own refusal, shown in that step. */
export type ActionError = { actionError: CampaignActionError };

/** What a post answers: a redirect, the form again, or a confirmation step's refusal. */
export type UtskickAnswer = TypedResponse<never> | FormRefusal | ReturnType<typeof data<ActionError>>;

export const segmentTabHref = (email?: string) =>
  `${UTSKICK_PATH}?flik=segment${email ? `&epost=${encodeURIComponent(email)}` : ""}`;

/** The answer to a new campaign saved: its draft in the form, with the saved toast. */
export function savedNew(context: AppLoadContext, id: number) {
  return redirectWithToast(context, `${UTSKICK_PATH}?sparad=${id}&utkast=ny`, CAMPAIGN_TOASTS.saved);
}

/** A confirmation form's fields refused: its errors shown in that form. */
export function refused(action: CampaignAction, id: number, error: Record<string, string[] | null> | null | undefined) {
  const errors = Object.values(error ?? {}).flat().filter((e): e is string => !!e);
  return data<ActionError>({ actionError: { action, id, errors } }, { status: 400, headers: noStoreHeaders });
}

/** A new campaign (`id` null, once per form drawn with `claim`) or a draft saved. */
export async function saveDraft(
  context: AppLoadContext,
  id: number | null,
  values: CampaignValues,
  claim: FormClaim | null = null,
): Promise<TypedResponse<never> | FormRefusal> {
  let outcome;
  try {
    outcome = await saveCampaign(context, values, id, new Date(), claim);
  } catch (error) {
    // Another post of the same new campaign's form got there first: answered as that one was.
    if (isClaimConflict(error)) throw error;
    console.error("admin/utskick: could not save a campaign", error);
    return { status: 500, toast: CAMPAIGN_TOASTS.saveFailed };
  }
  switch (outcome.status) {
    case "saved":
      return id === null ? savedNew(context, outcome.id) : redirectWithToast(context, `${UTSKICK_PATH}?sparad=${outcome.id}`, CAMPAIGN_TOASTS.saved);
    case "not-draft":
      return { status: 409, formErrors: [CAMPAIGN_FORM_TEXTS.notEditable], toast: CAMPAIGN_TOASTS.saveFailed };
    case "not-found":
      return redirectWithToast(context, UTSKICK_PATH, CAMPAIGN_TOASTS.notFound);
  }
}

export async function saveSegments(
  context: AppLoadContext,
  actor: Actor,
  values: SubscriberSaveValues,
  add: boolean,
): Promise<TypedResponse<never> | FormRefusal> {
  let outcome;
  try {
    outcome = await saveSubscriberSegments(context, actor, values, { add });
  } catch (error) {
    console.error("admin/utskick: could not save a subscriber's segments", error);
    return { status: 500, toast: SEGMENT_TOASTS.saveFailed };
  }
  if (outcome.status === "not-found") return { status: 404, formErrors: [SEGMENT_TEXTS.noSubscriber] };
  if (outcome.status === "suppressed") return { status: 409, formErrors: [SEGMENT_TEXTS.suppressed] };
  return redirectWithToast(context, segmentTabHref(values.email), SEGMENT_TOASTS.saved);
}

/** A segment's name saved (audited); a name another segment has is refused in that segment's form. */
export async function saveSegmentName(
  context: AppLoadContext,
  actor: Actor,
  values: SegmentNameValues,
): Promise<TypedResponse<never> | FormRefusal> {
  let outcome;
  try {
    outcome = await renameSegment(context, actor, values);
  } catch (error) {
    console.error("admin/utskick: could not rename a segment", error);
    return { status: 500, toast: SEGMENT_TOASTS.saveFailed };
  }
  if (outcome.status === "taken") return { status: 409, fieldErrors: { display_name: [SEGMENT_NAME_TEXTS.taken] } };
  return redirectWithToast(context, segmentTabHref(), SEGMENT_TOASTS.saved);
}

export type CampaignActionValues =
  | { intent: "send"; target: string; again?: boolean }
  | { intent: "test"; email: string }
  | { intent: "duplicate" | "stop" | "delete" };

/** A campaign card's confirmed action, answered with a toast back on the list (or the send step's refusal). */
export async function campaignAction(
  context: AppLoadContext,
  actor: Actor,
  id: number,
  values: CampaignActionValues,
  formKey: string | null,
): Promise<UtskickAnswer> {
  const back = (toast: ToastView) => redirectWithToast(context, UTSKICK_PATH, toast);
  const action = values.intent;
  try {
    switch (values.intent) {
      case "send": {
        const outcome = await sendCampaignAsStaff(context, actor, { campaignId: id, target: values.target, again: values.again === true });
        if (outcome.ok) return back(CAMPAIGN_TOASTS.sendStarted(outcome.recipients));
        if (outcome.reason === "already-sent") {
          // A second send to the same people is asked about again, in the step, with the box to tick.
          const names = await readSegmentNames(context);
          const sentTo = joinNames(outcome.sentTo.map((audience) => audienceLabel(audience, names)));
          return refused("send", id, { again: [CAMPAIGN_SEND_TEXTS.againRequired(sentTo)] });
        }
        return back(CAMPAIGN_NOT_STARTED[outcome.reason]);
      }
      case "test": {
        const sent = await sendCampaignTest(context, id, values.email);
        if (sent === "not-found") return back(CAMPAIGN_TOASTS.notFound);
        if (sent === "limited") return back(CAMPAIGN_TOASTS.testLimited);
        if (sent === "failed") return back(CAMPAIGN_TOASTS.testFailed);
        return back(CAMPAIGN_TOASTS.testSent);
      }
      case "duplicate": {
        // One copy per page drawn: a repeated post answers as the first did; one without a key makes none.
        if (formKey === null) return back({ ...CAMPAIGN_TOASTS.duplicateFailed, description: FORM_KEY_TEXTS.missing });
        return await createOnce<TypedResponse<never> | FormRefusal>(context, formKey, "campaign-copy", {
          async create(claim) {
            const outcome = await duplicateCampaign(context, id, new Date(), claim);
            return back(outcome.status === "done" ? CAMPAIGN_TOASTS.duplicated : CAMPAIGN_TOASTS.notFound);
          },
          again: () => back(CAMPAIGN_TOASTS.duplicated),
        });
      }
      case "stop": {
        const outcome = await stopCampaignAsStaff(context, actor, id);
        return back(outcome.stopped ? CAMPAIGN_TOASTS.stopped : CAMPAIGN_TOASTS.stopFailed);
      }
      case "delete": {
        const outcome = await deleteCampaign(context, actor, id);
        if (outcome.status === "sending") return back(CAMPAIGN_TOASTS.deleteWhileSending);
        return back(outcome.status === "done" ? CAMPAIGN_TOASTS.deleted : CAMPAIGN_TOASTS.notFound);
      }
    }
  } catch (error) {
    console.error(`admin/utskick: ${action} of campaign ${id} failed`, error);
    return back(CAMPAIGN_ACTION_FAILED[action]);
  }
}
