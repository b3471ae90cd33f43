// The terminal report: a summary line, then the changes grouped by who they break.
import type { Change, DiffBase, DiffSummary } from './types.js';

const GROUPS: readonly { readonly title: string; readonly test: (change: Change) => boolean }[] = [
  {
    title: 'Breaking for clients and servers',
    test: (change) => change.client === 'breaking' && change.server === 'breaking',
  },
  { title: 'Breaking for clients', test: (change) => change.client === 'breaking' && change.server !== 'breaking' },
  { title: 'Breaking for servers', test: (change) => change.client !== 'breaking' && change.server === 'breaking' },
  { title: 'Non-breaking', test: (change) => change.client === 'non-breaking' && change.server === 'non-breaking' },
  { title: 'Docs only', test: (change) => change.client === 'info' && change.server === 'info' },
];

export function formatText(base: DiffBase, changes: readonly Change[], summary: DiffSummary): string {
  const lines = [`svcgen diff against ${base.label}: ${summaryLine(summary)}`];
  for (const group of GROUPS) {
    const members = changes.filter(group.test);
    if (members.length === 0) continue;
    lines.push('', `${group.title}:`);
    for (const change of members) lines.push(`  ${locationText(change)}  ${change.subject}: ${describe(change)}`);
  }
  return `${lines.join('\n')}\n`;
}

export function summaryLine(summary: DiffSummary): string {
  if (summary.changes === 0) return 'no changes';
  return `${summary.changes} change(s), ${summary.breakingForClients} breaking for clients, ${summary.breakingForServers} breaking for servers`;
}

export function locationText(change: Change): string {
  return `${change.location.file}:${change.location.line}:${change.location.column}`;
}

/** The description with the directions it applies to and the change kind. */
export function describe(change: Change): string {
  const where =
    change.directions.length > 0 ? ` (in ${change.directions.map((direction) => `${direction}s`).join(' and ')})` : '';
  return `${change.description}${where} [${change.kind}]`;
}
