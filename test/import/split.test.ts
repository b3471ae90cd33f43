// A large import keeps every definitions file under the size limit: records move to files of their
// own and references to them name their file; routes follow into routesOf files when that is not enough.
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

  it('moves routes to routesOf files when the interface file is still too large', () => {
    const route = (index: number) => ({
      method: 'GET' as const,
      path: `/a${index}`,
      description: 'x'.repeat(Math.floor(MAX_FILE_BYTES / 5)),
      responses: { '200': { body: { type: 'record' as const, record: 'a' } } },
    });
    const file: DefinitionFile = {
      name: 'big',
      interface: { title: 'Big', basePath: '/', style: 'success-envelope', errorStyle: 'success-false' },
      records: { a: bigRecord(10) },
      routes: Object.fromEntries([0, 1, 2, 3].map((index) => [`get${index}`, route(index)])),
    };
    const parts = splitDefinitions(file);
    expect(parts.map((part) => part.name)).toEqual(['big', 'big-routes-1', 'big-routes-2', 'big-records-1']);
    expect(parts[0]?.routes).toBeUndefined();
    expect(parts[0]?.interface).toEqual(file.interface);
    for (const part of parts.slice(1, 3)) {
      expect(part.routesOf).toBe('big');
      expect(JSON.stringify(part).length).toBeLessThan(MAX_FILE_BYTES);
    }
    expect(parts[1]?.routes?.get0?.responses['200']?.body?.record).toBe('big-records-1.a');
    expect(parts.flatMap((part) => Object.keys(part.routes ?? {}))).toEqual(['get0', 'get1', 'get2', 'get3']);
  });
});
