// Swedish texts of /admin/old ('Alla pass'). The spec names the page and the
// booking info's words; the filter and paging words are ours, in its style.
import { ALL_SESSIONS_PAGE } from "./admin-pages";

export const ALL_SESSIONS_TEXTS = {
  title: ALL_SESSIONS_PAGE.title,
  filtersLabel: "Filtrera pass",
  // Grupp-pass or Privatpass, named as on the session form: a 'passtyp' is one of /admin/passtyper's types.
  passType: "Sorts pass",
  period: "Period",
  status: "Status",
  search: "Sök",
  searchHint: "Titel, plats eller kund (namn eller e-post)",
  submit: "Filtrera",
  reset: "Rensa",
  count: (n: number) => `${n} pass`,
  bookingCount: (n: number) => (n === 1 ? "1 bokning" : `${n} bokningar`),
  empty: "Inga pass matchar filtret",
  cancelledSession: "Inställt",
  endedSession: "Avslutat",
  bookingStatus: { confirmed: "Bekräftad", pending: "Väntande betalning", cancelled: "Avbokad" },
  options: {
    typ: { alla: "Alla", group: "Grupp-pass", private: "Privatpass" },
    period: { alla: "Alla", kommande: "Kommande", passerade: "Passerade" },
    status: {
      alla: "Alla",
      ledigt: "Ledigt",
      vantande: "Väntande",
      bekraftat: "Bekräftat",
      installt: "Inställt",
      avslutat: "Avslutat",
    },
  },
} as const;
