// "Did you mean …": the value a definition most likely meant, for a value that is not allowed.
// First the spellings other tools use for the same thing (int, bool, double, datetime), then the
// same word in another case (patch for PATCH), then the nearest allowed value by edit distance.
import { FORMAT_ALIASES, isIntegerFormat, isStringFormat } from '../ir/formats.js';
import { closest } from '../ir/names.js';

/** Common names, in other languages and formats, for svcgen's own values. */
const ALIASES: Readonly<Record<string, string>> = {
  int: 'integer',
  int32: 'integer',
  int64: 'integer',
  long: 'integer',
  bool: 'boolean',
  float: 'number',
  double: 'number',
  decimal: 'number',
  str: 'string',
  text: 'string',
  datetime: 'date-time',
  timestamp: 'date-time',
  array: 'list',
  object: 'record',
  dict: 'map',
  ...FORMAT_ALIASES,
};

/** The allowed value `found` most likely meant, or undefined when none is close. */
export function intendedValue(found: unknown, allowed: readonly string[]): string | undefined {
  if (typeof found !== 'string' || found === '') return undefined;
  const lower = found.toLowerCase();
  const alias = ALIASES[lower];
  if (alias !== undefined && allowed.includes(alias)) return alias;
  return allowed.find((value) => value.toLowerCase() === lower) ?? closest(found, allowed);
}

/** `did you mean "x"? ` before an "expected one of" list, or nothing. */
export function didYouMean(found: unknown, allowed: readonly string[]): string {
  const intended = intendedValue(found, allowed);
  return intended === undefined ? '' : `did you mean "${intended}"? `;
}

/**
 * `did you mean "type: string, format: uuid"? ` for a type word that is a format (OpenAPI's habit of
 * `type: string, format: uuid` read backwards), or nothing.
 */
export function formatAsType(found: string): string {
  const word = FORMAT_ALIASES[found.toLowerCase()] ?? found.toLowerCase();
  if (isStringFormat(word)) return `did you mean "type: string, format: ${word}"? `;
  if (isIntegerFormat(word)) return `did you mean "type: integer, format: ${word}"? `;
  return '';
}
