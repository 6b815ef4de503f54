/**
 * /admin/flurre ('Flurre'): what visitors asked Flurre that it could not
 * answer, and the FAQ rows it answers with. Two tabs kept in the URL:
 *
 *   ?flik=obesvarade (the default): the open questions, repeats grouped,
 *     newest first, each with 'Svara med en FAQ-rad' (the FAQ tab with
 *     `&svara=ID`: the form filled with the question; saving the row marks the
 *     question handled) and 'Markera som hanterad' (intent dismiss).
 *   ?flik=faq: the FAQ form (a new row, `&rad=ID` to edit one) and the rows,
 *     newest first. Deleting asks first: `&atgard=ta-bort&rad=ID` is that step
 *     without JavaScript, a dialog with it; both post intent delete.
 *   ?flik=prova&fraga=…: one question through Flurre's declared pipeline,
 *     its answer and the trace of its steps (nothing stored).
 *
 * Every loader and action call checks the admin role itself. The page reads
 * its data in one D1 batch after the signed-in user.
 */
import { parseRowId } from "~/domain/row-id";
import type { SubmissionResult } from "@conform-to/react";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type AppLoadContext,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
  type TypedResponse,
} from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { FAQ_TAB_PATH, faqRowAnchor, type FaqRowView } from "~/components/admin-flurre-faq-list";
import { FaqTab, type FaqTabData } from "~/components/admin-flurre-faq-tab";
import { TRY_TAB, TryQuestion, type TryTabView } from "~/components/admin-flurre-try";
import { UNANSWERED_TAB_PATH, UnansweredList, type UnansweredGroupView } from "~/components/admin-flurre-unanswered";
import { Toaster } from "~/components/toaster";
import { FLURRE_ADMIN_PATH, FLURRE_ADMIN_TEXTS as T, FLURRE_ADMIN_TOASTS as TOASTS } from "~/domain/admin-flurre-texts";
import { FLURRE_QUESTION_MAX_LENGTH } from "~/domain/flurre/answer";
import { ANSWERABLE } from "~/domain/flurre/decide";
import { formatFaqLinks, isSitePath, readFaqLinks } from "~/domain/flurre-faq-links";
import { FlurreFaqSchema, type FlurreFaqValues } from "~/domain/schemas/flurre-faq";
import { formatDateTime } from "~/domain/time";
import type { ToastView } from "~/domain/toast";
import type { Actor } from "~/server/audit/audit-log.server";
import { requireAdmin } from "~/server/auth/signed-in-user.server";
import { createFaq, deleteFaq, readFaqTab, updateFaq, type FaqView } from "~/server/flurre/faq.server";
import { traceFlurreQuestion } from "~/server/flurre/pipeline.server";
import { dismissUnanswered, openUnansweredCount, readUnanswered, type UnansweredGroup } from "~/server/flurre/unanswered-admin.server";
import { handleForm, withIntents, type FormRefusal } from "~/server/forms/form-action.server";
import { createOnce, isClaimConflict, newFormKey, withFormKey, type FormClaim } from "~/server/forms/form-claim.server";
import { noStoreHeaders } from "~/server/public/cache.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import flurreStyles from "~/styles/admin-flurre.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: flurreStyles }];

export const meta: MetaFunction = () => [{ title: `${T.heading} – Admin – Hundpass` }, { name: "robots", content: "noindex" }];

type FlurreTab = "obesvarade" | "faq" | typeof TRY_TAB;

function parseTab(value: string | null): FlurreTab {
  return value === "faq" || value === TRY_TAB ? value : "obesvarade";
}


function groupView(group: UnansweredGroup): UnansweredGroupView {
  return {
    id: group.id,
    question: group.question,
    count: group.count,
    lastAskedAt: group.lastAskedAt,
    lastAskedLabel: formatDateTime(group.lastAskedAt),
    page: group.page,
    pageHref: group.page !== null && isSitePath(group.page) ? group.page : null,
  };
}

function rowView(row: FaqView): FaqRowView {
  return {
    id: row.id,
    question: row.question,
    answer: row.answer,
    links: readFaqLinks(row.linksJson),
    updatedAt: row.updatedAt,
    updatedLabel: formatDateTime(row.updatedAt),
  };
}

interface UnansweredTabData {
  tab: "obesvarade";
  groups: UnansweredGroupView[] | null;
  total: number;
}

interface TryTabData extends TryTabView {
  tab: typeof TRY_TAB;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const url = new URL(request.url);
  const tab = parseTab(url.searchParams.get("flik"));
  const headers = noStoreHeaders;
  let toast: ToastView | null = null;

  if (tab === TRY_TAB) {
    const question = (url.searchParams.get("fraga") ?? "").trim().slice(0, FLURRE_QUESTION_MAX_LENGTH);
    let page: TryTabData = { tab, question, traced: null, threshold: ANSWERABLE };
    let openCount: number | null = null;
    try {
      const [traced, open] = await Promise.all([question ? traceFlurreQuestion(context, question) : null, openUnansweredCount(context)]);
      page = { ...page, traced };
      openCount = open;
    } catch (error) {
      console.error("admin/flurre: could not try a question", error);
      toast = TOASTS.loadFailed;
    }
    return data({ page, openCount, toast }, { headers });
  }

  if (tab === "obesvarade") {
    let openCount: number | null = null;
    let page: UnansweredTabData = { tab, groups: null, total: 0 };
    try {
      const { openCount: open, groups, total } = await readUnanswered(context);
      openCount = open;
      page = { tab, groups: groups.map(groupView), total };
    } catch (error) {
      console.error("admin/flurre: could not read the unanswered questions", error);
      toast = TOASTS.loadFailed;
    }
    return data({ page, openCount, toast }, { headers });
  }

  const rowId = parseRowId(url.searchParams.get("rad"));
  const answerId = rowId === null ? parseRowId(url.searchParams.get("svara")) : null;
  const deleting = rowId !== null && url.searchParams.get("atgard") === "ta-bort";
  const savedId = parseRowId(url.searchParams.get("sparad"));
  let openCount: number | null = null;
  let list: { rows: FaqView[]; more: boolean } | null = null;
  let row: FaqView | null = null;
  let group: UnansweredGroup | null = null;
  try {
    ({ openCount, list, row, group } = await readFaqTab(context, { rowId, answerId }));
  } catch (error) {
    console.error("admin/flurre: could not read the FAQ rows", error);
    toast = TOASTS.loadFailed;
  }
  if (list !== null && rowId !== null && row === null) {
    throw await redirectWithToast(context, FAQ_TAB_PATH, TOASTS.faqNotFound);
  }
  if (list !== null && answerId !== null && group === null) {
    throw await redirectWithToast(context, UNANSWERED_TAB_PATH, TOASTS.questionNotFound);
  }
  const editing = deleting ? null : row;
  const page: FaqTabData = {
    tab,
    rows: list?.rows.map(rowView) ?? null,
    more: list?.more ?? false,
    editId: editing?.id ?? null,
    answering: group ? { id: group.id, count: group.count } : null,
    formDefaults: {
      question: editing?.question ?? group?.question ?? "",
      answer: editing?.answer ?? "",
      links: editing ? formatFaqLinks(readFaqLinks(editing.linksJson)) : "",
    },
    formKey: `${editing?.id ?? "ny"}:${group?.id ?? ""}:${savedId ?? ""}`,
    createKey: editing ? null : newFormKey(),
    savedId,
    confirmDelete: deleting && row ? { id: row.id, question: row.question } : null,
  };
  return data({ page, openCount, toast }, { headers });
}

const savedHref = (id: number) => `${FAQ_TAB_PATH}&sparad=${id}#${faqRowAnchor(id)}`;

/** The page's forms: the FAQ form (new, an answer to a question, or an edit), and the row buttons. */
const parseForms = withFormKey(
  withIntents({
    save: z.intersection(FlurreFaqSchema, z.object({ id: z.string().optional(), unanswered: z.string().optional() })),
    delete: z.object({ id: z.string() }),
    dismiss: z.object({ id: z.string() }),
  }),
);

export async function action(args: ActionFunctionArgs) {
  const { request, context } = args;
  const user = await requireAdmin(context, request);
  const actor: Actor = { userId: user.userId, email: user.email };
  const faqGone = () => redirectWithToast(context, FAQ_TAB_PATH, TOASTS.faqNotFound);
  const questionGone = () => redirectWithToast(context, UNANSWERED_TAB_PATH, TOASTS.questionNotFound);
  return handleForm<ReturnType<typeof parseForms>>(args, {
    // Behind the admin sign-in (checked above) and the cross-site POST check.
    botCheck: false,
    parse: parseForms,
    // The FAQ form shows its errors; a row button that does not parse has nothing to show.
    invalid: (_submission, { intent }) =>
      intent === "save" ? { toast: null } : intent === "delete" ? faqGone() : intent === "dismiss" ? questionGone() : redirect(FLURRE_ADMIN_PATH),
    async run(values, { formKey }) {
      const id = values.id === undefined ? null : parseRowId(values.id);
      if (values.intent === "save") {
        if (values.id !== undefined && id === null) return faqGone();
        const { intent: _intent, id: _id, unanswered, ...faq } = values;
        const answering = id === null && unanswered !== undefined ? parseRowId(unanswered) : null;
        if (id !== null) return saveFaq(context, actor, id, answering, faq);
        // A new row is stored once per form drawn; a repeated post answers as the first did.
        return createOnce<TypedResponse<never> | FormRefusal>(context, formKey, "flurre-faq", {
          create: (claim) => saveFaq(context, actor, null, answering, faq, claim),
          again: (createdId) => faqCreated(context, Number(createdId), answering),
        });
      }
      if (values.intent === "delete") return id === null ? faqGone() : removeFaq(context, actor, id);
      return id === null ? questionGone() : dismissQuestion(context, actor, id);
    },
  });
}

/** The answer to a new row stored: the row on the list, or back to the questions when it answered one. */
function faqCreated(context: AppLoadContext, id: number, answering: number | null) {
  return answering === null
    ? redirectWithToast(context, savedHref(id), TOASTS.created)
    : redirectWithToast(context, UNANSWERED_TAB_PATH, TOASTS.createdAnswering);
}

async function saveFaq(
  context: AppLoadContext,
  actor: Actor,
  id: number | null,
  answering: number | null,
  values: FlurreFaqValues,
  claim: FormClaim | null = null,
): Promise<TypedResponse<never> | FormRefusal> {
  try {
    if (id === null) {
      const created = await createFaq(context, actor, values, { answering, claim });
      return faqCreated(context, created.id, answering);
    }
    const outcome = await updateFaq(context, actor, id, values);
    switch (outcome.status) {
      case "updated":
        return redirectWithToast(context, savedHref(id), TOASTS.updated);
      case "unchanged":
        return redirectWithToast(context, savedHref(id), TOASTS.unchanged);
      case "not-found":
        return redirectWithToast(context, FAQ_TAB_PATH, TOASTS.faqNotFound);
    }
  } catch (error) {
    // Another post of the same new row's form got there first: answered as that one was.
    if (isClaimConflict(error)) throw error;
    console.error("admin/flurre: could not save an FAQ row", error);
    return { status: 500, toast: TOASTS.saveFailed };
  }
}

async function removeFaq(context: AppLoadContext, actor: Actor, id: number) {
  try {
    const outcome = await deleteFaq(context, actor, id);
    return redirectWithToast(context, FAQ_TAB_PATH, outcome.status === "deleted" ? TOASTS.deleted : TOASTS.faqNotFound);
  } catch (error) {
    console.error(`admin/flurre: could not delete FAQ row ${id}`, error);
    return redirectWithToast(context, FAQ_TAB_PATH, TOASTS.deleteFailed);
  }
}

async function dismissQuestion(context: AppLoadContext, actor: Actor, id: number) {
  try {
    const outcome = await dismissUnanswered(context, actor, id);
    return redirectWithToast(context, UNANSWERED_TAB_PATH, outcome.status === "done" ? TOASTS.dismissed : TOASTS.questionNotFound);
  } catch (error) {
    console.error(`admin/flurre: could not mark question ${id} handled`, error);
    return redirectWithToast(context, UNANSWERED_TAB_PATH, TOASTS.dismissFailed);
  }
}

type PageActionData = { result: SubmissionResult<string[]>; toast: ToastView | null };

export default function AdminFlurre() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as PageActionData | undefined;
  const page = loaded.page as UnansweredTabData | FaqTabData | TryTabData;
  const tabLink = (tab: FlurreTab, label: string) => (
    <Link to={`${FLURRE_ADMIN_PATH}?flik=${tab}`} aria-current={page.tab === tab ? "page" : undefined}>
      {label}
    </Link>
  );
  const unansweredLabel = loaded.openCount ? `${T.tabUnanswered} (${loaded.openCount})` : T.tabUnanswered;
  return (
    <section className="admin-page flurre-admin-page">
      <Toaster page toast={actionData?.toast ?? loaded.toast} />
      <p className="admin-back">
        <Link to="/admin" className="back-link">
          ← {T.backToAdmin}
        </Link>
      </p>
      <h1>{T.heading}</h1>
      <p className="flurre-admin-intro">{T.intro}</p>
      <nav className="view-toggle flurre-admin-tabs" aria-label={T.tabsLabel}>
        {tabLink("obesvarade", unansweredLabel)}
        {tabLink("faq", T.tabFaq)}
        {tabLink(TRY_TAB, T.tabTry)}
      </nav>
      {page.tab === "obesvarade" ? (
        page.groups === null ? null : (
          <UnansweredList groups={page.groups} total={page.total} />
        )
      ) : page.tab === TRY_TAB ? (
        <TryQuestion view={page} />
      ) : (
        <FaqTab page={page} result={actionData?.result ?? null} />
      )}
    </section>
  );
}
