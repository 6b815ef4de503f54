import { expect } from "vitest";

// Builds the FormData a browser would post, so schema tests go through
// parseWithZod exactly like a Remix action.
export function formData(fields: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) data.append(name, item);
  }
  return data;
}

type Submitted = { status: "success" | "error" | undefined; error?: Record<string, string[] | null> | null };

/** Asserts the submission failed and returns its field errors (field name → messages). */
export function errorsIn(submission: Submitted): Record<string, string[] | null> | undefined {
  expect(submission.status).toBe("error");
  return submission.status === "error" ? (submission.error ?? undefined) : undefined;
}
