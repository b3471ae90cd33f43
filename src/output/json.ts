// JSON in exactly the form prettier gives it (printWidth 120), so emitted JSON needs no formatter
// run: non-empty objects always expanded, arrays on one line when they hold only scalars and fit.
// A test checks every emitted .json file is a prettier fixed point.
//
// Only a one-line array depends on the space around it (its key's width, a following comma); an
// object's text depends on nothing but its indent. So an object printed once can be reused at the
// same indent anywhere (PrintedJson), and printed with holes that are filled in later (jsonParts).

const PRINT_WIDTH = 120;

/** An object's text as printed at `indent`, to put into a larger value at that same indent. */
export class PrintedJson {
  constructor(
    readonly text: string,
    readonly indent: number,
  ) {}
}

/**
 * Writes into `out`, laid out as canonicalJson lays out an object at `indent`, an object whose
 * members write their own values (each as printed at indent + 2): a large object assembled from
 * printed parts is joined once, not once per level.
 */
export function writeObject(members: Record<string, (out: string[]) => void>, indent: number, out: string[]): void {
  const entries = Object.entries(members);
  if (entries.length === 0) {
    out.push('{}');
    return;
  }
  const inner = ' '.repeat(indent + 2);
  out.push('{\n');
  entries.forEach(([key, write], index) => {
    out.push(inner, JSON.stringify(key), ': ');
    write(out);
    out.push(index < entries.length - 1 ? ',\n' : '\n');
  });
  out.push(' '.repeat(indent), '}');
}

type HoleOf = (value: object) => string | undefined;

const noHoles: HoleOf = () => undefined;

export function canonicalJson(value: unknown): string {
  return `${print(value, 0, 0, noHoles, [])}\n`;
}

/**
 * An object printed at `indent` as [text, hole, text, …, text]: where `holeOf` names a value, the
 * text has a gap to fill with a JSON string later. A hole may be an object member's value, never an
 * array item (a scalar array's layout would depend on what fills it).
 */
export function jsonParts(value: object, indent: number, holeOf: HoleOf): string[] {
  const holes: string[] = [];
  const parts = print(value, indent, 0, holeOf, holes).split(HOLE);
  for (let index = 1; index < parts.length; index += 2) parts[index] = holes[Number(parts[index])] as string;
  return parts;
}

/** Marks a hole's number in printed text: JSON.stringify escapes every control character, so no printed value holds it. */
const HOLE = '\u0001';

/** `used` is how many characters the line already holds before this value, plus what follows it. */
function print(value: unknown, indent: number, used: number, holeOf: HoleOf, holes: string[]): string {
  if (Array.isArray(value)) return printArray(value, indent, used, holeOf, holes);
  if (typeof value === 'object' && value !== null) return printObject(value, indent, holeOf, holes);
  return JSON.stringify(value) ?? 'null';
}

function printObject(object: object, indent: number, holeOf: HoleOf, holes: string[]): string {
  if (object instanceof PrintedJson) {
    if (object.indent !== indent) throw new Error(`json: text printed at indent ${object.indent} used at indent ${indent}`);
    return object.text;
  }
  const hole = holeOf(object);
  if (hole !== undefined) return `${HOLE}${holes.push(hole) - 1}${HOLE}`;
  const entries = Object.entries(object).filter(([, value]) => value !== undefined);
  if (entries.length === 0) return '{}';
  const inner = ' '.repeat(indent + 2);
  const lines = entries.map(([key, value], index) => {
    const prefix = `${inner}${JSON.stringify(key)}: `;
    const comma = index < entries.length - 1 ? 1 : 0;
    return `${prefix}${print(value, indent + 2, prefix.length + comma, holeOf, holes)}`;
  });
  return `{\n${lines.join(',\n')}\n${' '.repeat(indent)}}`;
}

function printArray(items: readonly unknown[], indent: number, used: number, holeOf: HoleOf, holes: string[]): string {
  if (items.length === 0) return '[]';
  const scalars = items.every((item) => item === null || typeof item !== 'object');
  if (scalars) {
    const flat = `[${items.map((item) => JSON.stringify(item) ?? 'null').join(', ')}]`;
    if (used + flat.length <= PRINT_WIDTH) return flat;
  }
  const inner = ' '.repeat(indent + 2);
  const lines = items.map((item, index) => {
    if (typeof item === 'object' && item !== null && holeOf(item) !== undefined) throw new Error('json: a hole cannot be an array item');
    return `${inner}${print(item, indent + 2, inner.length + (index < items.length - 1 ? 1 : 0), holeOf, holes)}`;
  });
  return `[\n${lines.join(',\n')}\n${' '.repeat(indent)}]`;
}
