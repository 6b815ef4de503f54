import { describe, expect, it } from "vitest";
import { z } from "zod";
import { withIntents } from "~/server/forms/form-action.server";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

const parse = withIntents({
  rename: z.object({ name: z.string({ required_error: "Ange ett namn" }).min(1, "Ange ett namn") }),
  remove: z.object({ id: z.string().regex(/^\d+$/) }),
});

describe("a page with several forms parses each with its own schema", () => {
  it("parses the form its intent names, and the value says which", () => {
    const { submission, intent } = parse(form({ intent: "rename", name: "Valpkurs" }));
    expect(intent).toBe("rename");
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({ intent: "rename", name: "Valpkurs" });
  });

  it("checks a form only against its own schema", () => {
    const renamed = parse(form({ intent: "rename", id: "7" }));
    expect(renamed.submission.status).toBe("error");
    expect(renamed.submission.status === "error" && renamed.submission.error?.name).toEqual(["Ange ett namn"]);
    const removed = parse(form({ intent: "remove", id: "7" }));
    expect(removed.submission.status === "success" && removed.submission.value).toEqual({ intent: "remove", id: "7" });
  });

  it("refuses an intent the page does not have, or none", () => {
    for (const fields of [{ intent: "drop-table", id: "7" }, { id: "7" }] as Array<Record<string, string>>) {
      const { submission, intent } = parse(form(fields));
      expect(intent).toBeNull();
      expect(submission.status).toBe("error");
    }
  });
});
