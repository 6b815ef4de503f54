// The team (/om): its shape as staff keep it in D1 (`team_members`, edited on
// /admin/team), and the page's intro, shown by the page and used by Flurre.

/** /om's intro, naming the towns of the places in use (townsOf in places.ts). */
export function aboutIntro(towns: readonly string[]): string {
  const where = towns.length > 0 ? `Vi håller till${inTowns(towns)}, utomhus` : "Vi tränar utomhus";
  return `Hundpass är två hundtränare med ett gemensamt mål: att träning ska vara roligt – för både hund och människa. ${where}, inomhus, hemma hos er och online.`;
}

import { inTowns } from "./places";

export type TeamMember = {
  id: number;
  name: string;
  role: string;
  text: string;
  imageUrl: string | null;
  sortOrder: number;
};
