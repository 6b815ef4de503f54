/**
 * Keeps Flurre's floating launcher off the page's content: it floats
 * (`data-floating`) only while this runs, and steps aside (`data-covering`:
 * see-through, clicks pass to what is under it; flurre.css) whenever text or
 * something to click lies under it. Checked as the page scrolls, resizes or
 * changes. It steps aside at once and comes back only once its corner has
 * been clear for a moment, so it does not flicker past lines of text.
 * Browser only; returns the clean-up.
 */

/** What a visitor clicks or types in: never under the launcher. */
const CLICKABLE = "a[href], button, input:not([type='hidden']), select, textarea, summary, label";
/** How far apart the points are at which the launcher looks under itself (px): less than a line of text or a short word. */
const SAMPLE_STEP = 8;
/** How long its corner stays clear before it comes back (ms). */
const SHOW_AFTER_MS = 250;

type Box = { left: number; top: number; right: number; bottom: number };

const meets = (a: Box, b: Box) => a.left < b.right && a.right > b.left && a.top < b.bottom && a.bottom > b.top;

/** Whether `el` shows text of its own (not its children's) inside `box`. */
function textInside(el: Element, box: Box): boolean {
  const range = document.createRange();
  for (const node of el.childNodes) {
    if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue;
    range.selectNodeContents(node);
    for (const rect of range.getClientRects()) {
      if (rect.width > 0 && rect.height > 0 && meets(rect, box)) return true;
    }
  }
  return false;
}

/**
 * Points from `from` to `to` (px), SAMPLE_STEP apart and half a pixel inside both edges: anything under the launcher
 * by a pixel or more, even only at its edge, lies under one of them.
 */
function samples(from: number, to: number): number[] {
  const points: number[] = [];
  for (let at = from + 0.5; at < to - 0.5; at += SAMPLE_STEP) points.push(at);
  points.push(to - 0.5);
  return points;
}

/** Whether text or something to click lies under the launcher where it floats now. */
export function launcherCoversSomething(launcher: HTMLElement): boolean {
  const box = launcher.getBoundingClientRect();
  if (box.width === 0 || box.height === 0) return false;
  const seen = new Set<Element>();
  for (const y of samples(box.top, box.bottom)) {
    for (const x of samples(box.left, box.right)) {
      // Beneath the launcher: the first element at this point that is not the launcher.
      const under = document.elementsFromPoint(x, y).find((el) => !launcher.contains(el));
      if (!under || seen.has(under) || under === document.body || under === document.documentElement) continue;
      seen.add(under);
      const clickable = under.closest(CLICKABLE);
      if (clickable && meets(clickable.getBoundingClientRect(), box)) return true;
      if (textInside(under, box)) return true;
    }
  }
  return false;
}

export function keepLauncherClear(launcher: HTMLElement): () => void {
  let showTimer: ReturnType<typeof setTimeout> | undefined;
  let frame = 0;

  function check() {
    if (launcherCoversSomething(launcher)) {
      clearTimeout(showTimer);
      showTimer = undefined;
      launcher.dataset.covering = "";
    } else if ("covering" in launcher.dataset && showTimer === undefined) {
      showTimer = setTimeout(() => {
        showTimer = undefined;
        if (!launcherCoversSomething(launcher)) delete launcher.dataset.covering;
      }, SHOW_AFTER_MS);
    }
  }
  /** Once per frame at most, for changes that come in bursts. */
  function soon() {
    if (!frame) frame = requestAnimationFrame(() => {
      frame = 0;
      check();
    });
  }

  // Floating from here on, and checked before the browser draws it there.
  launcher.dataset.floating = "";
  check();
  // A scroll event comes once per frame, before it is drawn: checked at once.
  window.addEventListener("scroll", check, { passive: true });
  window.addEventListener("resize", soon);
  const resized = new ResizeObserver(soon);
  resized.observe(document.body);
  // New content (a toast, an answer, an opened card), and the page that comes after a link.
  const changed = new MutationObserver(soon);
  changed.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ["open", "hidden", "class"] });

  return () => {
    window.removeEventListener("scroll", check);
    window.removeEventListener("resize", soon);
    resized.disconnect();
    changed.disconnect();
    cancelAnimationFrame(frame);
    clearTimeout(showTimer);
    delete launcher.dataset.floating;
    delete launcher.dataset.covering;
  };
}
