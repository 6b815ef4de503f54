// How to prepare for a session (/preppa): the checklist and the note on
// online sessions and home visits, shown by the page and used by Flurre.

export const PREPARATION_CHECKLIST = [
  { title: "Koppel och sele.", text: "Ett vanligt koppel (inte flexikoppel) och ett halsband eller en sele som sitter bra." },
  { title: "Godis – mycket godis!", text: "Små, mjuka och extra goda bitar som hunden verkligen gillar. Hellre för mycket än för lite." },
  { title: "Vatten och skål.", text: "Särskilt på utomhuspassen och varma dagar." },
  { title: "Bajspåsar.", text: "Vi lämnar platserna finare än vi hittade dem." },
  { title: "Kläder efter väder.", text: "Utomhuspassen blir av i både sol och regn, så klä dig för att stå ute en stund." },
  { title: "En rastad hund.", text: "Ta en kort promenad innan, så kan hunden fokusera på träningen." },
  { title: "Kom i god tid.", text: "Var på plats några minuter innan start så hinner hunden landa i miljön." },
  { title: "Är hunden sjuk eller löper?", text: "Hör av dig till oss innan passet så hittar vi en lösning." },
] as const;

/** The paragraph under the checklist: the online (PLAN) and home-visit (HEMMIS) sessions. */
export const PREPARATION_ONLINE_AND_HOME =
  "Online-pass (PLAN) kräver bara en lugn plats, en dator eller telefon och gärna hunden i närheten. På hembesök (HEMMIS) tränar vi där utmaningarna finns – ni behöver inte förbereda något särskilt.";
