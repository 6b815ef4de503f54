// The last line of `vitest run`: one line for the whole suite, in the plain
// "N passed, N failed" form that any reader (or CI) can take in at a glance.
import type { Reporter, TestModule } from "vitest/node";

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>) {
    const count = { passed: 0, failed: 0, skipped: 0 };
    for (const testModule of testModules) {
      for (const test of testModule.children.allTests()) {
        const { state } = test.result();
        if (state === "passed") count.passed++;
        else if (state === "failed") count.failed++;
        else count.skipped++;
      }
    }
    // An error outside any test fails the run too; count it so the line never reads as green.
    const failed = count.failed + unhandledErrors.length;
    process.stdout.write(`\nvitest: ${count.passed} passed, ${failed} failed${count.skipped ? `, ${count.skipped} skipped` : ""}\n`);
  }
}
