// Banner batches over real HTTP judge every entry on its own, also an entry that fails the schema
// itself (bodyEntries: each): the valid entries are applied, each invalid one is answered in its place
// with {success:false, message, errors}. Only a body that is not a non-empty list is a 400.
import { describe, expect, it } from 'vitest';
import { useDigestService, type ReceivedResponse, type Send } from './helpers.js';

const shop = useDigestService();

const call = (path: string, options: Send = {}): Promise<ReceivedResponse> => shop.api.sendJson(path, options);

const banner = (overrides: Record<string, unknown> = {}) => ({
  description: 'Entry by entry',
  image: 'media/image/entries.png',
  link: 'https://shop.example.com/entries',
  linkTarget: '_top',
  categoryId: 2,
  ...overrides,
});

async function create(): Promise<number> {
  const answer = await call('/api/Banner', { method: 'POST', body: banner() });
  expect(answer.status, answer.text).toBe(201);
  return answer.json.data.id as number;
}

const description = async (id: number): Promise<unknown> => (await call(`/api/Banner/${id}`)).json.data?.description;

/** The per-entry results of a batch that must answer 200. */
async function batch(method: 'PUT' | 'DELETE', body: unknown): Promise<Record<string, any>[]> {
  const answer = await call('/api/Banner', { method, body });
  expect(answer.status, answer.text).toBe(200);
  expect(answer.json.success).toBe(true);
  return answer.json.data as Record<string, any>[];
}

const failedWith = (field: string) => ({
  success: false,
  message: 'Validation error',
  errors: [expect.stringMatching(new RegExp(`^${field}: .+`))],
});

describe('PUT /api/Banner', () => {
  it("applies the first entry and answers the second, whose linkTarget is not allowed (the issue's example)", async () => {
    const [first, second] = [await create(), await create()];
    const results = await batch('PUT', [
      { id: first, description: 'Summer sale' },
      { id: second, linkTarget: '_new' },
    ]);
    expect(results).toEqual([
      {
        success: true,
        operation: 'update',
        data: { id: first, location: `${shop.service.baseUrl}/api/Banner/${first}` },
      },
      failedWith('linkTarget'),
    ]);
    expect(await description(first)).toBe('Summer sale');
    expect((await call(`/api/Banner/${second}`)).json.data.linkTarget).toBe('_top');
  });

  it('answers an entry with a 61-character description in its place, and applies the others', async () => {
    const [first, second, third] = [await create(), await create(), await create()];
    const results = await batch('PUT', [
      { id: first, description: 'x'.repeat(60) },
      { id: second, description: 'y'.repeat(61) },
      { id: third, description: 'Third' },
    ]);
    expect(results.map((result) => result.success)).toEqual([true, false, true]);
    expect(results[1]).toEqual(failedWith('description'));
    expect([await description(first), await description(second), await description(third)]).toEqual([
      'x'.repeat(60),
      'Entry by entry',
      'Third',
    ]);
  });

  it('answers a create without image in its place, and creates the complete one', async () => {
    const { image: _image, ...withoutImage } = banner({ description: 'No image' });
    const results = await batch('PUT', [withoutImage, banner({ description: 'With image' })]);
    expect(results[0]).toEqual(failedWith('image'));
    expect(results[1]).toMatchObject({ success: true, operation: 'create', data: { id: expect.any(Number) } });
    expect(await description(results[1]?.data.id as number)).toBe('With image');
    const listed = await call(`/api/Banner?filter[description]=${encodeURIComponent('No image')}`);
    expect(listed.json.data.total).toBe(0);
  });

  it('answers entries that are not records, or name read-only or unknown fields, each in its place', async () => {
    const id = await create();
    const results = await batch('PUT', [
      42,
      null,
      { id, extension: 'gif' },
      { id, colour: 'red' },
      { id: 'one' },
      { id, description: 'Still applied' },
    ]);
    expect(
      results.slice(0, 5).every((result) => result.success === false && result.message === 'Validation error'),
    ).toBe(true);
    for (const result of results.slice(0, 5)) expect(result.errors.length).toBeGreaterThan(0);
    expect(results[5]).toMatchObject({ success: true, operation: 'update' });
    expect(await description(id)).toBe('Still applied');
  });
});

describe('DELETE /api/Banner', () => {
  it("answers an unknown id and an id that is not an integer each in its place (the issue's example)", async () => {
    const results = await batch('DELETE', [{ id: 7_777_777 }, { id: 'x' }]);
    expect(results).toEqual([{ success: false, message: 'Banner by id 7777777 not found' }, failedWith('id')]);
  });

  it('deletes the valid entries beside an invalid one', async () => {
    const id = await create();
    const results = await batch('DELETE', [{ id: 'x' }, { id }]);
    expect(results[0]).toEqual(failedWith('id'));
    expect(results[1]).toEqual({
      success: true,
      operation: 'delete',
      data: { id, location: `${shop.service.baseUrl}/api/Banner/${id}` },
    });
    expect((await call(`/api/Banner/${id}`)).status).toBe(404);
  });
});

describe('what is wrong with the list itself fails the whole request', () => {
  it.each([
    ['an empty list', []],
    ['an object instead of a list', { id: 1 }],
    ['a number', 7],
  ])('answers 400 to %s on both batch routes', async (_name, body) => {
    for (const method of ['PUT', 'DELETE'] as const) {
      const answer = await call('/api/Banner', { method, body });
      expect(answer.status, answer.text).toBe(400);
      expect(answer.json).toMatchObject({ success: false, message: 'Validation error' });
    }
  });
});

it('says in the OpenAPI document that entries are validated one by one', async () => {
  const { readFile } = await import('node:fs/promises');
  const document = JSON.parse(
    await readFile(new URL('../../generated/banner-api/openapi.json', import.meta.url), 'utf8'),
  );
  for (const method of ['put', 'delete']) {
    const operation = document.paths['/api/Banner'][method];
    expect(operation.requestBody.description).toMatch(/Each entry is validated on its own/);
    expect(operation.requestBody.content['application/json'].schema).toMatchObject({ type: 'array', minItems: 1 });
  }
});
