/**
 * /admin/utskick ('Utskick'): the newsletter's campaigns and segments, two
 * tabs kept in the URL (`?flik=kampanjer`, the default, or `?flik=segment`).
 *
 * Campaigns: the form (a new campaign, or a draft being edited with
 * `?kampanj=ID`), and the saved campaigns newest first with their actions.
 * Each action is behind a confirmation: `?atgard=skicka|testa|duplicera|
 * stoppa|ta-bort&kampanj=ID` is its step without JavaScript, a dialog with it;
 * both post the same form here (intent send, test, duplicate, stop, delete).
 *
 * Segments: the counts per segment, the search by address (`?epost=`), and the
 * segments form of the subscriber found or the form that adds the address.
 *
 * Every loader and action call checks the admin role itself. The page reads
 * its data in one D1 batch after the signed-in user.
 */
import type { SubmissionResult } from "@conform-to/react";
import {
  data,
  type ActionFunctionArgs,
  type AppLoadContext,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
  type TypedResponse,
} from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { UTSKICK_PATH } from "~/components/admin-campaign-actions";
import type { CampaignCardView } from "~/components/admin-campaign-card";
import type { CampaignFormValues } from "~/components/admin-campaign-form";
import {
  CampaignsTab,
  SegmentsTab,
  type CampaignActionError,
  type CampaignTabData,
  type SegmentTabData,
} from "~/components/admin-utskick-tabs";
import { Toaster } from "~/components/toaster";
import { CampaignTestSchema, campaignSendSchema } from "~/domain/newsletter/campaign-action-schemas";
import {
  CAMPAIGN_FORM_TEXTS,
  CAMPAIGN_ACTION_FAILED,
  CAMPAIGN_NOT_STARTED,
  CAMPAIGN_TOASTS,
  SEGMENT_TEXTS,
  SEGMENT_TOASTS,
  UTSKICK_TEXTS as T,
  type CampaignAction,
} from "~/domain/newsletter/admin-texts";
import {
  actionDisabled,
  campaignActions,
  parseAction,
  parseCampaignId,
  parseTab,
  type UtskickTab,
} from "~/domain/newsletter/campaign-view";
import { segmentSet, type SegmentSet } from "~/domain/newsletter/segments";
import { campaignSchema, type CampaignValues } from "~/domain/schemas/campaign";
import { subscriberSaveSchema, type SubscriberSaveValues } from "~/domain/schemas/subscriber";
import { FORM_KEY_TEXTS } from "~/domain/form-key";
import { formatDateTime } from "~/domain/time";
import type { ToastView } from "~/domain/toast";
import { requireAdmin } from "~/server/auth/signed-in-user.server";
import type { Actor } from "~/server/audit/audit-log.server";
import { handleForm, withIntents, type FormRefusal } from "~/server/forms/form-action.server";
import { createOnce, isClaimConflict, newFormKey, withFormKey, type FormClaim } from "~/server/forms/form-claim.server";
import {
  readCampaigns,
  readSegmentTab,
  sendCampaignAsStaff,
  sendCampaignTest,
  stopCampaignAsStaff,
} from "~/server/newsletter/campaign-admin.server";
import { deleteCampaign, duplicateCampaign, saveCampaign, type CampaignView } from "~/server/newsletter/campaigns.server";
import { saveSubscriberSegments } from "~/server/newsletter/segments.server";
import { noStoreHeaders } from "~/server/public/cache.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import utskickStyles from "~/styles/admin-utskick.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: utskickStyles }];

export const meta: MetaFunction = () => [{ title: `${T.heading} – Admin – Hundpass` }, { name: "robots", content: "noindex" }];

function pageOptions(context: AppLoadContext) {
  return {
    segments: segmentSet(context.config.NEWSLETTER_PERSONAL_SEGMENT),
    senders: context.config.NEWSLETTER_SENDERS,
  };
}

const segmentTabHref = (email?: string) =>
  `${UTSKICK_PATH}?flik=segment${email ? `&epost=${encodeURIComponent(email)}` : ""}`;

function formValues(campaign: CampaignView | null, segments: SegmentSet, senders: readonly string[]): CampaignFormValues {
  return {
    campaign_name: campaign?.campaignName ?? "",
    subject: campaign?.subject ?? "",
    subheader: campaign?.subheader ?? "",
    html_content: campaign?.htmlContent ?? "",
    image_url: campaign?.imageUrl ?? "",
    button_text: campaign?.buttonText ?? "",
    button_url: campaign?.buttonUrl ?? "",
    from_email: campaign?.fromEmail ?? senders[0] ?? "",
    target_segment: campaign?.targetSegment ?? segments.personal,
    footer_line1: campaign?.footerLine1 ?? "",
    footer_line2: campaign?.footerLine2 ?? "",
  };
}

// Only what the card shows goes to the page (not the body, nor the footer lines).
function cardView(c: CampaignView): CampaignCardView {
  const { id, campaignName, subject, status, sentCount, delivered, bounced, complained, targetSegment, fromEmail } = c;
  return { id, campaignName, subject, status, sentCount, delivered, bounced, complained, targetSegment, fromEmail, createdLabel: formatDateTime(c.createdAt) };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAdmin(context, request);
  const url = new URL(request.url);
  const tab = parseTab(url.searchParams.get("flik"));
  const { segments, senders } = pageOptions(context);
  const common = { segments, senders, testAddress: user.email };
  const headers = noStoreHeaders;

  if (tab === "segment") {
    const { toast, counts, search } = await readSegmentTab(context, segments, url.searchParams.get("epost"));
    const page: SegmentTabData = { tab, counts, search };
    return data({ ...common, page, toast }, { headers });
  }

  const editId = parseCampaignId(url.searchParams.get("kampanj"));
  const action = parseAction(url.searchParams.get("atgard"));
  const saved = parseCampaignId(url.searchParams.get("sparad"));
  const { list, target } = (await readCampaigns(context, editId)) ?? { list: null, target: null };
  const toast = list === null ? CAMPAIGN_TOASTS.loadFailed : null;
  if (editId !== null && list !== null && target === null) {
    throw await redirectWithToast(context, UTSKICK_PATH, CAMPAIGN_TOASTS.notFound);
  }
  let confirm: CampaignTabData["confirm"] = null;
  let editing: CampaignView | null = null;
  let note: string | null = null;
  if (target && action) {
    const allowed = campaignActions(target.status).actions.includes(action) && !actionDisabled(action, target.status);
    if (allowed) confirm = { action, campaign: cardView(target) };
  } else if (target) {
    if (campaignActions(target.status).editable) editing = target;
    else note = CAMPAIGN_FORM_TEXTS.notEditable;
  }
  const page: CampaignTabData = {
    tab,
    campaigns: list?.map(cardView) ?? null,
    editId: editing?.id ?? null,
    formDefaults: formValues(editing, segments, senders),
    formKey: `${editing?.id ?? "ny"}:${saved ?? ""}`,
    createKey: editing ? null : newFormKey(),
    copyKey: newFormKey(),
    savedDraft: saved === null ? null : url.searchParams.get("utkast") === "ny" ? "ny" : saved,
    note,
    confirm,
  };
  return data({ ...common, page, toast }, { headers });
}

type ActionError = { actionError: CampaignActionError };

/** The page's forms: the campaign form, the segment forms, and each campaign card's confirmed actions. */
function parseForms(context: AppLoadContext) {
  const options = pageOptions(context);
  const Id = z.object({ id: z.string() });
  return withIntents({
    save: z.intersection(campaignSchema(options), z.object({ id: z.string().optional() })),
    "save-segments": subscriberSaveSchema(options.segments),
    "add-subscriber": subscriberSaveSchema(options.segments),
    send: z.intersection(campaignSendSchema(options.segments), Id),
    test: z.intersection(CampaignTestSchema, Id),
    duplicate: Id,
    stop: Id,
    delete: Id,
  });
}

type Answer = TypedResponse<never> | ReturnType<typeof data<ActionError>>;

export async function action(args: ActionFunctionArgs) {
  const { request, context } = args;
  const user = await requireAdmin(context, request);
  const actor: Actor = { userId: user.userId, email: user.email };
  const notFound = () => redirectWithToast(context, UTSKICK_PATH, CAMPAIGN_TOASTS.notFound);
  const parse = withFormKey(parseForms(context));
  return handleForm<ReturnType<typeof parse>, Answer>(args, {
    // Behind the admin sign-in (checked above) and the cross-site POST check.
    botCheck: false,
    parse,
    invalid(submission, { intent }) {
      if (intent === "save" || intent === "save-segments" || intent === "add-subscriber") return { toast: null };
      const id = parseCampaignId(submission.payload.id);
      // A confirmation's own fields (the audience, the test address) are refused in that confirmation.
      if ((intent === "send" || intent === "test") && id !== null && submission.status === "error") {
        return refused(intent, id, submission.error);
      }
      return notFound();
    },
    async run(values, { formKey }) {
      switch (values.intent) {
        case "save": {
          const { intent: _intent, id: rawId, ...campaign } = values;
          if (rawId === undefined) {
            // A new campaign is saved once per form drawn; a repeated post answers as the first did.
            return createOnce<TypedResponse<never> | FormRefusal>(context, formKey, "campaign", {
              create: (claim) => saveDraft(context, null, campaign, claim),
              again: (id) => savedNew(context, Number(id)),
            });
          }
          const id = parseCampaignId(rawId);
          return id === null ? notFound() : saveDraft(context, id, campaign);
        }
        case "save-segments":
        case "add-subscriber": {
          const { intent, ...subscriber } = values;
          return saveSegments(context, actor, subscriber, intent === "add-subscriber");
        }
        default: {
          const id = parseCampaignId(values.id);
          return id === null ? notFound() : campaignAction(context, actor, id, values, formKey);
        }
      }
    },
  });
}

/** The answer to a new campaign saved: its draft in the form, with the saved toast. */
function savedNew(context: AppLoadContext, id: number) {
  return redirectWithToast(context, `${UTSKICK_PATH}?sparad=${id}&utkast=ny`, CAMPAIGN_TOASTS.saved);
}

async function saveDraft(
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

async function saveSegments(
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

/** A confirmation form's fields refused: its errors shown in that form. */
function refused(action: CampaignAction, id: number, error: Record<string, string[] | null> | null | undefined) {
  const errors = Object.values(error ?? {}).flat().filter((e): e is string => !!e);
  return data<ActionError>({ actionError: { action, id, errors } }, { status: 400, headers: noStoreHeaders });
}

type CampaignActionValues =
  | { intent: "send"; target: string }
  | { intent: "test"; email: string }
  | { intent: "duplicate" | "stop" | "delete" };

async function campaignAction(
  context: AppLoadContext,
  actor: Actor,
  id: number,
  values: CampaignActionValues,
  formKey: string | null,
): Promise<TypedResponse<never> | FormRefusal> {
  const back = (toast: ToastView) => redirectWithToast(context, UTSKICK_PATH, toast);
  const action = values.intent;
  try {
    switch (values.intent) {
      case "send": {
        const outcome = await sendCampaignAsStaff(context, actor, { campaignId: id, target: values.target });
        return back(outcome.ok ? CAMPAIGN_TOASTS.sendStarted(outcome.recipients) : CAMPAIGN_NOT_STARTED[outcome.reason]);
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

type PageActionData = ActionError | { result: SubmissionResult<string[]>; toast: ToastView | null };

export default function AdminUtskick() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as PageActionData | undefined;
  const { segments, senders, testAddress, toast } = loaded;
  const page = loaded.page as CampaignTabData | SegmentTabData;
  const result = actionData && "result" in actionData ? actionData.result : null;
  const tabLink = (tab: UtskickTab, label: string) => (
    <Link to={`${UTSKICK_PATH}?flik=${tab}`} aria-current={page.tab === tab ? "page" : undefined}>
      {label}
    </Link>
  );
  return (
    <section className="admin-page utskick-page">
      <Toaster page toast={(actionData && "toast" in actionData ? actionData.toast : null) ?? toast} />
      <p className="admin-back">
        <Link to="/admin" className="back-link">
          ← {T.backToAdmin}
        </Link>
      </p>
      <h1>{T.heading}</h1>
      <nav className="view-toggle utskick-tabs" aria-label={T.tabsLabel}>
        {tabLink("kampanjer", T.tabCampaigns)}
        {tabLink("segment", T.tabSegments)}
      </nav>
      {page.tab === "kampanjer" ? (
        <CampaignsTab
          page={page}
          segments={segments}
          senders={senders}
          testAddress={testAddress}
          result={result}
          actionError={actionData && "actionError" in actionData ? actionData.actionError : null}
        />
      ) : (
        <SegmentsTab page={page} segments={segments} result={result} />
      )}
    </section>
  );
}
