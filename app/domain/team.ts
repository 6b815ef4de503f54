// The team (/om): the dog, the instructor and the finance person, shown by
// the page and used by Flurre.

export const ABOUT_INTRO =
  "Hundpass är två hundtränare med ett gemensamt mål: att träning ska vara roligt – för både hund och människa. Vi håller till i Gävle och Sandviken, utomhus, inomhus, hemma hos er och online.";

export const TEAM = [
  {
    id: "flurre",
    name: "Flurre",
    role: "Kontorshund och frågeexpert",
    text: "Flurre håller koll på alla frågor som kommer in. Det han inte kan svara på själv springer han med direkt till tränarna – gärna med svansen i topp.",
    image: "/images/team/flurre.svg",
  },
  {
    id: "instruktor",
    name: "Linnea",
    role: "Hundinstruktör",
    text: "Linnea leder GruppUps, privatpass och hembesök i Gävle och Sandviken. Hon tränar belöningsbaserat, med mycket lek och tydliga små steg.",
    image: "/images/team/instruktor.svg",
  },
  {
    id: "ekonomi",
    name: "Jonas",
    role: "Ekonomi och administration",
    text: "Jonas ser till att bokningar, kvitton och allt det praktiska fungerar, så att tränarna kan lägga all tid på er och era hundar.",
    image: "/images/team/ekonomi.svg",
  },
] as const;

export type TeamMember = (typeof TEAM)[number];
