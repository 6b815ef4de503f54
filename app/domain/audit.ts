// How the audit log names what staff did, and where its target lives.

const ACTION_LABELS: Record<string, string> = {
  "session.create": "Skapade pass",
  "session.update": "Ändrade pass",
  "session.release": "Släppte pass till försäljning",
  "session.cancel": "Ställde in pass",
  "session.delete": "Tog bort pass",
  "session.decision": "Beslutade om pass med få deltagare",
  "booking.cancel": "Avbokade bokning",
  "payment.refund": "Återbetalade en betalning",
  "payment.refund-failed": "Återbetalningen misslyckades",
  "email.send": "Skickade mejl",
  "email.resend": "Skickade ett olevererat mejl igen",
  "campaign.send": "Startade utskick",
  "campaign.stop": "Stoppade utskick",
  "campaign.delete": "Tog bort kampanj",
  "newsletter_segment.rename": "Ändrade ett segments namn",
  "flurre_faq.create": "Lade till FAQ-rad för Flurre",
  "flurre_faq.update": "Ändrade FAQ-rad för Flurre",
  "flurre_faq.delete": "Tog bort FAQ-rad för Flurre",
  "flurre_unanswered.dismiss": "Markerade en fråga till Flurre som hanterad",
  "session_type.create": "Lade till passtyp",
  "session_type.update": "Ändrade passtyp",
  "session_type.hide": "Dolde passtyp",
  "session_type.show": "Visade passtyp igen",
  "session_type.move": "Ändrade passtypernas ordning",
  "session_type.delete": "Tog bort passtyp",
  "place.create": "Lade till plats",
  "place.update": "Ändrade plats",
  "place.activate": "Aktiverade plats",
  "place.deactivate": "Gjorde plats inaktiv",
  "place.move": "Ändrade platsernas ordning",
  "place.delete": "Tog bort plats",
  "team_member.create": "Lade till person i teamet",
  "team_member.update": "Ändrade person i teamet",
  "team_member.move": "Ändrade teamets ordning",
  "team_member.delete": "Tog bort person ur teamet",
  "preparation_item.create": "Lade till punkt i preppa-listan",
  "preparation_item.update": "Ändrade punkt i preppa-listan",
  "preparation_item.move": "Ändrade preppa-listans ordning",
  "preparation_item.delete": "Tog bort punkt ur preppa-listan",
  "calendar_feed.create": "Skapade kalenderlänk",
  "calendar_feed.revoke": "Återkallade kalenderlänk",
  "privacy.erase": "Kunden raderade sina uppgifter",
  "card_product.create": "Lade till kort att sälja",
  "card_product.update": "Ändrade kort att sälja",
  "card_product.hide": "Dolde kort (säljs inte längre)",
  "card_product.show": "Visade kort igen (säljs igen)",
  "card.issue": "Registrerade sålt kort",
  "card.void": "Spärrade kort",
  "card.refund": "Markerade kort som återbetalt",
  "card.sell_online": "Sålde kort på webben",
  "card.refund_online": "Betalade tillbaka kort köpt på webben (Stripe)",
  "card.refund_online_failed": "Återbetalning av kort köpt på webben misslyckades",
};

export function auditActionLabel(action: string): string {
  return ACTION_LABELS[action] ?? action;
}

/** A link to the target when it still has a page of its own. */
export function auditTargetHref(targetType: string, targetId: string | null, action: string, detailsJson: string | null = null): string | null {
  if (!targetId || action === "session.delete") return null;
  if (targetType === "session") return `/admin/pass/${targetId}`;
  // A refund's booking is shown on its session's page (the booking's own page is only for an active booking).
  if (action.startsWith("payment.")) {
    const sessionId = sessionIdIn(detailsJson);
    return sessionId === null ? null : `/admin/pass/${sessionId}`;
  }
  if (targetType === "flurre_faq" && action !== "flurre_faq.delete") return `/admin/flurre?flik=faq&rad=${targetId}`;
  if (targetType === "newsletter_segment") return "/admin/utskick?flik=segment";
  if (targetType === "card_product") return `/admin/kort?produkt=${targetId}`;
  return null;
}

/** The `sessionId` a row's details name, or null. */
function sessionIdIn(detailsJson: string | null): number | null {
  try {
    const sessionId: unknown = detailsJson ? JSON.parse(detailsJson)?.sessionId : null;
    return typeof sessionId === "number" && Number.isSafeInteger(sessionId) ? sessionId : null;
  } catch {
    return null;
  }
}

/** "1 sida" is never shown; page numbers from ?sida=, 1 when missing or nonsense. */
export function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}
