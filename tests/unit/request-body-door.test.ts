// The body door's field limits and its draining of refused bodies, on the
// plain web Request of Node (the walk through every action is
// tests/integration/request-bodies.test.ts).
import { describe, expect, it } from "vitest";
import {
  admitFormBody,
  discardBody,
  FORM_LIMITS,
  hasPlainFieldNames,
} from "../../app/server/forms/request-body.server";

const CAP = 64 * 1024;

function post(body: BodyInit, contentType: string, headers: Record<string, string> = {}) {
  return new Request("http://localhost/om", { method: "POST", body, headers: { "Content-Type": contentType, ...headers } });
}

const urlencoded = (text: string) => post(text, "application/x-www-form-urlencoded");

function multipart(name: string) {
  return post(
    `--XYZ\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n1\r\n--XYZ--\r\n`,
    "multipart/form-data; boundary=XYZ",
  );
}

/** A body that counts how much of it was pulled, sent in 1 kB chunks. */
function countedBody(bytes: number) {
  const seen = { pulled: 0, cancelled: false };
  let left = bytes;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (left <= 0) return controller.close();
      const chunk = new Uint8Array(Math.min(1024, left)).fill(0x61);
      left -= chunk.byteLength;
      seen.pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  return { stream, seen };
}

describe("the door's field limits", () => {
  it("admits the forms the site sends: flat names, a few dozen fields", async () => {
    const body = await admitFormBody(urlencoded("name=Anna&email=a%40example.se&message=Hej&website=&form_rendered_at=1"), CAP);
    expect(body.ok).toBe(true);
    const form = new FormData();
    for (let i = 0; i < 40; i++) form.set(`field_${i}`, "x");
    form.set("links[0].url", "https://hundpass.se/om");
    expect(hasPlainFieldNames(form)).toBe(true);
  });

  it("refuses with 400 a name nested deeper than any field's, with dots, brackets, or in multipart", async () => {
    const deep = "a" + ".b".repeat(FORM_LIMITS.nameDepth);
    for (const request of [
      urlencoded(`${deep}=1`),
      urlencoded(new URLSearchParams({ [`x${"[0]".repeat(3000)}`]: "1" }).toString()),
      multipart(`x${".a".repeat(3000)}`),
    ]) {
      const body = await admitFormBody(request, CAP);
      expect(body.ok ? 200 : body.refusal.status).toBe(400);
    }
    const deepest = new FormData();
    deepest.set("a" + ".b".repeat(FORM_LIMITS.nameDepth - 1), "1");
    expect(hasPlainFieldNames(deepest)).toBe(true);
  });

  it("refuses with 400 more fields than any form has, and a name longer than any field's", async () => {
    const many = Array.from({ length: FORM_LIMITS.fields + 1 }, (_, i) => `f${i}=1`).join("&");
    const tooMany = await admitFormBody(urlencoded(many), CAP);
    expect(tooMany.ok ? 200 : tooMany.refusal.status).toBe(400);
    const long = await admitFormBody(urlencoded(`${"n".repeat(FORM_LIMITS.nameLength + 1)}=1`), CAP);
    expect(long.ok ? 200 : long.refusal.status).toBe(400);
  });
});

describe("a refused body is read to its end before the answer", () => {
  it("drains a JSON body the door will not parse (415)", async () => {
    const { stream, seen } = countedBody(20_000);
    const request = new Request("http://localhost/om", {
      method: "POST",
      body: stream,
      headers: { "Content-Type": "application/json" },
      duplex: "half",
    } as RequestInit);
    const body = await admitFormBody(request, CAP);
    expect(body.ok ? 200 : body.refusal.status).toBe(415);
    expect(seen.pulled).toBe(20_000);
  });

  it("drains a body over the cap sent without Content-Length (413), within the drain bound", async () => {
    const { stream, seen } = countedBody(CAP * 3);
    const request = new Request("http://localhost/om", {
      method: "POST",
      body: stream,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      duplex: "half",
    } as RequestInit);
    const body = await admitFormBody(request, CAP);
    expect(body.ok ? 200 : body.refusal.status).toBe(413);
    expect(seen.pulled).toBe(CAP * 3);
  });

  it("stops reading at the bound and cancels the rest", async () => {
    const { stream, seen } = countedBody(100_000);
    const request = new Request("http://localhost/om", { method: "POST", body: stream, duplex: "half" } as RequestInit);
    await discardBody(request, 10_000);
    expect(seen.pulled).toBeLessThan(20_000);
    expect(seen.cancelled).toBe(true);
  });

  it("leaves alone a body already read", async () => {
    const request = urlencoded("a=1");
    await request.text();
    await expect(discardBody(request, 10_000)).resolves.toBeUndefined();
  });
});
