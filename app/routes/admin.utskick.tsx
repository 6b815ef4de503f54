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
 * The send step also shows, for every choice of recipients, how many a send
 * would reach now and whether the campaign already went there (a second send
 * asks for a ticked box), and the mail as a subscriber sees it.
 *
 * Segments: the counts per segment, the segments' names (staff rename them
 * here), the search by address (`?epost=`), and the segments form of the
 * subscriber found or the form that adds the address.
 *
 * Every loader and action call checks the admin role itself. The page reads
 * its data in one D1 batch after the signed-in user (the send step one more).
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
import type { CampaignFormValues } from "~/components/admin-campaign-form";
import { CampaignsTab, SegmentsTab, type CampaignTabData, type SegmentTabData } from "~/components/admin-utskick-tabs";
import { Toaster } from "~/components/toaster";
import { CampaignTestSchema, campaignSendSchema } from "~/domain/newsletter/campaign-action-schemas";
import { CAMPAIGN_FORM_TEXTS, CAMPAIGN_TOASTS, UTSKICK_TEXTS as T } from "~/domain/newsletter/admin-texts";
import {
  actionDisabled,
  campaignActions,
  parseAction,
  parseCampaignId,
  parseTab,
  UTSKICK_PATH,
  type CampaignCardView,
  type UtskickTab,
} from "~/domain/newsletter/campaign-view";
import { segmentSet, type SegmentSet } from "~/domain/newsletter/segments";
import { campaignSchema } from "~/domain/schemas/campaign";
import { segmentNameSchema } from "~/domain/schemas/segment-name";
import { subscriberSaveSchema } from "~/domain/schemas/subscriber";
import { formatDateTime } from "~/domain/time";
import type { ToastView } from "~/domain/toast";
import { requireAdmin } from "~/server/auth/signed-in-user.server";
import type { Actor } from "~/server/audit/audit-log.server";
import { handleForm, withIntents, type FormRefusal } from "~/server/forms/form-action.server";
import { createOnce, newFormKey, withFormKey } from "~/server/forms/form-claim.server";
import { readCampaigns, readSegmentTab } from "~/server/newsletter/campaign-admin.server";
import type { CampaignView } from "~/server/newsletter/campaigns.server";
import { readSendStep } from "~/server/newsletter/send-step.server";
import {
  campaignAction,
  refused,
  saveDraft,
  saveSegmentName,
  saveSegments,
  savedNew,
  type ActionError,
  type UtskickAnswer,
} from "~/server/newsletter/utskick-actions.server";
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
    const { toast, counts, names, search } = await readSegmentTab(context, segments, url.searchParams.get("epost"));
    const page: SegmentTabData = { tab, counts, search };
    return data({ ...common, names, page, toast }, { headers });
  }

  const editId = parseCampaignId(url.searchParams.get("kampanj"));
  const action = parseAction(url.searchParams.get("atgard"));
  const saved = parseCampaignId(url.searchParams.get("sparad"));
  const { list, target, names } = (await readCampaigns(context, editId)) ?? { list: null, target: null, names: {} };
  const toast = list === null ? CAMPAIGN_TOASTS.loadFailed : null;
  if (editId !== null && list !== null && target === null) {
    throw await redirectWithToast(context, UTSKICK_PATH, CAMPAIGN_TOASTS.notFound);
  }
  let confirm: CampaignTabData["confirm"] = null;
  let editing: CampaignView | null = null;
  let note: string | null = null;
  if (target && action) {
    const allowed = campaignActions(target.status).actions.includes(action) && !actionDisabled(action, target.status);
    // The send step reads whom each choice reaches, and renders the mail for its preview.
    const send = allowed && action === "send" ? await readSendStep(context, target, segments, names) : null;
    if (allowed && action === "send" && send === null) throw await redirectWithToast(context, UTSKICK_PATH, CAMPAIGN_TOASTS.loadFailed);
    if (allowed) confirm = { action, campaign: cardView(target), send };
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
  return data({ ...common, names, page, toast }, { headers });
}

/** The page's forms: the campaign form, the segment forms, and each campaign card's confirmed actions. */
function parseForms(context: AppLoadContext) {
  const options = pageOptions(context);
  const Id = z.object({ id: z.string() });
  return withIntents({
    save: z.intersection(campaignSchema(options), z.object({ id: z.string().optional() })),
    "save-segments": subscriberSaveSchema(options.segments),
    "rename-segment": segmentNameSchema(options.segments),
    "add-subscriber": subscriberSaveSchema(options.segments),
    send: z.intersection(campaignSendSchema(options.segments), Id),
    test: z.intersection(CampaignTestSchema, Id),
    duplicate: Id,
    stop: Id,
    delete: Id,
  });
}

export async function action(args: ActionFunctionArgs) {
  const { request, context } = args;
  const user = await requireAdmin(context, request);
  const actor: Actor = { userId: user.userId, email: user.email };
  const notFound = () => redirectWithToast(context, UTSKICK_PATH, CAMPAIGN_TOASTS.notFound);
  const parse = withFormKey(parseForms(context));
  return handleForm<ReturnType<typeof parse>, Exclude<UtskickAnswer, FormRefusal>>(args, {
    // Behind the admin sign-in (checked above) and the cross-site POST check.
    botCheck: false,
    parse,
    invalid(submission, { intent }) {
      if (intent === "save" || intent === "save-segments" || intent === "add-subscriber" || intent === "rename-segment") {
        return { toast: null };
      }
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
        case "rename-segment":
          return saveSegmentName(context, actor, values);
        default: {
          const id = parseCampaignId(values.id);
          return id === null ? notFound() : campaignAction(context, actor, id, values, formKey);
        }
      }
    },
  });
}

type PageActionData = ActionError | { result: SubmissionResult<string[]>; toast: ToastView | null };

export default function AdminUtskick() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as PageActionData | undefined;
  const { segments, senders, testAddress, toast, names } = loaded;
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
          names={names}
          senders={senders}
          testAddress={testAddress}
          result={result}
          actionError={actionData && "actionError" in actionData ? actionData.actionError : null}
        />
      ) : (
        <SegmentsTab page={page} segments={segments} names={names} result={result} />
      )}
    </section>
  );
}
