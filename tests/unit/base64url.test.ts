import { describe, expect, it } from "vitest";
import { randomToken, toBase64Url } from "~/server/platform/crypto.server";

/** The plain way: a binary string through btoa, made URL-safe, padding dropped. */
const viaBtoa = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

describe("toBase64Url", () => {
  it("writes what btoa writes, URL-safe and unpadded, for every length and byte", () => {
    for (let length = 0; length <= 64; length++) {
      const bytes = crypto.getRandomValues(new Uint8Array(length));
      expect(toBase64Url(bytes)).toBe(viaBtoa(bytes));
    }
    const every = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect(toBase64Url(every)).toBe(viaBtoa(every));
    expect(toBase64Url(new Uint8Array([0xfb, 0xff]))).toBe("-_8");
  });

  it("gives a nonce of 16 random bytes as 22 URL-safe characters", () => {
    const token = randomToken(16);
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(randomToken(16)).not.toBe(token);
  });
});
