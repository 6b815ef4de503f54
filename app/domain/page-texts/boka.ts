// The texts of the booking entry (/boka): the type cards, the calendar and the list.
import { ENOUGH_PARTICIPANTS, GROUP_RULE } from "../group-rule-texts";
import { BOOK_NOW } from "./session-list";

export const BOKA_TEXTS = {
  title: "Boka pass",
  chooseType: "Vilken sorts pass vill du boka?",
  groupCard: "GruppUps – från 249 kr",
  groupCardText: "Träna tillsammans med andra hundar och förare i en liten grupp.",
  privateCard: "Privatpass – från 395 kr",
  privateCardText: "Egen tid med en tränare: i hallen, hemma hos er eller online.",
  allCard: "Visa alla pass",
  allCardText: "Visa mig alla pass, både grupp och privat.",
  backToStart: "Tillbaka till startsidan",
  back: "Tillbaka",
  calendar: "Kalender",
  list: "Lista",
  loading: "Laddar sessioner...",
  available: "Lediga pass",
  fullyBooked: "Fullbokade pass",
  bookNow: BOOK_NOW,
  none: "Det finns inga lediga pass av den här typen just nu.",
  chooseOther: "Välj annan typ",
  groupNotice: GROUP_RULE,
  noSessionsThisDay: "Inga pass tillgängliga denna dag",
  pickDay: "Välj en markerad dag i kalendern för att se dess pass.",
  noFreeThisMonth: "Inga lediga pass den här månaden.",
  previousMonth: "Föregående månad",
  nextMonth: "Nästa månad",
  legendTitle: "Färgkoder",
} as const;

export const BOKA_TYPE_HEADINGS = {
  grupp: "GruppUps",
  privat: "Privatpass",
  alla: "Alla pass",
} as const;

/** The 'Färgkoder' legend: one row per public availability colour (spec section 4). */
export const LEGEND = [
  { colour: "green", label: "Ledigt", text: "Gott om plats – boka direkt." },
  { colour: "pink", label: "Väntande", text: "Behöver fler deltagare för att helt säkert bli av." },
  { colour: "yellow", label: "Bekräftat", text: ENOUGH_PARTICIPANTS },
  { colour: "red", label: "Fullbokat", text: "Inga platser kvar." },
] as const;
