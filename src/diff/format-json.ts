// The machine-readable report: stable keys, the same order as the other formats.
import type { Change, DiffBase, DiffSummary } from './types.js';

export interface DiffReport {
  readonly base: DiffBase;
  readonly summary: DiffSummary;
  readonly changes: readonly Change[];
}

export function formatJson(base: DiffBase, changes: readonly Change[], summary: DiffSummary): string {
  const report: DiffReport = {
    base,
    summary,
    changes: changes.map((change) => ({
      kind: change.kind,
      subject: change.subject,
      description: change.description,
      location: change.location,
      directions: change.directions,
      client: change.client,
      server: change.server,
    })),
  };
  return `${JSON.stringify(report, null, 2)}\n`;
}
