import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** The WCAG rules every axe scan of ours checks (WCAG 2.0–2.2, levels A and AA). */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * An axe scan of the page as it is now, for WCAG_TAGS; make it just before
 * analyze(). A page without frames is scanned by axe.run in the page itself,
 * with the same rules and results, at about half the time of
 * @axe-core/playwright's default way, which runs axe.runPartial in each frame
 * and then axe.finishRun in a blank page it opens. A page with frames is
 * scanned the default way, which also enters frames of other origins.
 */
export function wcagScan(page: Page): AxeBuilder {
  const builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  return page.frames().length === 1 ? builder.setLegacyMode() : builder;
}
