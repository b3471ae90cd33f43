// A pull-request comment: the summary first, then one table row per change, breaking ones on top.
import { describe, locationText } from './format-text.js';
import type { Change, DiffBase, DiffSummary, Impact } from './types.js';

export function formatMarkdown(base: DiffBase, changes: readonly Change[], summary: DiffSummary): string {
  const lines = ['### svcgen: definition changes', '', summaryParagraph(base, summary)];
  if (changes.length > 0) {
    lines.push('', '| Clients | Servers | Change | Where |', '| --- | --- | --- | --- |');
    for (const change of changes) {
      const where = `\`${cell(locationText(change))}\`${change.location.side === 'base' ? ' (base)' : ''}`;
      lines.push(
        `| ${impact(change.client)} | ${impact(change.server)} | \`${cell(change.subject)}\`: ${cell(describe(change))} | ${where} |`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

function summaryParagraph(base: DiffBase, summary: DiffSummary): string {
  const against = `against \`${cell(base.label)}\``;
  if (summary.changes === 0) return `No changes to the definitions ${against}.`;
  const counts = `**${summary.breakingForClients}** breaking for clients, **${summary.breakingForServers}** breaking for servers`;
  const headline = summary.breaking > 0 ? `**${summary.breaking} breaking change(s)**` : '**No breaking changes**';
  return `${headline}: ${counts}; ${summary.changes} change(s) in all ${against}.`;
}

function impact(value: Impact): string {
  return value === 'breaking' ? '**breaking**' : value;
}

/** Text safe inside a table cell (and inside backticks). */
function cell(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/`/g, "'").replace(/\r?\n/g, ' ');
}
