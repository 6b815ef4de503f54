// Swedish texts of the public pages that the spec fixes word for word, and
// the few made-up labels several components share. Each page's words live in
// their own module under ./page-texts, so a page's JavaScript carries only
// the words it shows; components import from there. This module gathers them
// for code and tests that read across pages.
export { BOKA_TEXTS, BOKA_TYPE_HEADINGS, LEGEND } from "./page-texts/boka";
export { CONTACT_TEXTS } from "./page-texts/contact";
export { FLURRE_TEXTS } from "./page-texts/flurre";
export { FLURRE_QUESTIONS } from "./page-texts/flurre-questions";
export { REPORT_TEXTS } from "./page-texts/report";
export { LOAD_FAILURE_TOAST, SESSION_LIST_TEXTS } from "./page-texts/session-list";
export { NEWSLETTER_SECTION_ID, START_TEXTS } from "./page-texts/start";
