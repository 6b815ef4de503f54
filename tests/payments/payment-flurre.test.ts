// Flurre with PAYMENTS=stripe: how paying at booking works is a passage of
// its own, with the ways Checkout offers, asked through the worker.
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { FlurreAnswer } from "~/domain/flurre/answer";

let ip = 0;
async function ask(question: string) {
  const res = await exports.default.fetch("http://localhost:8787/flurre/svar", {
    method: "POST",
    body: new URLSearchParams({ fraga: question, sida: "/" }),
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: "http://localhost:8787",
      "CF-Connecting-IP": `198.51.100.${++ip}`,
    },
  });
  expect(res.status).toBe(200);
  return (await res.json<{ ok: true; answer: FlurreAnswer }>()).answer;
}

describe("Flurre while the site takes payment at booking", () => {
  it("answers paying by Swish or card with how paying at booking works", async () => {
    const swish = await ask("kan man betala med swish?");
    expect(swish.kind).toBe("answer");
    expect(swish.paragraphs.join(" ")).toMatch(/Ja.*Du betalar när du bokar, med kort eller Swish\./);
    expect(swish.links.map((l) => l.href)).toContain("/boka");
    expect((await ask("tar ni kort")).paragraphs.join(" ")).toContain("med kort eller Swish");
  });

  it("still does not know of a way to pay that Checkout does not offer", async () => {
    expect((await ask("kan jag betala med faktura?")).kind).toBe("fallback");
  });
});
