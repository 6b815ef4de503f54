import { describe, expect, it } from "vitest";
import { FREE_PASSWORD_FAILURES, MAX_PASSWORD_DELAY_MS, passwordDelayMs } from "~/domain/password-slowdown";

describe("the wait before a staff password is checked", () => {
  it("costs nothing for the first few mistakes", () => {
    for (let n = 0; n <= FREE_PASSWORD_FAILURES; n++) expect(passwordDelayMs(n)).toBe(0);
  });

  it("doubles with each further failure, up to a few seconds, never a lock", () => {
    const waits = [4, 5, 6, 7, 8, 20, 1000].map(passwordDelayMs);
    expect(waits).toEqual([250, 500, 1000, 2000, MAX_PASSWORD_DELAY_MS, MAX_PASSWORD_DELAY_MS, MAX_PASSWORD_DELAY_MS]);
    expect(MAX_PASSWORD_DELAY_MS).toBeLessThanOrEqual(3_000);
  });
});
