// A large import keeps every definitions file under the size limit: records move to files of their
// own and references to them name their file.
import { describe, expect, it } from 'vitest';
import type { DefinitionFile } from '../../src/definitions/schema.js';
import { MAX_FILE_BYTES } from '../../src/definitions/limits.js';
import { splitDefinitions } from '../../src/import/split.js';

/** A record whose description makes it about `bytes` long, pointing at `next`. */
const bigRecord = (bytes: number, next?: string) => ({
  description: 'x'.repeat(bytes),
  fields: next ? { next: { type: 'record' as const, record: next, required: false } } : {},
});

describe('splitDefinitions', () => {
  it('leaves a small file whole', () => {
    const file: DefinitionFile = { name: 'small', records: { a: bigRecord(10) } };
    expect(splitDefinitions(file)).toEqual([file]);
  });

  it('moves records to files under the limit and qualifies references across files', () => {
    const sixth = Math.floor(MAX_FILE_BYTES / 6);
    const file: DefinitionFile = {
      name: 'big',
      records: {
        a: bigRecord(sixth, 'b'),
        b: bigRecord(sixth, 'c'),
        c: bigRecord(sixth, 'd'),
        d: bigRecord(sixth, 'a'),
      },
      routes: {
        getA: {
          method: 'GET',
          path: '/a',
          responses: { '200': { body: { type: 'list', items: { type: 'record', record: 'a' } } } },
        },
      },
    };
    const parts = splitDefinitions(file);
    expect(parts.map((part) => part.name)).toEqual(['big', 'big-records-1', 'big-records-2']);
    for (const part of parts) expect(JSON.stringify(part).length).toBeLessThan(MAX_FILE_BYTES);
    expect(parts[0]?.records).toBeUndefined();
    expect(parts[0]?.routes?.getA?.responses['200']?.body?.items?.record).toBe('big-records-1.a');
    const home = new Map(parts.flatMap((part) => Object.keys(part.records ?? {}).map((record) => [record, part.name])));
    for (const part of parts.slice(1))
      for (const [name, record] of Object.entries(part.records ?? {})) {
        const target = record.fields.next?.record as string;
        const bare = target.includes('.') ? target.split('.')[1] : target;
        expect(home.get(name)).toBe(part.name);
        expect(target.includes('.')).toBe(home.get(bare as string) !== part.name);
      }
  });
});
