// Header values as svcgen can send them (SVC240): a header line carries visible ASCII, space, tab and U+0080-U+00FF
// (RFC 9110 section 5.5). A header's pattern that admits more is narrowed to those characters by a lookahead, an
// enum value, const or default that cannot be sent is left out, and each change is reported. A json-style header
// is sent as ASCII JSON, so any value travels there.
import type { ParameterDefinition, TypeDefinition } from '../definitions/schema.js';
import { unsendableMatch } from '../ir/header-text.js';
import { parsePattern } from '../ir/pattern-automaton.js';
import { unsendableHeaderText } from '../runtime/core/header-text.js';
import { noteAt, type ImportContext } from './context.js';
import type { Place } from './refs.js';

/** The lookahead that keeps a match to characters a header carries. */
const HEADER_TEXT_LOOKAHEAD = '(?=[\\t\\x20-\\x7e\\x80-\\xff]*$)';

/** The header (`what` names it in the report) narrowed to values a header carries. */
export function sendableHeader(
  context: ImportContext,
  at: Place,
  what: string,
  header: ParameterDefinition,
): ParameterDefinition {
  if (header.style === 'json') return header;
  const note = (text: string) => noteAt(context, at, 'approximated', `${what}: ${text}, which no header carries`);
  const narrowed = { ...header, ...sendableType(header, note) } as ParameterDefinition;
  if (typeof header.default === 'string' && unsendableHeaderText(header.default) !== undefined) {
    note(`default ${JSON.stringify(header.default)} left out`);
    delete narrowed.default;
  }
  return narrowed;
}

function sendableType(type: TypeDefinition, note: (text: string) => void): TypeDefinition {
  if (type.type === 'list' && type.items) return { ...type, items: sendableType(type.items, note) };
  if (type.type === 'enum' && type.values) {
    const kept = type.values.filter((value) => unsendableHeaderText(String(value)) === undefined);
    const left = type.values.filter((value) => !kept.includes(value));
    if (left.length === 0) return type;
    note(`enum values ${left.map((value) => JSON.stringify(value)).join(', ')} left out`);
    if (kept.length > 0) return { ...type, values: kept };
    // No value left: any text a header carries.
    const { values: _left, ...text } = type;
    return { ...text, type: 'string' };
  }
  if (type.type !== 'string') return type;
  const narrowed = { ...type };
  if (typeof type.const === 'string' && unsendableHeaderText(type.const) !== undefined) {
    note(`const ${JSON.stringify(type.const)} left out`);
    delete narrowed.const;
  }
  const pattern = type.pattern;
  if (pattern !== undefined && type.format === undefined) {
    const value = unsendableMatch(pattern);
    if (value !== undefined) {
      narrowed.pattern = narrowedPattern(pattern);
      note(`pattern ${JSON.stringify(pattern)} narrowed to what a header carries: it admits ${JSON.stringify(value)}`);
    }
  }
  return narrowed;
}

/** The pattern, matching only text of characters a header carries: the lookahead runs where every match starts. */
export function narrowedPattern(pattern: string): string {
  const anchored = parsePattern(pattern).alternatives.every((alternative) => {
    const first = alternative.elements[0];
    return first?.type === 'Assertion' && first.kind === 'start';
  });
  return anchored ? `${HEADER_TEXT_LOOKAHEAD}(?:${pattern})` : `^${HEADER_TEXT_LOOKAHEAD}[\\s\\S]*?(?:${pattern})`;
}
