// What a visitor and staff read about paying for a booking (PAYMENTS=stripe),
// in one place for the pages, the server and the tests.
import { formatKr } from "./price";

export const PAYMENT_TEXTS = {
  /** Checkout could not be opened: the hold was released at once. */
  checkoutFailed: "Vi kunde inte öppna betalningen just nu, så ingen plats har reserverats och inget har dragits. Försök igen om en stund.",
  /** Back from Stripe with ?avbruten=1. */
  cancelledTitle: "Betalningen avbröts",
  cancelled: "Platsen är släppt och inget har dragits – du kan boka igen när du vill.",
  /** Back from Stripe's cancel link, before the button is pressed. */
  cancelAskTitle: "Avbryta betalningen?",
  cancelAsk: "Platsen hålls åt dig medan du betalar. Avbryter du betalningen släpps platsen direkt och inget dras.",
  cancelButton: "Avbryt betalningen",
  cancelBusy: "Avbryter …",
  processingTitle: "Betalningen behandlas …",
  processing: "Vi väntar på besked från betalningen. Sidan uppdateras av sig själv om några sekunder – du behöver inte göra något.",
  processingSwish: "Har du betalat med Swish kan det ta en liten stund innan betalningen är klar. Bekräftelsen kommer också med e-post.",
  brokenTitle: "Länken fungerar inte",
  broken: "Den här betalningslänken fungerar inte. Har du bokat får du en bekräftelse med e-post när betalningen är klar.",
  endedTitle: "Betalningen blev inte av",
  ended: "Tiden för betalningen gick ut eller betalningen avbröts, så platsen är släppt och inget har dragits. Du kan boka igen om det finns plats kvar.",
  /** A payment refused or never approved (a failed Swish payment) before the hold's time was out. */
  refused: "Betalningen godkändes inte, så platsen är släppt och inget har dragits. Du kan boka igen om det finns plats kvar.",
  refundedTitle: "Hela beloppet betalas tillbaka",
  refunded: "Din betalning kom fram först när platsen inte längre kunde bli din – den hade gått till någon annan, eller bokningen var avbokad. Du är inte bokad på passet, och hela beloppet betalas tillbaka till dig. Du får ett mejl om det.",
  toSession: "Till passet",
  /** Staff's word for a held booking, and the customer's. */
  pendingStatus: "Väntande betalning",
  pendingCustomer: "Väntar på betalning",
  pendingListNote: "Platsen är reserverad medan du betalar. Blir betalningen inte klar släpps platsen efter en halvtimme.",
} as const;

export const PAYMENT_METHOD_LABELS = { card: "kort", swish: "Swish" } as const;

/** The ways Checkout offers, in words: 'kort eller Swish'. */
function waysToPay(methods: readonly (keyof typeof PAYMENT_METHOD_LABELS)[]): string {
  return methods.map((m) => PAYMENT_METHOD_LABELS[m]).join(" eller ");
}

/** Beside the booking form while the site takes payment at booking: what happens when it is sent. */
export function paymentNote(methods: readonly (keyof typeof PAYMENT_METHOD_LABELS)[]): string {
  return `Du betalar i nästa steg, med ${waysToPay(methods)}. Platsen hålls åt dig medan du betalar, i högst en halvtimme.`;
}

/** How paying works, as Flurre tells it while the site takes payment at booking with these methods. */
export function paymentAnswer(methods: readonly (keyof typeof PAYMENT_METHOD_LABELS)[]): { title: string; text: string } {
  return {
    title: "Betalning",
    text:
      `Du betalar när du bokar, med ${waysToPay(methods)}. Platsen är reserverad medan du betalar; blir betalningen inte klar ` +
      "släpps platsen efter en halvtimme och inget dras. Bekräftelsen kommer med e-post när betalningen är klar. " +
      "Ställer vi in ett pass får du tillbaka hela beloppet.",
  };
}

/** "450 kr med Swish", or "450 kr" when the method is not known. */
export function paidLine(amountOre: number, method: keyof typeof PAYMENT_METHOD_LABELS | null): string {
  const amount = formatKr(amountOre / 100);
  return method ? `${amount} med ${PAYMENT_METHOD_LABELS[method]}` : amount;
}
