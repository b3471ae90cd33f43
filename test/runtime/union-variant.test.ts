// Which record variant a union value is (src/runtime/core/union-variant.ts), as apiAlias and json:api choose it:
// a tagged union by its discriminator, an untagged one by the variant whose required members the value holds,
// the one asking the most of them when several do (the variant the server's serializer writes, union-shapes.test.ts).
import { describe, expect, it } from 'vitest';
import { variantRecord } from '../../src/runtime/core/union-variant.js';

const untagged = {
  variants: [
    { record: 'person', required: ['name'] },
    { record: 'notary', required: ['license', 'name'] },
    { record: 'code', required: ['code'] },
  ],
};
const tagged = {
  property: 'kind',
  variants: [
    { record: 'cat', value: 'cat' },
    { record: 'dog', value: 'dog' },
  ],
};

describe('variantRecord', () => {
  it.each([
    ['a person', { name: 'Ada' }, 'person'],
    ['a person with an undeclared member', { name: 'Ada', secret: 1 }, 'person'],
    ['a notary, written after the person it also satisfies', { name: 'Bo', license: 'L-1' }, 'notary'],
    ['a code', { code: 7 }, 'code'],
    ['a value no variant holds', { license: 'L-1' }, undefined],
    ['a list', [{ name: 'Ada' }], undefined],
    ['null', null, undefined],
  ])('reads %s as its variant', (_, value, record) => {
    expect(variantRecord(untagged, value)).toBe(record);
  });

  it('reads a tagged union by its discriminator alone', () => {
    expect(variantRecord(tagged, { kind: 'dog', lives: 9 })).toBe('dog');
    expect(variantRecord(tagged, { kind: 'bird' })).toBeUndefined();
  });
});
