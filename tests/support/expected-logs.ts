// A test that makes the app fail on purpose (a refused write, a model that
// times out, a configuration that must not run) sees the app log that
// failure. It says so up front: the lines are kept for the test to check
// instead of being printed among the run's output, and the test asserts
// what was logged, so a failure the app stops reporting fails the test.
import { onTestFinished, vi } from "vitest";

function line(args: unknown[]): string {
  return args
    .map((arg) => (arg instanceof Error ? `${arg.name}: ${arg.message}` : typeof arg === "string" ? arg : JSON.stringify(arg)))
    .join(" ");
}

/** Captures console.error and console.warn until the test ends; returns a reader of the lines so far. */
export function captureLoggedFailures(): () => string[] {
  const lines: string[] = [];
  const spies = (["error", "warn"] as const).map((method) =>
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      lines.push(line(args));
    }),
  );
  onTestFinished(() => spies.forEach((spy) => spy.mockRestore()));
  return () => [...lines];
}
