// How /admin/utskick reads its URL and shows a campaign: the tab, the action
// being confirmed, the status badge and which actions a status allows
// (spec section 4, campaign status). Pure.
import { parseRowId } from "../row-id";
import { ALL_TARGET } from "./segments";
import { CAMPAIGN_STATUS_LABELS, TARGET_LABELS, type CampaignAction } from "./admin-texts";

export type CampaignStatus = keyof typeof CAMPAIGN_STATUS_LABELS;
export type UtskickTab = "kampanjer" | "segment";

/** The tab named by `?flik=`; campaigns unless it says segments. */
export function parseTab(value: string | null): UtskickTab {
  return value === "segment" ? "segment" : "kampanjer";
}

/** The URL word of each action (`?atgard=`), for the confirmation step without JavaScript. */
export const ACTION_PARAMS: Record<CampaignAction, string> = {
  send: "skicka",
  test: "testa",
  duplicate: "duplicera",
  stop: "stoppa",
  delete: "ta-bort",
};

export function parseAction(value: string | null): CampaignAction | null {
  const found = (Object.keys(ACTION_PARAMS) as CampaignAction[]).find((action) => ACTION_PARAMS[action] === value);
  return found ?? null;
}

/** A campaign's id from the URL or a form, else null. */
export const parseCampaignId = parseRowId;

/** A status the page does not know shows as a draft (spec section 4). */
export function knownStatus(status: string): CampaignStatus {
  return Object.hasOwn(CAMPAIGN_STATUS_LABELS, status) ? (status as CampaignStatus) : "draft";
}

const BADGE_COLOURS: Record<CampaignStatus, string> = {
  draft: "grey",
  sending: "yellow",
  sent: "green",
  failed: "red",
  cancelled: "pink",
};

export function campaignBadge(status: string): { label: string; colour: string } {
  const known = knownStatus(status);
  return { label: CAMPAIGN_STATUS_LABELS[known], colour: BADGE_COLOURS[known] };
}

/**
 * What a campaign in this status can do. Sending again while it is being sent
 * is refused (stop it first); a stopped one is never sent to segments again
 * (spec section 4: only draft, sent and sending campaigns are); stop only
 * while sending; delete never while sending; only a draft is edited (a sent
 * mail's content stays as it went).
 */
export function campaignActions(status: string): { actions: CampaignAction[]; editable: boolean } {
  const known = knownStatus(status);
  const actions: CampaignAction[] =
    known === "sending"
      ? ["test", "duplicate", "stop", "delete"]
      : known === "cancelled"
        ? ["test", "duplicate", "delete"]
        : ["send", "test", "duplicate", "delete"];
  return { actions, editable: known === "draft" };
}

/** Whether an action is shown disabled rather than left out (delete while sending, spec section 4). */
export function actionDisabled(action: CampaignAction, status: string): boolean {
  return action === "delete" && knownStatus(status) === "sending";
}

/** A campaign target as the admin reads it: a segment's name, or what 'alla' means. */
export function targetLabel(target: string): string {
  return target === ALL_TARGET ? TARGET_LABELS.alla : target;
}

/** The key under which the browser keeps the unsaved draft of the form (a new campaign, or one being edited). */
export function draftStorageKey(campaignId: number | null): string {
  return `hundpass:kampanjutkast:${campaignId ?? "ny"}`;
}

/** Only a draft with a name, a subject or content is worth keeping (spec section 4, newsletter draft). */
export function draftWorthKeeping(values: Record<string, string>): boolean {
  return ["campaign_name", "subject", "html_content"].some((name) => (values[name] ?? "").trim() !== "");
}
