// Swedish texts of /admin/utskick (campaigns and segments). Those the spec
// fixes are copied word for word (sections 2, 4, 5 and 8); the ones it leaves
// open are marked.
import { SENDING_TOAST_DURATION_MS, type ToastView } from "../toast";

const error = (description: string): ToastView => ({ type: "error", title: "Fel", description });
const success = (title: string, description?: string): ToastView =>
  description === undefined ? { type: "success", title } : { type: "success", title, description };

export const UTSKICK_TEXTS = {
  heading: "Utskick",
  backToAdmin: "Tillbaka till admin",
  // Not given by the spec:
  tabsLabel: "Utskickets flikar",
  tabCampaigns: "Kampanjer",
  tabSegments: "Segment",
} as const;

/** The campaign form (spec section 3, email campaign); labels not given by the spec. */
export const CAMPAIGN_FORM_TEXTS = {
  newHeading: "Ny kampanj",
  editHeading: "Redigera kampanj",
  campaign_name: "Kampanjnamn",
  subject: "Ämnesrad",
  subheader: "Underrubrik",
  html_content: "Meddelande",
  html_content_hint: "Vanlig text. Lämna en tom rad mellan stycken.",
  image_url: "Bildadress",
  button_text: "Knapptext",
  button_url: "Knappens länk",
  from_email: "Avsändare",
  target_segment: "Mottagare",
  footer_line1: "Sidfot, rad 1",
  footer_line2: "Sidfot, rad 2",
  required: "obligatoriskt",
  submit: "Spara kampanj",
  submitting: "Sparar...",
  cancelEdit: "Avbryt redigering",
  draftRestored: "Ett osparat utkast har hämtats från den här webbläsaren.",
  draftHint: "Utkastet sparas i webbläsaren var tionde sekund tills kampanjen är sparad.",
  notEditable: "Bara utkast kan redigeras. Duplicera kampanjen för att ändra den.",
} as const;

/** The target 'alla' as the admin reads it, with the segments' names. Not given by the spec. */
export const TARGET_LABELS = {
  alla: (vip: string, live: string, slut: string) => `alla (dag 1 ${vip} och ${live}, dag 2 ${slut}, dag 3 övriga kl. 08:00)`,
  unsegmented: "övriga (dag 3 av alla)",
} as const;

/** "a", "a och b", "a, b och c". */
export function joinNames(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} och ${names.at(-1)}`;
}

/**
 * The send step ('Skicka till segment'): each recipient choice with how many
 * it reaches now, the mail as a subscriber sees it, and the warning before a
 * second send to whom the campaign already went. 'Inga mottagare' is the
 * spec's (section 8); the rest is not given by the spec.
 */
export const CAMPAIGN_SEND_TEXTS = {
  recipients: (n: number) => (n === 0 ? "Inga mottagare" : `${n} mottagare`),
  countHint: "Antalet är de aktiva prenumeranter som får kampanjen om du skickar nu. Den som redan har fått den räknas inte.",
  sentHere: "Har redan fått kampanjen",
  warningHeading: "Kampanjen har redan skickats",
  warning: (names: string) =>
    `Kampanjen har redan skickats till ${names}. Skickar du igen till samma mottagare går den bara till dem som inte har fått den än, till exempel nya prenumeranter.`,
  again: "Ja, skicka igen till mottagare som redan har fått kampanjen",
  againRequired: (names: string) => `Kampanjen har redan skickats till ${names}. Kryssa i rutan om du vill skicka igen.`,
  previewHeading: "Förhandsvisning",
  previewHint: "Så här ser mejlet ut för en prenumerant. Länken Avprenumerera går till varje mottagares egen adress.",
  previewFrame: "Mejlet som prenumeranten ser det",
  previewFrom: "Från",
  previewSubject: "Ämne",
} as const;

/** Campaign status badges (spec section 4: cancelled is 'Stoppad'; the others are not given). */
export const CAMPAIGN_STATUS_LABELS = {
  draft: "Utkast",
  sending: "Skickas",
  sent: "Skickad",
  failed: "Misslyckades",
  cancelled: "Stoppad",
} as const;

export const CAMPAIGN_LIST_TEXTS = {
  heading: "Sparade kampanjer",
  // Not given by the spec:
  empty: "Inga kampanjer ännu",
  subject: "Ämnesrad",
  target: "Mottagare",
  sentCount: "Skickade",
  delivered: "Levererade",
  bounced: "Studsade",
  complained: "Markerade som skräppost",
  sender: "Avsändare",
  created: "Skapad",
  edit: "Redigera",
  actionsLabel: (name: string) => `Åtgärder för ${name}`,
} as const;

/** The campaign actions, each behind a confirmation (spec section 4). Wording not given by the spec. */
export const CAMPAIGN_ACTIONS = {
  send: {
    button: "Skicka till segment",
    confirm: "Skicka",
    question: "Skicka kampanjen? Välj mottagare. Skickat e-post går inte att ta tillbaka.",
  },
  test: {
    button: "Testskicka",
    confirm: "Skicka test-mail",
    question: "Skicka ett test-mail av kampanjen till en adress.",
    address: "Skicka test till",
  },
  duplicate: {
    button: "Duplicera",
    confirm: "Duplicera",
    question: "Duplicera kampanjen? Kopian sparas som utkast med '(Kopia)' i namnet.",
  },
  stop: {
    button: "Stoppa",
    confirm: "Stoppa utskicket",
    question: "Stoppa utskicket? Dag 2, dag 3 och rapporten dag 4 skickas inte. Redan skickad e-post går inte att ta tillbaka.",
  },
  delete: {
    button: "Ta bort",
    confirm: "Ta bort",
    question: "Ta bort kampanjen? Det går inte att ångra.",
  },
  cancel: "Avbryt",
} as const;

export type CampaignAction = Exclude<keyof typeof CAMPAIGN_ACTIONS, "cancel">;

export const CAMPAIGN_TOASTS = {
  loadFailed: error("Kunde inte hämta kampanjer"),
  saveFailed: error("Kunde inte spara kampanj"),
  notFound: error("Kunde inte hitta kampanj"),
  sendFailed: error("Kunde inte starta utskick"),
  duplicateFailed: error("Kunde inte duplicera kampanj"),
  testFailed: error("Kunde inte skicka test-mail"),
  stopFailed: error("Kunde inte stoppa kampanjen"),
  deleteFailed: error("Kunde inte ta bort kampanj"),
  noRecipients: { type: "info", title: "Inga mottagare" } satisfies ToastView,
  saved: success("Kampanj sparad!"),
  testSent: success("Test-mail skickat!"),
  // Not given by the spec:
  sendStarted: (recipients: number): ToastView => ({
    ...success("Utskicket har startat", `${recipients} mottagare får kampanjen.`),
    durationMs: SENDING_TOAST_DURATION_MS,
  }),
  alreadySending: error("Kunde inte starta utskick: kampanjen skickas redan. Stoppa den först."),
  stoppedNotSent: error("Kunde inte starta utskick: kampanjen är stoppad. Duplicera den för att skicka en kopia."),
  duplicated: success("Kampanjen är duplicerad", "Kopian finns bland utkasten."),
  stopped: success("Utskicket är stoppat"),
  deleted: success("Kampanjen är borttagen"),
  deleteWhileSending: error("Kunde inte ta bort kampanj: den skickas just nu. Stoppa den först."),
  testLimited: error("Kunde inte skicka test-mail: adressen har fått för många mejl den senaste timmen."),
} as const;

/** The toast of each campaign action that failed on our side. */
export const CAMPAIGN_ACTION_FAILED: Record<CampaignAction, ToastView> = {
  send: CAMPAIGN_TOASTS.sendFailed,
  test: CAMPAIGN_TOASTS.testFailed,
  duplicate: CAMPAIGN_TOASTS.duplicateFailed,
  stop: CAMPAIGN_TOASTS.stopFailed,
  delete: CAMPAIGN_TOASTS.deleteFailed,
};

/** Why a send did not start, as the admin is told (the reasons of newsletter/campaign-sending.server.ts). */
export const CAMPAIGN_NOT_STARTED: Record<"no-recipients" | "not-found" | "already-sending" | "stopped" | "invalid-target", ToastView> = {
  "no-recipients": CAMPAIGN_TOASTS.noRecipients,
  "not-found": CAMPAIGN_TOASTS.notFound,
  "already-sending": CAMPAIGN_TOASTS.alreadySending,
  stopped: CAMPAIGN_TOASTS.stoppedNotSent,
  "invalid-target": CAMPAIGN_TOASTS.sendFailed,
};

export const SEGMENT_TEXTS = {
  noSubscriber: "Ingen prenumerant hittades",
  active: "Aktiv",
  inactive: "Inaktiv",
  // Not given by the spec:
  searchHeading: "Sök prenumerant",
  searchLabel: "E-postadress",
  search: "Sök",
  official: "Officiellt segment (välj ett)",
  test: "Testsegment (valfria)",
  name: "Namn",
  status: "Status",
  source: "Källa",
  save: "Spara segment",
  saving: "Sparar...",
  addHeading: "Lägg till som prenumerant",
  addHint: "Adressen läggs till som prenumerant (källa: manual) i de segment du väljer.",
  add: "Lägg till prenumerant",
  countsHeading: "Antal aktiva prenumeranter",
  segment: "Segment",
  count: "Antal",
  total: "Totalt",
  personalNote: "ditt testsegment",
  suppressed:
    "Adressen har avprenumererat eller bett om att bli raderad och kan inte läggas till här. Vill personen ha nyhetsbrevet igen kan hen prenumerera själv på webbplatsen.",
} as const;

/** The segment names form on the segment tab. Not given by the spec. */
export const SEGMENT_NAME_TEXTS = {
  heading: "Segmentens namn",
  hint: "Namnet visas när du väljer mottagare för en kampanj. Segmentets kod, till exempel vip-utskick, ändras aldrig.",
  label: (segment: string) => `Namn på ${segment}`,
  save: "Spara namn",
  saving: "Sparar...",
  taken: "Ett annat segment har redan det namnet",
} as const;

export const SEGMENT_TOASTS = {
  saved: { type: "success", title: "Sparat!" } satisfies ToastView,
  notFound: { type: "info", title: "Ingen prenumerant hittades" } satisfies ToastView,
  searchFailed: error("Kunde inte söka prenumerant"),
  saveFailed: error("Kunde inte spara ändringar"),
  countsFailed: error("Kunde inte ladda data"),
} as const;
