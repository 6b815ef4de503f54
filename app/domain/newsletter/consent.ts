// Consent you can prove (/admin/utskick, a subscriber's card): when and how
// the subscriber agreed, on which page, and to which wording, in words. The
// wording is stored as a version; every version ever shown stays here.

import { formatDateTime } from "../time";
import { CONSENT_WORDING_VERSION, SIGNUP_TEXTS } from "./signup-texts";

/** Each consent wording by its stored version. Add, never change, a version. */
export const CONSENT_WORDINGS: Readonly<Record<string, string>> = {
  [CONSENT_WORDING_VERSION]: SIGNUP_TEXTS.consent,
};

export const CONSENT_TEXTS = {
  heading: "Samtycke",
  at: "Samtycke givet",
  method: "Hur",
  page: "Sida",
  wording: "Texten som visades",
  unsubscribedAt: "Avprenumererade",
  complaint: "markerade ett nyhetsbrev som skräppost",
  undeliverableAt: "Adressen studsade",
  undeliverableEffect: "får inga fler nyhetsbrev",
  none: "Inget samtycke sparat",
  unknownWording: (version: string) => `Version ${version} (texten finns inte längre i koden)`,
  methods: {
    turnstile: "Anmälan på webbplatsen (robotkontrollen godkänd)",
    "confirmation-link": "Anmälan bekräftad via länk i e-post",
    admin: "Tillagd av admin",
  },
  sources: { website: "Webbplatsen", manual: "Admin", booking: "Bokning" },
} as const;

export interface ConsentRecordView {
  source: string;
  consentAt: string | null;
  consentMethod: string | null;
  consentPage: string | null;
  consentWording: string | null;
  unsubscribedAt: string | null;
  /** 'complaint': unsubscribed because they marked a newsletter as spam (the provider's report). */
  unsubscribeReason?: string | null;
  /** A hard bounce the provider reported: no more newsletters. */
  undeliverableAt?: string | null;
  undeliverableReason?: string | null;
}

/** The consent's facts as label and text, in display order; missing facts left out. */
export function consentFacts(view: ConsentRecordView): Array<{ label: string; value: string }> {
  const facts: Array<{ label: string; value: string }> = [];
  if (!view.consentAt) facts.push({ label: CONSENT_TEXTS.at, value: CONSENT_TEXTS.none });
  else facts.push({ label: CONSENT_TEXTS.at, value: formatDateTime(view.consentAt) });
  if (view.consentMethod) {
    const methods: Record<string, string> = CONSENT_TEXTS.methods;
    facts.push({ label: CONSENT_TEXTS.method, value: methods[view.consentMethod] ?? view.consentMethod });
  }
  if (view.consentPage) facts.push({ label: CONSENT_TEXTS.page, value: view.consentPage });
  if (view.consentWording) {
    const text = CONSENT_WORDINGS[view.consentWording];
    facts.push({
      label: CONSENT_TEXTS.wording,
      value: text ? `${text} (${view.consentWording})` : CONSENT_TEXTS.unknownWording(view.consentWording),
    });
  }
  if (view.unsubscribedAt) {
    const why = view.unsubscribeReason === "complaint" ? ` (${CONSENT_TEXTS.complaint})` : "";
    facts.push({ label: CONSENT_TEXTS.unsubscribedAt, value: `${formatDateTime(view.unsubscribedAt)}${why}` });
  }
  if (view.undeliverableAt) {
    const why = view.undeliverableReason ? `: ${view.undeliverableReason}` : "";
    facts.push({
      label: CONSENT_TEXTS.undeliverableAt,
      value: `${formatDateTime(view.undeliverableAt)}, ${CONSENT_TEXTS.undeliverableEffect}${why}`,
    });
  }
  return facts;
}

/** 'website' → 'Webbplatsen', and so on. */
export function sourceLabel(source: string): string {
  const sources: Record<string, string> = CONSENT_TEXTS.sources;
  return sources[source] ?? source;
}
