/** The WCAG rules every axe scan of ours checks (WCAG 2.0–2.2, levels A and AA). */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
