// The last lines of `playwright test`: why tests are skipped, then one line
// for the whole suite in the plain "N passed, N failed, N skipped" form.
// Every test runs in two browser projects, with JavaScript ("js") and without
// ("no-js"); a test about what only one of them can show (a dialog, the
// server's own confirmation page) is skipped in the other, on purpose.
import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";

export default class SummaryReporter implements Reporter {
  private readonly outcomes = new Map<TestCase, ReturnType<TestCase["outcome"]>>();

  onTestEnd(test: TestCase, _result: TestResult) {
    this.outcomes.set(test, test.outcome());
  }

  onEnd(result: FullResult) {
    const count = { passed: 0, failed: 0, flaky: 0, skipped: 0 };
    for (const outcome of this.outcomes.values()) {
      if (outcome === "expected") count.passed++;
      else if (outcome === "flaky") count.flaky++;
      else if (outcome === "skipped") count.skipped++;
      else count.failed++;
    }
    const lines = [""];
    if (count.skipped) lines.push(`${count.skipped} skipped: each runs only in the project it is about, with JavaScript or without.`);
    if (count.flaky) lines.push(`${count.flaky} passed only on a retry (flaky).`);
    // A run that failed outside any test (a server that did not start) says so.
    const failed = count.failed + (result.status === "passed" || count.failed > 0 ? 0 : 1);
    lines.push(`e2e: ${count.passed + count.flaky} passed, ${failed} failed${count.skipped ? `, ${count.skipped} skipped` : ""}`);
    process.stdout.write(`${lines.join("\n")}\n`);
  }
}
