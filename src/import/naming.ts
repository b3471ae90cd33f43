// Names for records, routes and the file: the document's own where they are valid, else a stable
// spelling of them, unique by the identifiers they become (src/ir/names.ts).
import { NAME_PATTERN } from '../definitions/schema-values.js';
import { camelCase, pascalCase, RESERVED_WORDS } from '../ir/names.js';

/** Record names that would shadow TypeScript's utility types in generated code. */
const UNUSABLE_RECORDS = new Set(['Record', 'Partial', 'Pick', 'Omit']);

/** A name matching NAME_PATTERN built from any text: words kept, other characters dropped. */
export function validName(text: string, fallback: string): string {
  const words = text.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const joined = words.map((word, index) => (index === 0 ? word : word[0]!.toUpperCase() + word.slice(1))).join('');
  return /^[A-Za-z]/.test(joined) ? joined : `${fallback}${pascalCase(joined)}`;
}

/** Hands out names whose generated identifiers (PascalCase) are unique. */
export class NameRegistry {
  private readonly taken = new Set<string>();

  /** The wanted name if free and valid, else a valid spelling with a number appended. */
  claim(wanted: string, fallback: string): string {
    let base = NAME_PATTERN.test(wanted) ? wanted : validName(wanted, fallback);
    if (UNUSABLE_RECORDS.has(pascalCase(base))) base = `${base}Type`;
    let name = base;
    for (let index = 2; this.taken.has(pascalCase(name).toLowerCase()); index += 1) name = `${base}${index}`;
    this.taken.add(pascalCase(name).toLowerCase());
    return name;
  }
}

/** A route name: the operationId when it is a usable method name, else its camelCase, else method and path. */
export function routeName(operationId: unknown, method: string, path: string): string {
  if (typeof operationId === 'string') {
    const name = camelCase(validName(operationId, 'op'));
    if (/^[a-z][A-Za-z0-9]*$/.test(name) && !RESERVED_WORDS.has(name)) return name;
  }
  const words = path
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith('{') ? `by-${segment.slice(1, -1)}` : segment));
  return camelCase(validName([method.toLowerCase(), ...words].join('-'), 'op'));
}

/** The definitions file name: the given one, else the title as lower-case words joined by "-". */
export function fileName(title: unknown): string {
  const words = String(title ?? '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const name = words.join('-').slice(0, 60).replace(/-$/, '');
  return /^[a-z]/.test(name) && name !== 'runtime' ? name : `api${name ? `-${name}` : ''}`;
}

/**
 * A path placeholder's name svcgen can use (`user-id` -> `userId`): the name is not on the wire, only
 * its place in the path is, so the rename keeps the contract. Undefined when no usable name comes out.
 */
export function placeholderName(name: string): string | undefined {
  if (/^[A-Za-z][A-Za-z0-9_]*$/.test(name)) return name;
  const renamed = camelCase(name);
  return /^[A-Za-z][A-Za-z0-9_]*$/.test(renamed) ? renamed : undefined;
}
