// The anchor a Markdown heading gets, made the way GitHub makes it, so a
// table of contents written once works both on GitHub and where the app
// renders the same file (the staff handbook on /admin/handbok).

/** "Ändra eller flytta ett pass" → "ändra-eller-flytta-ett-pass". */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, "")
    .replace(/ /g, "-");
}
