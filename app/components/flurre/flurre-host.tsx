/**
 * Flurre on every public page: the launcher (a link to /flurre, which works
 * without JavaScript) and, with JavaScript, the door to the chat. It takes
 * every 'Fråga Flurre' click (the `flurre:ask` event, ask-flurre.tsx) and the
 * launcher's, loads the chat panel on the first opening (a dynamic import:
 * this file is all the first load carries) and returns focus to the button
 * that opened it. If the panel cannot be loaded, the visitor goes to the page.
 *
 * The launcher never covers text or anything to click. Without JavaScript
 * (and until the page's script runs) it is a link at the end of the page.
 * With it, it floats in the corner and steps aside whenever something would
 * be under it (launcher-clearance.ts), at every width.
 */
import { useLocation } from "@remix-run/react";
import { useEffect, useRef, useState, type ComponentType, type MouseEvent } from "react";
import { FLURRE_ASK_EVENT, FLURRE_PATH, flurreHref, isPlainClick, type FlurreAskDetail } from "./flurre-event";
import type { FlurrePanelProps } from "./flurre-panel";

const LAUNCHER_LABEL = "Fråga Flurre";
/** What the launcher never covers: the page's 'Fråga Flurre' buttons and the links marked to be kept clear of it. */
const KEEP_CLEAR = "main [data-flurre-question], main [data-launcher-clear]";

/** Staff pages and the local mailbox have no Flurre. */
function showsFlurre(pathname: string): boolean {
  return !/^\/(admin|dev)(\/|$)/.test(pathname);
}

type Opening = { key: number; question: string | null; opener: HTMLElement | null };

export function FlurreHost() {
  const location = useLocation();
  const shown = showsFlurre(location.pathname);
  const [opening, setOpening] = useState<Opening | null>(null);
  const [Panel, setPanel] = useState<ComponentType<FlurrePanelProps> | null>(null);
  /** From here on a click opens the chat instead of following the link. */
  const [listening, setListening] = useState(false);

  function open(question: string | null, opener: HTMLElement | null) {
    // Only ever called in the browser: the server build leaves the panel out.
    if (import.meta.env.SSR) return;
    setOpening({ key: Date.now(), question, opener });
    import("./flurre-panel").then(
      (module) => setPanel(() => module.FlurrePanel),
      () => window.location.assign(question ? flurreHref(question) : FLURRE_PATH),
    );
  }

  // Floating, and out of the way of whatever it would cover: set on the
  // element itself, by the script that keeps it clear, so it floats only
  // while that script runs. Loaded after the page (a dynamic import, like
  // the panel): until then the launcher is where it is without JavaScript.
  const launcherRef = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    const launcher = launcherRef.current;
    if (!shown || !launcher) return;
    let stop: (() => void) | null = null;
    let gone = false;
    import("./launcher-clearance").then(
      ({ keepLauncherClear }) => {
        if (!gone) stop = keepLauncherClear(launcher);
      },
      () => {},
    );
    return () => {
      gone = true;
      stop?.();
    };
  }, [shown]);

  // The page's own 'Fråga Flurre' buttons do what the launcher does: on a
  // phone, while one is on screen (under the launcher or not), the launcher
  // steps aside, and so beside a link that asks to be kept clear (a type
  // card's 'Se datum och boka'). (Without JavaScript it is at the end of the page.)
  const [aside, setAside] = useState(false);
  useEffect(() => {
    if (!shown || typeof IntersectionObserver === "undefined") return;
    const onScreen = new Set<Element>();
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) onScreen.add(entry.target);
        else onScreen.delete(entry.target);
      }
      setAside(onScreen.size > 0);
    });
    for (const button of document.querySelectorAll(KEEP_CLEAR)) observer.observe(button);
    return () => {
      observer.disconnect();
      setAside(false);
    };
  }, [shown, location.key]);

  useEffect(() => {
    if (!shown) return;
    function onAsk(event: Event) {
      const detail = (event as CustomEvent<FlurreAskDetail | undefined>).detail;
      event.preventDefault();
      const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      open(detail?.question ?? null, detail?.opener ?? focused);
    }
    window.addEventListener(FLURRE_ASK_EVENT, onAsk);
    setListening(true);
    return () => window.removeEventListener(FLURRE_ASK_EVENT, onAsk);
  }, [shown]);

  if (!shown) return null;

  function onLauncherClick(event: MouseEvent<HTMLAnchorElement>) {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    open(null, event.currentTarget);
  }

  function onClose() {
    const opener = opening?.opener;
    setOpening(null);
    if (opener?.isConnected) opener.focus();
  }

  return (
    <>
      <a
        ref={launcherRef}
        href={FLURRE_PATH}
        className={aside ? "flurre-launcher flurre-launcher-aside" : "flurre-launcher"}
        onClick={onLauncherClick}
        aria-haspopup={listening ? "dialog" : undefined}
        data-testid="flurre-launcher"
      >
        <img src="/images/team/flurre.svg" alt="" width={32} height={24} />
        <span>{LAUNCHER_LABEL}</span>
      </a>
      {opening && Panel ? <Panel key={opening.key} question={opening.question} onClose={onClose} /> : null}
    </>
  );
}
