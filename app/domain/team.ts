// The team (/om): its shape as staff keep it in D1 (`team_members`, edited on
// /admin/team), and the page's intro, shown by the page and used by Flurre.

export const ABOUT_INTRO =
  "Hundpass är två hundtränare med ett gemensamt mål: att träning ska vara roligt – för både hund och människa. Vi håller till i Gävle och Sandviken, utomhus, inomhus, hemma hos er och online.";

export type TeamMember = {
  id: number;
  name: string;
  role: string;
  text: string;
  imageUrl: string | null;
  sortOrder: number;
};
