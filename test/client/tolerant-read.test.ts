// Clients read answers tolerantly (issue 20, failure 3): members the strict record schemas do not
// declare are dropped at any depth, and every other problem is still reported.
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { readTolerantly } from '../../src/runtime/core/tolerant-read.js';

const author = z.strictObject({ name: z.string() });
const book = z.strictObject({
  id: z.int(),
  title: z.string().max(5),
  get author() {
    return author.optional();
  },
  tags: z.array(z.strictObject({ label: z.string() })).optional(),
});

describe('readTolerantly', () => {
  it('drops unknown members of the record, of nested records and of list items, in place', () => {
    const value = {
      id: 1,
      title: 'Dune',
      isbn: 'x',
      author: { name: 'F', born: 1920 },
      tags: [{ label: 'a', extra: true }],
    };
    const reading = readTolerantly(z.array(book), [value]);
    expect(reading).toEqual({
      ok: true,
      value: [{ id: 1, title: 'Dune', author: { name: 'F' }, tags: [{ label: 'a' }] }],
    });
  });

  it('reports the other problems, and not the unknown members', () => {
    const reading = readTolerantly(book, { id: 1.5, title: 'Too long', isbn: 'x' });
    expect(reading.ok).toBe(false);
    expect(!reading.ok && reading.issues).toEqual([expect.stringMatching(/^id: /), expect.stringMatching(/^title: /)]);
  });

  it('leaves a valid answer as it is', () => {
    const value = { id: 1, title: 'Dune' };
    expect(readTolerantly(book, value)).toEqual({ ok: true, value: { id: 1, title: 'Dune' } });
  });

  it('still refuses an answer that is not a record', () => {
    expect(readTolerantly(book, ['Dune']).ok).toBe(false);
  });
});
