/**
 * One Durable Object per session (named by the session id). Every change to
 * a session's seat count goes through it, one at a time.
 */
import { DurableObject } from "cloudflare:workers";
import type { Env } from "../env.server";

export class SessionSeats extends DurableObject<Env> {
  private tail: Promise<unknown> = Promise.resolve();

  /** Runs `task` after every earlier task of this session has settled. */
  protected serialize<T>(task: () => Promise<T>): Promise<T> {
    const run = this.tail.then(task, task);
    this.tail = run.catch(() => undefined);
    return run;
  }
}
