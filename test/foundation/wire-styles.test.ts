// Each interface style and error style is one module per side (issue 32): wire-<style>.ts (and
// wire-<style>-server.ts) under src/runtime/wire/ for the runtime, src/emitters/wire/<style>.ts for OpenAPI
// and the docs,
// each looked up by the style's word (src/runtime/wire/wire-styles.ts, wire-server-styles.ts,
// wire-error-styles.ts, src/emitters/wire/index.ts). A comparison with a
// style's word, a `case` on one or a table keyed by them anywhere else in src/ is a switch over the style
// that a new style would miss.
import { readdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../helpers/source-files.js';
import { ERROR_STYLES, INTERFACE_STYLES } from '../../src/runtime/core/vocabulary.js';

const WORDS = [...INTERFACE_STYLES, ...ERROR_STYLES].map((word) => word.replace(/-/g, '\\-')).join('|');
const SWITCHES = [
  // meta.style === 'jsonapi', iface.errorStyle !== 'success-false', 'api-alias' === style
  new RegExp(`\\b\\w*[sS]tyle\\s*[!=]==?\\s*'(${WORDS})'`, 'g'),
  new RegExp(`'(${WORDS})'\\s*[!=]==?\\s*[\\w.?]*[sS]tyle\\b`, 'g'),
  // case 'success-envelope':
  new RegExp(`\\bcase\\s+'(${WORDS})'\\s*:`, 'g'),
  // a table row keyed by a style: 'errors-array': …, or jsonapi: … at the start of a line
  new RegExp(`(?<!\\bcase\\s+)'(${WORDS})'\\s*:`, 'g'),
  new RegExp(`^\\s*(${WORDS})\\s*:`, 'gm'),
];

/** Where the styles' words may decide something: the word lists and the style modules with their lookups. */
function isWireModule(file: string): boolean {
  return (
    file === 'src/runtime/core/vocabulary.ts' ||
    file.startsWith('src/runtime/wire/') ||
    file.startsWith('src/emitters/wire/')
  );
}

export function styleSwitches(text: string): string[] {
  return SWITCHES.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[0].trim()));
}

describe('the wire styles', () => {
  it('finds a switch over a style (the check can fail)', () => {
    expect(styleSwitches("if (meta.style === 'jsonapi') return;")).toEqual(["style === 'jsonapi'"]);
    expect(styleSwitches("const plain = module.interface?.style !== 'api-alias';")).toEqual(["style !== 'api-alias'"]);
    expect(styleSwitches("switch (iface.errorStyle) {\n  case 'success-false':\n")).toEqual(["case 'success-false':"]);
    expect(styleSwitches("const TEXT = {\n  jsonapi: 'documents',\n  'success-envelope': 'wrapped',\n};")).toEqual([
      "'success-envelope':",
      'jsonapi:',
    ]);
    // A representation is not a style, and setting a style decides nothing.
    expect(styleSwitches("if (representation === 'jsonapi') return;\nconst iface = { style: 'api-alias' };")).toEqual(
      [],
    );
  });

  it('are decided in their own modules only', async () => {
    const found: string[] = [];
    for (const file of await sourceFiles(['src'], ['.ts'])) {
      if (isWireModule(file)) continue;
      for (const match of styleSwitches(await readFile(file, 'utf8'))) found.push(`${file}: ${match}`);
    }
    expect(found).toEqual([]);
  });

  it('each have a runtime module and an emitter module', async () => {
    const runtime = (await sourceFiles(['src/runtime/wire'], ['.ts'])).map((file) => file.split('/').pop());
    const emitters = await readdir('src/emitters/wire');
    for (const style of [...INTERFACE_STYLES, ...ERROR_STYLES]) {
      expect(runtime).toContain(`wire-${style}.ts`);
      expect(emitters).toContain(`${style}.ts`);
    }
    // An interface style's server side is its own file, which a client's output leaves out.
    for (const style of INTERFACE_STYLES) expect(runtime).toContain(`wire-${style}-server.ts`);
  });
});
