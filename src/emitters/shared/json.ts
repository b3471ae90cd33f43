// JSON in exactly the form prettier gives it (printWidth 120), so emitted JSON needs no formatter
// run: non-empty objects always expanded, arrays on one line when they hold only scalars and fit.
// A test checks every emitted .json file is a prettier fixed point.
//
// Only a one-line array depends on the space around it (its key's width, a following comma); an
// object's text depends on nothing but its indent. So an object printed once can be reused at the
// same indent anywhere (PrintedJson), and printed with holes that are filled in later (jsonParts).
// Everything is written into one array of pieces, joined once at the end.

const PRINT_WIDTH = 120;

/**
 * An object as printed at `indent`, to put into a larger value at that same indent: it writes
 * its text into the larger value's output, so a large document assembled from printed parts is
 * joined once, not once per level.
 */
export class PrintedJson {
  constructor(
    readonly write: (out: string[]) => void,
    readonly indent: number,
  ) {}
}

/** Writes a member's value into `out`; `used` is how many characters its line holds besides the value. */
export type WriteMember = (out: string[], used: number) => void;

/**
 * Writes into `out`, laid out as canonicalJson lays out an object at `indent`, an object whose members write their own
 * values (each as printed at indent + 2).
 */
export function writeObject(
  members: readonly (readonly [key: string, write: WriteMember])[],
  indent: number,
  out: string[],
): void {
  if (members.length === 0) {
    out.push('{}');
    return;
  }
  const inner = ' '.repeat(indent + 2);
  out.push('{\n');
  members.forEach(([key, write], index) => {
    const prefix = `${inner}${JSON.stringify(key)}: `;
    const last = index === members.length - 1;
    out.push(prefix);
    write(out, prefix.length + (last ? 0 : 1));
    out.push(last ? '\n' : ',\n');
  });
  out.push(' '.repeat(indent), '}');
}

type HoleOf = (value: object) => string | undefined;

/** What one printing run shares: where holes are, the texts that fill them, and the output pieces. */
type Printing = { readonly holeOf: HoleOf; readonly holes: string[]; readonly out: string[] };

export function canonicalJson(value: unknown): string {
  const out: string[] = [];
  print(value, 0, 0, { holeOf: () => undefined, holes: [], out });
  out.push('\n');
  return out.join('');
}

/**
 * An object printed at `indent` as [text, hole, text, …, text]: where `holeOf` names a value, the
 * text has a gap to fill with a JSON string later. A hole may be an object member's value, never an
 * array item (a scalar array's layout would depend on what fills it).
 */
export function jsonParts(value: object, indent: number, holeOf: HoleOf): string[] {
  const printing: Printing = { holeOf, holes: [], out: [] };
  print(value, indent, 0, printing);
  const parts = printing.out.join('').split(HOLE);
  for (let index = 1; index < parts.length; index += 2) parts[index] = printing.holes[Number(parts[index])] as string;
  return parts;
}

/**
 * Marks a hole's number in printed text: JSON.stringify escapes every control character, so no printed value holds it.
 */
const HOLE = '\u0001';

/** `used` is how many characters the line already holds before this value, plus what follows it. */
function print(value: unknown, indent: number, used: number, printing: Printing): void {
  if (Array.isArray(value)) printArray(value, indent, used, printing);
  else if (typeof value === 'object' && value !== null) printObject(value, indent, printing);
  else printing.out.push(JSON.stringify(value) ?? 'null');
}

function printObject(object: object, indent: number, printing: Printing): void {
  const { holeOf, holes, out } = printing;
  if (object instanceof PrintedJson) {
    if (object.indent !== indent)
      throw new Error(`json: text printed at indent ${object.indent} used at indent ${indent}`);
    object.write(out);
    return;
  }
  const hole = holeOf(object);
  if (hole !== undefined) {
    out.push(`${HOLE}${holes.push(hole) - 1}${HOLE}`);
    return;
  }
  const members = Object.entries(object)
    .filter(([, value]) => value !== undefined)
    // writeObject hands each member the `out` it was given: this run's.
    .map(([key, value]): [string, WriteMember] => [key, (_out, used) => print(value, indent + 2, used, printing)]);
  writeObject(members, indent, out);
}

function printArray(items: readonly unknown[], indent: number, used: number, printing: Printing): void {
  const { out } = printing;
  if (items.length === 0) {
    out.push('[]');
    return;
  }
  const scalars = items.every((item) => item === null || typeof item !== 'object');
  if (scalars) {
    const flat = `[${items.map((item) => JSON.stringify(item) ?? 'null').join(', ')}]`;
    if (used + flat.length <= PRINT_WIDTH) {
      out.push(flat);
      return;
    }
  }
  const inner = ' '.repeat(indent + 2);
  out.push('[\n');
  if (scalars && items.length > 1 && items.every((item) => typeof item === 'number' && Number.isFinite(item))) {
    fillNumbers(items as number[], inner, out);
    out.push('\n', ' '.repeat(indent), ']');
    return;
  }
  items.forEach((item, index) => {
    if (typeof item === 'object' && item !== null && printing.holeOf(item) !== undefined)
      throw new Error('json: a hole cannot be an array item');
    const last = index === items.length - 1;
    out.push(inner);
    print(item, indent + 2, inner.length + (last ? 0 : 1), printing);
    out.push(last ? '\n' : ',\n');
  });
  out.push(' '.repeat(indent), ']');
}

/**
 * prettier fills an array of numbers that does not fit on one line: as many items per line as fit, each line
 * judged from where its item starts by whether that item, a space and the next still fit.
 */
function fillNumbers(items: readonly number[], inner: string, out: string[]): void {
  const texts = items.map((item, index) => `${JSON.stringify(item)}${index === items.length - 1 ? '' : ','}`);
  let column = inner.length;
  out.push(inner);
  texts.forEach((text, index) => {
    const next = texts[index + 1];
    const fits = next !== undefined && column + text.length + 1 + next.length <= PRINT_WIDTH;
    out.push(text, next === undefined ? '' : fits ? ' ' : `\n${inner}`);
    column = fits ? column + text.length + 1 : inner.length;
  });
}
