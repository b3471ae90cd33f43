// The three report formats: text for a terminal, markdown for a pull-request comment, and JSON for
// machines. All list the changes in the same order (breaking first).
import type { Change, DiffBase, DiffSummary, Impact } from './types.js';

export const DIFF_FORMATS = ['text', 'markdown', 'json'] as const;
export type DiffFormat = (typeof DIFF_FORMATS)[number];

interface DiffReport {
  readonly base: DiffBase;
  readonly changes: readonly Change[];
  readonly summary: DiffSummary;
}

export function renderDiff({ base, changes, summary }: DiffReport, format: DiffFormat = 'text'): string {
  switch (format) {
    case 'json':
      // Stable keys: a change's own, in the order context.ts builds them.
      return `${JSON.stringify({ base, summary, changes }, null, 2)}\n`;
    case 'markdown':
      return formatMarkdown(base, changes, summary);
    case 'text':
      return formatText(base, changes, summary);
  }
}

/** The terminal report's groups, by impact on clients and on servers: every pair classify.ts gives. */
const GROUPS: readonly (readonly [string, Impact, Impact])[] = [
  ['Breaking for clients and servers', 'breaking', 'breaking'],
  ['Breaking for clients', 'breaking', 'non-breaking'],
  ['Breaking for servers', 'non-breaking', 'breaking'],
  ['Non-breaking', 'non-breaking', 'non-breaking'],
  ['Docs only', 'info', 'info'],
];

function formatText(base: DiffBase, changes: readonly Change[], summary: DiffSummary): string {
  const counts =
    summary.changes === 0
      ? 'no changes'
      : `${summary.changes} change(s), ${summary.breakingForClients} breaking for clients, ${summary.breakingForServers} breaking for servers`;
  const lines = [`svcgen diff against ${base.label}: ${counts}`];
  for (const [title, client, server] of GROUPS) {
    const members = changes.filter((change) => change.client === client && change.server === server);
    if (members.length === 0) continue;
    lines.push('', `${title}:`);
    for (const change of members) lines.push(`  ${locationText(change)}  ${change.subject}: ${describe(change)}`);
  }
  return `${lines.join('\n')}\n`;
}

/** A pull-request comment: the summary first, then one table row per change. */
function formatMarkdown(base: DiffBase, changes: readonly Change[], summary: DiffSummary): string {
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

function locationText(change: Change): string {
  return `${change.location.file}:${change.location.line}:${change.location.column}`;
}

/** The description with the directions it applies to and the change kind. */
function describe(change: Change): string {
  const where =
    change.directions.length > 0 ? ` (in ${change.directions.map((direction) => `${direction}s`).join(' and ')})` : '';
  return `${change.description}${where} [${change.kind}]`;
}
