// JSON in exactly the form prettier gives it (printWidth 120), so emitted JSON needs no formatter
// run: JSON.stringify's layout (every non-empty object and array expanded), except that an array
// of scalars goes on one line where it fits. A test checks every emitted .json file is a
// prettier fixed point.

const PRINT_WIDTH = 120;

const SCALAR = String.raw`(?:"(?:[^"\\\n]|\\.)*"|[-+.\deE]+|true|false|null)`;
/** An expanded array of scalars: a raw line end follows "[" only where an array opens (strings escape theirs). */
const SCALAR_ARRAY = new RegExp(String.raw`\[\n(?: *${SCALAR},\n)* *${SCALAR}\n *\]`, 'g');

export function canonicalJson(value: unknown): string {
  const text = JSON.stringify(value, null, 2).replace(SCALAR_ARRAY, (array: string, at: number, whole: string) => {
    const lines = array.slice(2, array.lastIndexOf('\n')).split('\n');
    const items = lines.map((line, index) => line.trimStart().slice(0, index < lines.length - 1 ? -1 : undefined));
    const flat = `[${items.join(', ')}]`;
    // What the line holds besides the array: the text before it, and a comma after it.
    const used = at - (whole.lastIndexOf('\n', at) + 1) + (whole[at + array.length] === ',' ? 1 : 0);
    return used + flat.length <= PRINT_WIDTH ? flat : array;
  });
  return `${text}\n`;
}
