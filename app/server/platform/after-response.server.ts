/**
 * Work that follows responses, coalesced per isolate. The first request to
 * ask opens a short window and its `waitUntil` carries the work; requests
 * that ask during the window only add their keys to it. Under a rush that
 * turns one unit of work per request into one per window; a lone request's
 * work still runs within `windowMs`.
 *
 * This is module-level state on purpose: the bench figures that pay for each
 * use are listed in docs/architecture.md ("Memories kept"). Nothing here is the only
 * copy of anything: a window cut short (its isolate went away) loses no data,
 * because each use has a durable fallback (the cron drains the outbox; cached
 * seat lists expire on their own).
 */

type WaitUntil = (promise: Promise<unknown>) => void;

/** A window older than this was cut off (its request ended): the next ask opens a new one. */
const STALE_WINDOW_MS = 5_000;

export function coalescedAfterResponse<K, A>(options: {
  windowMs: number;
  /** Most keys one run takes; the rest open the next window. */
  maxPerRun: number;
  /** Waiting keys are capped; a key over the cap is left to the use's fallback. */
  maxPending: number;
  run: (keys: K[], arg: A) => Promise<void>;
  onError: (error: unknown) => void;
}): (waitUntil: WaitUntil, keys: Iterable<K>, arg: A) => void {
  const pending = new Set<K>();
  let windowOpenedAt = 0;

  function schedule(waitUntil: WaitUntil, keys: Iterable<K>, arg: A): void {
    for (const key of keys) if (pending.size < options.maxPending) pending.add(key);
    if (pending.size === 0) return;
    const now = Date.now();
    if (windowOpenedAt !== 0 && now - windowOpenedAt < STALE_WINDOW_MS) return;
    windowOpenedAt = now;
    waitUntil(runWindow(waitUntil, arg));
  }

  async function runWindow(waitUntil: WaitUntil, arg: A): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, options.windowMs));
    const keys = [...pending].slice(0, options.maxPerRun);
    for (const key of keys) pending.delete(key);
    // From here on, new keys open the next window (which runs alongside this one).
    windowOpenedAt = 0;
    if (pending.size > 0) schedule(waitUntil, [], arg);
    try {
      await options.run(keys, arg);
    } catch (error) {
      options.onError(error);
    }
  }

  return schedule;
}
