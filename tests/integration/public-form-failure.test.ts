// When a message cannot be stored (here: its table is gone) the visitor gets
// the spec's failure toast, keeps what they typed, and no e-mail is queued.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { countRows, postForm, textOf } from "./public-helpers";

beforeAll(async () => {
  await env.DB.batch([env.DB.prepare("DROP TABLE contact_messages"), env.DB.prepare("DROP TABLE problem_reports")]);
});

describe("a message that cannot be stored", () => {
  it.each(["/om", "/flurre"])("on %s shows 'Något gick fel' and keeps the message", async (path) => {
    const res = await postForm(path, { name: "Anna Berg", email: "anna@example.se", message: "Finns det plats på lördag?" });
    expect(res.status).toBe(500);
    const html = await res.text();
    expect(textOf(html)).toContain("Något gick fel Kunde inte skicka meddelandet. Försök igen senare.");
    expect(html).toContain(">Finns det plats på lördag?</textarea>");
    expect(await countRows("email_outbox")).toBe(0);
  });

  it("on /rapportera-problem shows 'Ett fel uppstod'", async () => {
    const res = await postForm("/rapportera-problem", {
      user_name: "Anna Berg",
      user_email: "anna@example.se",
      user_email_confirm: "anna@example.se",
      user_phone: "0732221100",
      message: "Sidan laddar inte.",
      needs_help: "no",
    });
    expect(res.status).toBe(500);
    expect(textOf(await res.text())).toContain("Ett fel uppstod Kunde inte skicka rapporten. Försök igen senare.");
    expect(await countRows("email_outbox")).toBe(0);
  });
});
