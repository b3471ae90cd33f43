// One entry point for the three report formats.
import { formatJson } from './format-json.js';
import { formatMarkdown } from './format-markdown.js';
import { formatText } from './format-text.js';
import type { Change, DiffBase, DiffSummary } from './types.js';

export const DIFF_FORMATS = ['text', 'markdown', 'json'] as const;
export type DiffFormat = (typeof DIFF_FORMATS)[number];

export function renderDiff(
  report: { readonly base: DiffBase; readonly changes: readonly Change[]; readonly summary: DiffSummary },
  format: DiffFormat = 'text',
): string {
  switch (format) {
    case 'json':
      return formatJson(report.base, report.changes, report.summary);
    case 'markdown':
      return formatMarkdown(report.base, report.changes, report.summary);
    case 'text':
      return formatText(report.base, report.changes, report.summary);
  }
}
