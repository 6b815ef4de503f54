// The prefilled questions of the 'Fråga Flurre' buttons outside the session
// types (/hitta, /om, /preppa).

export const FLURRE_QUESTIONS = {
  preppa: "Hur förbereder jag mig och min hund bäst inför vårt första pass?",
  place: (place: string) => `Hur hittar jag till ${place}, och var ska vi mötas?`,
  person: (name: string) => `Berätta mer om ${name}!`,
} as const;
