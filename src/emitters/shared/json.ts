// JSON in exactly the form prettier gives it (printWidth 120), so emitted JSON needs no formatter
// run: non-empty objects always expanded, arrays on one line when they hold only scalars and fit.
// A test checks every emitted .json file is a prettier fixed point. Everything is written into
// one array of pieces, joined once at the end.

const PRINT_WIDTH = 120;

export function canonicalJson(value: unknown): string {
  const out: string[] = [];
  print(value, 0, 0, out);
  out.push('\n');
  return out.join('');
}

/** `used` is how many characters the line already holds before this value, plus what follows it. */
function print(value: unknown, indent: number, used: number, out: string[]): void {
  if (Array.isArray(value)) printArray(value, indent, used, out);
  else if (typeof value === 'object' && value !== null) printObject(value, indent, out);
  else out.push(JSON.stringify(value) ?? 'null');
}

function printObject(object: object, indent: number, out: string[]): void {
  const members = Object.entries(object).filter(([, value]) => value !== undefined);
  if (members.length === 0) {
    out.push('{}');
    return;
  }
  const inner = ' '.repeat(indent + 2);
  out.push('{\n');
  members.forEach(([key, value], index) => {
    const prefix = `${inner}${JSON.stringify(key)}: `;
    const last = index === members.length - 1;
    out.push(prefix);
    print(value, indent + 2, prefix.length + (last ? 0 : 1), out);
    out.push(last ? '\n' : ',\n');
  });
  out.push(' '.repeat(indent), '}');
}

function printArray(items: readonly unknown[], indent: number, used: number, out: string[]): void {
  if (items.length === 0) {
    out.push('[]');
    return;
  }
  if (items.every((item) => item === null || typeof item !== 'object')) {
    const flat = `[${items.map((item) => JSON.stringify(item) ?? 'null').join(', ')}]`;
    if (used + flat.length <= PRINT_WIDTH) {
      out.push(flat);
      return;
    }
  }
  const inner = ' '.repeat(indent + 2);
  out.push('[\n');
  items.forEach((item, index) => {
    const last = index === items.length - 1;
    out.push(inner);
    print(item, indent + 2, inner.length + (last ? 0 : 1), out);
    out.push(last ? '\n' : ',\n');
  });
  out.push(' '.repeat(indent), ']');
}
