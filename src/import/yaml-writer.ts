// Writes imported definitions (plain data: mappings, lists, text, numbers, booleans, null) as block YAML in
// `yaml`'s style (`stringify` with no line folding and single quotes preferred), without building `yaml`'s
// document of the value: on a large API that was a third of an import. Text is written plain where `yaml`
// writes it plain, quoted as `yaml` quotes it, multi-line text as a literal block; the few texts `yaml`
// writes in rarer forms (keep-chomped or indented blocks, control characters) are written double-quoted as
// JSON, which reads back the same. test/import/yaml-writer.test.ts holds both to reading back the value.

import { coreValue } from '../definitions/plain-yaml.js';
import { isMapping } from '../definitions/schema-values.js';

const INDENT = '  ';

/** The YAML text of a value; each nested block two spaces in. */
export function writeYaml(value: unknown): string {
  const lines: string[] = [];
  if (isMapping(value) && Object.keys(value).length > 0) writeMapping(value, '', lines);
  else if (Array.isArray(value) && value.length > 0) writeList(value, '', lines);
  else lines.push(inline(value, ''));
  return `${lines.join('\n')}\n`;
}

/** A collection written as a block below its key or dash (not empty: `{}` and `[]` are inline). */
function isBlock(value: unknown): boolean {
  return Array.isArray(value) ? value.length > 0 : isMapping(value) && Object.keys(value).length > 0;
}

/** The mapping's entries at `indent`; the first line is prefixed with `first` (a list's dash) when given. */
function writeMapping(mapping: Record<string, unknown>, indent: string, lines: string[], first = indent): void {
  let prefix = first;
  let written = 0;
  for (const [key, value] of Object.entries(mapping)) {
    if (value === undefined) continue;
    // YAML reads a key of at most 1024 characters without `?`, a form this writer does not write.
    if (key.length > 1000) throw new RangeError(`a key of ${key.length} characters`);
    const head = `${prefix}${text(key, indent, true)}:`;
    prefix = indent;
    written += 1;
    if (Array.isArray(value) && value.length > 0) {
      lines.push(head);
      writeList(value, indent + INDENT, lines);
    } else if (isBlock(value)) {
      lines.push(head);
      writeMapping(value as Record<string, unknown>, indent + INDENT, lines);
    } else lines.push(`${head} ${inline(value, indent + INDENT)}`);
  }
  if (written === 0) lines.push(`${first}{}`);
}

function writeList(items: readonly unknown[], indent: string, lines: string[]): void {
  for (const item of items) {
    const dash = `${indent}- `;
    if (isMapping(item) && isBlock(item)) writeMapping(item, indent + INDENT, lines, dash);
    else if (Array.isArray(item) && item.length > 0) {
      // A list in a list: its first item on the dash's line, as `yaml` writes it.
      const nested: string[] = [];
      writeList(item, indent + INDENT, nested);
      lines.push(dash + (nested[0] as string).slice(indent.length + INDENT.length), ...nested.slice(1));
    } else lines.push(`${dash}${inline(item ?? null, indent + INDENT)}`);
  }
}

/** A scalar or an empty collection on its key's or dash's line; a block text's lines go at `indent`. */
function inline(value: unknown, indent: string): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'number') return number(value);
  if (typeof value === 'string') return text(value, indent, false);
  if (Array.isArray(value)) return '[]';
  if (isMapping(value)) return '{}';
  throw new TypeError(`cannot write a ${typeof value} as YAML`);
}

function number(value: number): string {
  if (Number.isNaN(value)) return '.nan';
  if (!Number.isFinite(value)) return value < 0 ? '-.inf' : '.inf';
  return Object.is(value, -0) ? '-0' : String(value);
}

// What `yaml` will not write plain: an indicator first, `: ` or ` #` inside, a space or `:` last.
const NOT_PLAIN = /^[\n\t ,[\]{}#&*!|>'"%@`]|^[?-]$|^[?-][ \t]|[\n:][ \t]|[ \t]\n|[\n\t ]#|[\n\t :]$/;
const DOCUMENT_MARKER = /^(?:%|---|\.\.\.)/m;
// Written double-quoted with escapes: control characters and lone surrogates.
const ESCAPED = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u{D800}-\u{DFFF}]/u;

function text(value: string, indent: string, isKey: boolean): string {
  if (ESCAPED.test(value)) return JSON.stringify(value);
  const multiline = value.includes('\n');
  if (!multiline && !NOT_PLAIN.test(value) && coreValue(value) === value && !DOCUMENT_MARKER.test(value)) return value;
  if (multiline && !isKey) return literalBlock(value, indent);
  return quoted(value);
}

/** Single quotes unless the text holds a `'` and no `"`. */
function quoted(value: string): string {
  if (value.includes('\n')) return JSON.stringify(value);
  if (value.includes("'") && !value.includes('"')) return JSON.stringify(value);
  return `'${value.replaceAll("'", "''")}'`;
}

/** `|` or `|-` with the text's lines at `indent`; other texts as double-quoted JSON. */
function literalBlock(value: string, indent: string): string {
  const trailing = /\n*$/.exec(value)?.[0].length ?? 0;
  // Keep-chomping, leading spaces, a blank last line and document markers take rarer forms.
  if (
    trailing > 1 ||
    trailing === value.length ||
    /^\n*[ \t]/.test(value) ||
    /\n[\t ]+$/.test(value) ||
    DOCUMENT_MARKER.test(value)
  )
    return JSON.stringify(value);
  const body = trailing === 1 ? value.slice(0, -1) : value;
  // Blank lines are left empty, but for a first one, which `yaml` indents.
  const lines = body.split('\n').map((line, at) => (line === '' && at > 0 ? '' : indent + line));
  return `|${trailing === 1 ? '' : '-'}\n${lines.join('\n')}`;
}
