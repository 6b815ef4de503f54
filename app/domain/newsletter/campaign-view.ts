// How /admin/utskick reads its URL and shows a campaign: the tab, the action
// being confirmed, the status badge and which actions a status allows
// (spec section 4, campaign status). Pure.
import { parseRowId } from "../row-id";
import { ALL_TARGET, ALL_TARGET_AUDIENCES, UNSEGMENTED_AUDIENCE, segmentLabel, type SegmentNames } from "./segments";
import { CAMPAIGN_STATUS_LABELS, TARGET_LABELS, type CampaignAction } from "./admin-texts";

export type CampaignStatus = keyof typeof CAMPAIGN_STATUS_LABELS;

/** The page's own URL: every campaign action's step and form post here. */
export const UTSKICK_PATH = "/admin/utskick";

/** A campaign action the server refused, shown in that action's form. */
export interface CampaignActionError {
  action: CampaignAction;
  id: number;
  errors: string[];
}
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

/** A campaign target as the admin reads it: a segment's name (its slug until it has one), or what 'alla' means. */
export function targetLabel(target: string, names: SegmentNames = {}): string {
  if (target !== ALL_TARGET) return segmentLabel(target, names);
  const [vip, live, slut] = ALL_TARGET_AUDIENCES.map((audience) => segmentLabel(audience, names));
  return TARGET_LABELS.alla(vip!, live!, slut!);
}

/** A wave's audience by name; the unsegmented one (day 3 of 'alla') as the admin reads it there. */
export function audienceLabel(audience: string, names: SegmentNames = {}): string {
  return audience === UNSEGMENTED_AUDIENCE ? TARGET_LABELS.unsegmented : segmentLabel(audience, names);
}

/** One saved campaign as its card shows it: display-ready (not the body, nor the footer lines). */
export interface CampaignCardView {
  id: number;
  campaignName: string;
  subject: string;
  status: string;
  sentCount: number;
  /** What the provider reported back: delivered, bounced, marked as spam. */
  delivered: number;
  bounced: number;
  complained: number;
  targetSegment: string;
  fromEmail: string;
  createdLabel: string;
}

/** One choice of recipients in the send step: how many it reaches now, and whether some of it already got the campaign. */
export interface SendTargetView {
  target: string;
  label: string;
  /** Who would get it if sent now: the count the send itself uses. */
  recipients: number;
  /** The audiences of this target the campaign has already gone to, by name (none for a first send). */
  sentTo: string[];
}

/** The mail as a subscriber gets it, for the send step's preview. */
export interface MailPreviewView {
  from: string;
  subject: string;
  /** The whole HTML document, shown in a sandboxed frame. */
  html: string | null;
  text: string;
}

/** What the send step shows besides the campaign: every target's count, and the preview. */
export interface SendStepView {
  targets: SendTargetView[];
  preview: MailPreviewView;
}

/** The key under which the browser keeps the unsaved draft of the form (a new campaign, or one being edited). */
export function draftStorageKey(campaignId: number | null): string {
  return `hundpass:kampanjutkast:${campaignId ?? "ny"}`;
}

/** Only a draft with a name, a subject or content is worth keeping (spec section 4, newsletter draft). */
export function draftWorthKeeping(values: Record<string, string>): boolean {
  return ["campaign_name", "subject", "html_content"].some((name) => (values[name] ?? "").trim() !== "");
}
