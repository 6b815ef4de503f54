// Which Chromium the end-to-end tests drive, for playwright.config.ts and the
// test preflight alike. Debian's headless shell (package chromium-headless-shell,
// the same Blink and V8 as package chromium, without the browser's own window
// and toolbar) is the one Playwright drives headless by default. The full
// browser also builds its toolbar's omnibox pages for every new context: on
// 2 cores a page took 500 ms against 270 ms, a new context 600 against 240,
// and the end-to-end suite 23 minutes against 13.
import { accessSync, constants } from "node:fs";

export const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
export const FULL_CHROMIUM = "/usr/bin/chromium";

export function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** CHROMIUM_PATH if set, else the headless shell if installed, else the full browser. */
export function chromiumPath(env = process.env, executable = isExecutable) {
  if (env.CHROMIUM_PATH) return env.CHROMIUM_PATH;
  return executable(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM;
}
