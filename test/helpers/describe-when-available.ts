// Suites that need what a machine may lack (HAProxy, PostgreSQL, Redis, Chromium): run them, or report one skipped
// test under the suite's title that says what is missing, so a run shows why it did not check.
import { describe, it } from 'vitest';

/** One skipped test under `title`, named for what is `missing`. */
export function describeSkipped(title: string, missing: string): void {
  describe(title, () => it.skip(`skipped: ${missing}`, () => undefined));
}

/** describe(title, suite) when nothing is `missing`; else describeSkipped. */
export function describeWhenAvailable(missing: string | undefined, title: string, suite: () => void): void {
  if (missing === undefined) describe(title, suite);
  else describeSkipped(title, missing);
}
