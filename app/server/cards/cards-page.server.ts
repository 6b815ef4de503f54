/**
 * The loader and action of /admin/kort: the products (add, edit on
 * `?produkt=ID`, hide, show), "Registrera sålt kort", and the cards sold
 * (paged with `?sida=`, searched with `?sok=`), each voidable after a
 * confirmation step (`?kort=ID&atgard=sparra`), and an unused one sold over
 * the counter refundable after its own (`?kort=ID&atgard=aterbetala`).
 * Every call checks the admin role itself; every form goes through
 * handleForm, and a form that creates (a product, a card sold) does so once
 * per form drawn (its one-time key).
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type TypedResponse } from "@remix-run/cloudflare";
import { z } from "zod";
import { cardProductSchema, RegisterCardSchema, type CardProductFormValues, type RegisterCardValues } from "~/domain/cards/card-schemas";
import { CARD_MESSAGES as M, CARD_TEXTS as T, CARD_TOASTS as TOASTS, CARDS_PATH, cardBalanceText, cardProductSummary } from "~/domain/cards/card-texts";
import { cardRefundProblem, type CardKind, type CardRefundProblem } from "~/domain/cards/card-terms";
import {
  cardAnchor,
  cardProductView,
  productAnchor,
  soldCardView,
  type CardConfirmStep,
  type CardProductView,
  type ProductFormDefaults,
  type SoldCardView,
} from "~/domain/cards/card-view";
import { formatKr } from "~/domain/price";
import { parseRowId } from "~/domain/row-id";
import type { ToastView } from "~/domain/toast";
import type { Actor } from "../audit/audit-log.server";
import { requireAdmin } from "../auth/signed-in-user.server";
import { handleForm, withIntents, type FormRefusal } from "../forms/form-action.server";
import { createOnce, isClaimConflict, newFormKey, withFormKey, type FormClaim } from "../forms/form-claim.server";
import { redirectWithToast } from "../platform/toast.server";
import { noStoreHeaders } from "../public/cache.server";
import { loadCardsPage, loadSoldCard, loadSoldCardWithLedger, type CardsPageData, type SoldCard } from "./card-list.server";
import { createCardProduct, loadSessionTypeNames, setCardProductHidden, updateCardProduct, type ListedCardProduct } from "./card-products.server";
import { stripeSettings } from "../payments/stripe.server";
import { purgePublicPages } from "../public/page-cache.server";
import { refundCard } from "./refund-card.server";
import { sellCardAtCounter } from "./sell-card.server";
import { voidCard } from "./void-card.server";

const at = (anchor: string) => `${CARDS_PATH}#${anchor}`;

const NEW_PRODUCT: ProductFormDefaults = {
  kind: "klippkort",
  name: "",
  validity_months: "12",
  uses: "",
  price_sek: "",
  session_types: [],
  amounts: "",
  free_min_sek: "",
  free_max_sek: "",
  hidden: "",
  shown_on: "none",
};

function productDefaults(p: ListedCardProduct): ProductFormDefaults {
  const text = (n: number | null) => (n === null ? "" : String(n));
  return {
    kind: p.kind,
    name: p.name,
    validity_months: String(p.validityMonths),
    uses: text(p.uses),
    price_sek: text(p.priceSek),
    session_types: p.sessionTypes,
    amounts: p.amounts.join(", "),
    free_min_sek: text(p.freeMinSek),
    free_max_sek: text(p.freeMaxSek),
    hidden: p.hidden ? "on" : "",
    shown_on: p.shownOn,
  };
}

/** The steps before ending a card, by their `?atgard=`. */
function cardStepOf(atgard: string | null): CardConfirmStep["action"] | null {
  return atgard === "sparra" ? "void" : atgard === "aterbetala" ? "refund" : null;
}

/** What a refund refused says (nothing was written). */
const REFUND_REFUSED: Record<CardRefundProblem, ToastView> = { used: TOASTS.refundUsed, ended: TOASTS.refundEnded, online: TOASTS.refundOnline };

function confirmStepFor(action: CardConfirmStep["action"], card: SoldCard, now: Date, onlineRefunds: boolean): CardConfirmStep {
  if (action === "void") {
    const view = soldCardView(card, now);
    return view.open
      ? { action, id: card.id, question: T.voidQuestion(card.productName, card.codeLast4, cardBalanceText(card.kind, card.usesLeft, card.balanceSek)), refusal: null }
      : { action, id: card.id, question: null, refusal: T.voidEnded };
  }
  const problem = cardRefundProblem(card, card.ledger, now, onlineRefunds);
  if (problem) return { action, id: card.id, question: null, refusal: T.refundRefused[problem] };
  return card.soldVia === "online"
    ? { action, id: card.id, question: T.refundQuestionOnline(card.productName, card.codeLast4, formatKr(card.paidSek)), refusal: null, confirm: T.refundConfirmOnline }
    : { action, id: card.id, question: T.refundQuestion(card.productName, card.codeLast4, formatKr(card.paidSek)), refusal: null };
}

export interface CardsPageView {
  products: CardProductView[] | null;
  /** What "Registrera sålt kort" offers: the products on sale. */
  productOptions: Array<{ id: number; label: string }>;
  sessionTypeNames: string[];
  cards: SoldCardView[] | null;
  total: number;
  page: number;
  pageCount: number;
  search: string;
  editing: { id: number; name: string; kind: CardKind } | null;
  /** The kind of a new product's form (`?ny=presentkort`; a klippkort otherwise). */
  newKind: CardKind;
  /** The step before a void or a refund: its question, or why it cannot be done. */
  confirmStep: CardConfirmStep | null;
  productDefaults: ProductFormDefaults;
  productKey: string;
  registerKey: string;
  toast: ToastView | null;
}

const pageOf = (value: string | null) => {
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
};

export async function cardsPageLoader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const now = new Date();
  const url = new URL(request.url);
  const search = (url.searchParams.get("sok") ?? "").trim().slice(0, 254);
  const newKind: CardKind = url.searchParams.get("ny") === "presentkort" ? "presentkort" : "klippkort";
  const productId = parseRowId(url.searchParams.get("produkt"));
  const step = cardStepOf(url.searchParams.get("atgard"));
  const cardId = step ? parseRowId(url.searchParams.get("kort")) : null;
  // A card bought online is refunded through Stripe: only while payments are on.
  const onlineRefunds = stripeSettings(context) !== null;
  let loaded: CardsPageData | null = null;
  let toast: ToastView | null = null;
  try {
    loaded = await loadCardsPage(context, { page: pageOf(url.searchParams.get("sida")), search });
  } catch (error) {
    console.error("admin/kort: could not read the cards", error);
    toast = TOASTS.loadFailed;
  }
  const editing = productId !== null && loaded ? (loaded.products.find((p) => p.id === productId) ?? null) : null;
  if (loaded && productId !== null && !editing) throw await redirectWithToast(context, CARDS_PATH, TOASTS.productNotFound);
  let confirmStep: CardConfirmStep | null = null;
  if (step && cardId !== null && loaded) {
    const card = await loadSoldCardWithLedger(context, cardId);
    if (!card) throw await redirectWithToast(context, CARDS_PATH, TOASTS.cardNotFound);
    confirmStep = confirmStepFor(step, card, now, onlineRefunds);
  }
  const page: CardsPageView = {
    products: loaded?.products.map(cardProductView) ?? null,
    productOptions: (loaded?.products ?? [])
      .filter((p) => !p.hidden)
      .map((p) => ({ id: p.id, label: T.productOption(p.name, cardProductSummary(p)) })),
    sessionTypeNames: loaded?.sessionTypeNames ?? [],
    cards: loaded?.cards.map((card) => soldCardView(card, now, onlineRefunds)) ?? null,
    total: loaded?.total ?? 0,
    page: loaded?.page ?? 1,
    pageCount: loaded?.pageCount ?? 1,
    search,
    editing: editing ? { id: editing.id, name: editing.name, kind: editing.kind } : null,
    newKind,
    confirmStep,
    productDefaults: editing ? productDefaults(editing) : { ...NEW_PRODUCT, kind: newKind },
    productKey: newFormKey(),
    registerKey: newFormKey(),
    toast,
  };
  return data(page, { headers: noStoreHeaders });
}

type Answer = TypedResponse<never> | FormRefusal;

/** Why a sale was refused, as the register form says it. */
async function sellCard(args: ActionFunctionArgs, actor: Actor, values: RegisterCardValues, claim: FormClaim): Promise<Answer> {
  const { context } = args;
  const outcome = await sellCardAtCounter(context, actor, values, claim);
  switch (outcome.status) {
    case "issued":
      return redirectWithToast(context, at(cardAnchor(outcome.cardId)), TOASTS.cardIssued(outcome.last4, outcome.email));
    case "product-gone":
      return { status: 409, fieldErrors: { product_id: [M.productGone] } };
    case "product-changed":
      return { status: 409, formErrors: [M.productChanged] };
    case "amount":
      return { status: 400, fieldErrors: { amount_sek: [outcome.problem === "missing" ? M.amount : M.amountNotOffered(outcome.product)] } };
    case "over-mail-budget":
      return { status: 429, formErrors: [M.overMailBudget] };
  }
}

async function saveProduct(args: ActionFunctionArgs, actor: Actor, id: number | null, values: CardProductFormValues, claim: FormClaim | null): Promise<Answer> {
  const { context } = args;
  const outcome = id === null ? await createCardProduct(context, actor, values, claim) : await updateCardProduct(context, actor, id, values);
  if (outcome.status === "not-found") return redirectWithToast(context, CARDS_PATH, TOASTS.productNotFound);
  if (outcome.status === "kind-fixed") return { status: 400, formErrors: [M.kindFixed] };
  // The cards on sale are shown on the public pages (/presentkort, the start page, /boka): they are drawn afresh.
  if (outcome.status === "saved") await purgePublicPages(args.request);
  const toast = id === null ? TOASTS.productCreated(values.name) : outcome.status === "unchanged" ? TOASTS.productUnchanged : TOASTS.productUpdated;
  return redirectWithToast(context, at(productAnchor(outcome.id)), toast);
}

/** Runs a change; a failure is logged and said as "Kunde inte spara ändringar" (a racing create is answered as the first). */
async function guarded(what: string, change: () => Promise<Answer>): Promise<Answer> {
  try {
    return await change();
  } catch (error) {
    if (isClaimConflict(error)) throw error;
    console.error(`admin/kort: could not ${what}`, error);
    return { status: 500, toast: TOASTS.failed };
  }
}

export async function cardsPageAction(args: ActionFunctionArgs) {
  const { request, context } = args;
  const user = await requireAdmin(context, request);
  const actor: Actor = { userId: user.userId, email: user.email };
  const sessionTypeNames = await loadSessionTypeNames(context);
  const RowId = z.object({ id: z.string() });
  const parse = withFormKey(
    withIntents({
      product: z.intersection(cardProductSchema(sessionTypeNames), z.object({ id: z.string().optional() })),
      hide: RowId,
      show: RowId,
      register: RegisterCardSchema,
      void: RowId,
      refund: RowId,
    }),
  );
  const back = (toast: ToastView) => redirectWithToast(context, CARDS_PATH, toast);
  return handleForm<ReturnType<typeof parse>>(args, {
    // Behind the admin sign-in (checked above) and the cross-site POST check.
    botCheck: false,
    parse,
    // The two forms show their errors; a row button that does not parse has nothing to show.
    invalid: (_submission, { intent }) =>
      intent === "product" || intent === "register"
        ? { toast: null }
        : back(intent === "void" || intent === "refund" ? TOASTS.cardNotFound : TOASTS.productNotFound),
    async run(value, { formKey }) {
      switch (value.intent) {
        case "product": {
          const { intent: _intent, id: rawId, ...values } = value;
          if (rawId === undefined) {
            return createOnce<Answer>(context, formKey, "card-product", {
              create: (claim) => guarded("add a product", () => saveProduct(args, actor, null, values, claim)),
              again: (createdId) => redirectWithToast(context, at(productAnchor(Number(createdId))), TOASTS.productCreated(values.name)),
            });
          }
          const id = parseRowId(rawId);
          if (id === null) return back(TOASTS.productNotFound);
          return guarded("save a product", () => saveProduct(args, actor, id, values, null));
        }
        case "hide":
        case "show": {
          const id = parseRowId(value.id);
          if (id === null) return back(TOASTS.productNotFound);
          return guarded(`${value.intent} a product`, async () => {
            const outcome = await setCardProductHidden(context, actor, id, value.intent === "hide");
            if (outcome === "not-found") return back(TOASTS.productNotFound);
            await purgePublicPages(request);
            return redirectWithToast(context, at(productAnchor(id)), value.intent === "hide" ? TOASTS.productHidden : TOASTS.productShown);
          });
        }
        case "register": {
          const { intent: _intent, ...values } = value;
          return createOnce<Answer>(context, formKey, "card", {
            create: (claim) => guarded("register a card", () => sellCard(args, actor, values, claim)),
            again: async (createdId) => {
              const card = await loadSoldCard(context, Number(createdId));
              return card
                ? redirectWithToast(context, at(cardAnchor(card.id)), TOASTS.cardIssued(card.codeLast4, card.holderEmail))
                : back(TOASTS.cardNotFound);
            },
          });
        }
        case "void": {
          const id = parseRowId(value.id);
          if (id === null) return back(TOASTS.cardNotFound);
          return guarded("void a card", async () => {
            const outcome = await voidCard(context, actor, id);
            if (outcome === "not-found") return back(TOASTS.cardNotFound);
            return redirectWithToast(context, at(cardAnchor(id)), outcome === "voided" ? TOASTS.cardVoided : TOASTS.cardEnded);
          });
        }
        case "refund": {
          const id = parseRowId(value.id);
          if (id === null) return back(TOASTS.cardNotFound);
          return guarded("refund a card", async () => {
            const outcome = await refundCard(context, actor, id);
            if (outcome.status === "not-found") return back(TOASTS.cardNotFound);
            const toast =
              outcome.status !== "refunded"
                ? REFUND_REFUSED[outcome.status]
                : !outcome.online
                  ? TOASTS.cardRefunded(formatKr(outcome.paidSek))
                  : outcome.sent === "refunded"
                    ? TOASTS.cardRefundedOnline(formatKr(outcome.paidSek))
                    : TOASTS.cardRefundOnlineFailed(formatKr(outcome.paidSek));
            return redirectWithToast(context, at(cardAnchor(id)), toast);
          });
        }
      }
    },
  });
}
