// Identifier helpers shared by the IR checks and every emitter, so a name is spelled one way everywhere.

/** Reserved and contextual words of TypeScript: camelCase adds "_" to keep one usable. */
export const RESERVED_WORDS: ReadonlySet<string> = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally for ' +
    'function if import in instanceof new null return super switch this throw true try typeof var void while with ' +
    'as implements interface let package private protected public static yield any boolean constructor declare get ' +
    'module require number set string symbol type from of undefined unknown never object await async'
  ).split(' '),
);

function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
}

export function pascalCase(name: string): string {
  return remembered(pascalCases, name, () => {
    const joined = words(name)
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join('');
    return /^[0-9]/.test(joined) ? `_${joined}` : joined;
  });
}

export function camelCase(name: string): string {
  return remembered(camelCases, name, () => {
    const pascal = pascalCase(name);
    const camel = pascal.charAt(0).toLowerCase() + pascal.slice(1);
    return RESERVED_WORDS.has(camel) ? `${camel}_` : camel;
  });
}

// Emitters ask for the same few thousand names hundreds of thousands of times in a large run.
const pascalCases = new Map<string, string>();
const camelCases = new Map<string, string>();
const REMEMBERED_NAMES = 50_000;

function remembered(cache: Map<string, string>, name: string, convert: () => string): string {
  let converted = cache.get(name);
  if (converted === undefined) {
    // A long-lived process (svcgen watch) meets new names on every edit: start afresh now and then.
    if (cache.size >= REMEMBERED_NAMES) cache.clear();
    converted = convert();
    cache.set(name, converted);
  }
  return converted;
}

/** Code-point order: the same on every machine and locale. */
export function compareCodePoints(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A mapping's entries in code-point order of their keys. */
export function sortedEntries<T>(mapping: Readonly<Record<string, T>> | undefined): [string, T][] {
  return Object.entries(mapping ?? {}).sort(([a], [b]) => compareCodePoints(a, b));
}

/** A value with the members of every object in code-point order: the order written never shows in the output. */
export function withSortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withSortedKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    sortedEntries(value as Record<string, unknown>).map(([key, item]) => [key, withSortedKeys(item)]),
  );
}

/** "(expected one of: a, b, c; did you mean "b"?)": what is allowed, and the nearest of it. */
export function expectedOneOf(found: string, candidates: readonly string[]): string {
  const hint = closest(found, candidates);
  const list = candidates.length > 0 ? candidates.join(', ') : 'none declared';
  return `(expected one of: ${list}${hint !== undefined ? `; did you mean "${hint}"?` : ''})`;
}

/**
 * The closest candidate by edit distance, for "did you mean" hints. A short word has few close
 * neighbours that mean the same: within a third of its length (one edit below six letters), and
 * when two candidates are equally near, neither is the one meant ("uid": uri or uuid?).
 */
export function closest(found: string, candidates: readonly string[]): string | undefined {
  const scored = candidates
    .map((candidate) => ({ candidate, distance: editDistance(found.toLowerCase(), candidate.toLowerCase()) }))
    .filter(({ candidate, distance }) => distance <= Math.max(1, Math.floor(candidate.length / 3)))
    .sort((a, b) => a.distance - b.distance || compareCodePoints(a.candidate, b.candidate));
  const [first, second] = scored;
  if (first && second && first.distance === second.distance && first.distance > 0) return undefined;
  return first?.candidate;
}

/** Edits between two words: insertions, deletions, substitutions and swaps of neighbours ("emial"). */
function editDistance(a: string, b: string): number {
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let distance = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        distance = Math.min(distance, (before[j - 2] ?? 0) + 1);
      current[j] = distance;
    }
    before = previous;
    previous = current;
  }
  return previous[b.length] ?? 0;
}
