// JSON in exactly the form prettier gives it (printWidth 120), so emitted JSON needs no formatter
// run: non-empty objects always expanded, arrays on one line when they hold only scalars and fit.
// A test checks every emitted .json file is a prettier fixed point.

const PRINT_WIDTH = 120;

export function canonicalJson(value: unknown): string {
  return `${print(value, 0, 0)}\n`;
}

/** `used` is how many characters the line already holds before this value, plus what follows it. */
function print(value: unknown, indent: number, used: number): string {
  if (Array.isArray(value)) return printArray(value, indent, used);
  if (typeof value === 'object' && value !== null) return printObject(value as Record<string, unknown>, indent);
  return JSON.stringify(value) ?? 'null';
}

function printObject(object: Record<string, unknown>, indent: number): string {
  const entries = Object.entries(object).filter(([, value]) => value !== undefined);
  if (entries.length === 0) return '{}';
  const inner = ' '.repeat(indent + 2);
  const lines = entries.map(([key, value], index) => {
    const prefix = `${inner}${JSON.stringify(key)}: `;
    const comma = index < entries.length - 1 ? 1 : 0;
    return `${prefix}${print(value, indent + 2, prefix.length + comma)}`;
  });
  return `{\n${lines.join(',\n')}\n${' '.repeat(indent)}}`;
}

function printArray(items: readonly unknown[], indent: number, used: number): string {
  if (items.length === 0) return '[]';
  const scalars = items.every((item) => item === null || typeof item !== 'object');
  if (scalars) {
    const flat = `[${items.map((item) => JSON.stringify(item) ?? 'null').join(', ')}]`;
    if (used + flat.length <= PRINT_WIDTH) return flat;
  }
  const inner = ' '.repeat(indent + 2);
  const lines = items.map((item, index) => `${inner}${print(item, indent + 2, inner.length + (index < items.length - 1 ? 1 : 0))}`);
  return `[\n${lines.join(',\n')}\n${' '.repeat(indent)}]`;
}
