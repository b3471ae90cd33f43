// Banner Resource API end to end: Digest with privileges per role, both path spellings, list with
// sort and filter (indexed and short form), create/update/delete with the conventions' failures, batches.
import { describe, expect, it } from 'vitest';
import {
  curl,
  expectClientError,
  expectEnvelopeFailure,
  send,
  useDigestService,
  type ReceivedResponse,
  type DigestUser,
  type Send,
} from './helpers.js';
import { sampleBanner } from './sample-bodies.js';

const shop = useDigestService();

const call = (path: string, options: Send = {}, user: DigestUser = shop.api): Promise<ReceivedResponse> =>
  user.sendJson(path, options);

const banner = sampleBanner;

async function create(overrides: Record<string, unknown> = {}): Promise<number> {
  const answer = await call('/api/Banner', { method: 'POST', body: banner(overrides) });
  expect(answer.status, answer.text).toBe(201);
  return answer.json.data.id as number;
}

describe('authentication and privileges', () => {
  it('answers 401 with the challenge and the envelope without credentials, on both spellings', async () => {
    for (const path of ['/api/Banner', '/api/banner', '/api/Banner/1']) {
      const answer = await send(shop.service.baseUrl, path);
      expectEnvelopeFailure(answer, 401, 'Invalid or missing auth');
      expect(answer.header('www-authenticate')).toMatch(/^Digest realm="svc REST-API"/);
    }
  });

  it('answers curl --digest with {success, data: {data, total}}', async () => {
    const answer = await curl([
      '--digest',
      '-u',
      `${shop.service.config.apiUsername}:${shop.service.config.apiKey}`,
      `${shop.service.baseUrl}/api/Banner`,
    ]);
    expect(answer.status).toBe(200);
    const body = JSON.parse(answer.body);
    expect(body).toEqual({ success: true, data: { data: expect.any(Array), total: expect.any(Number) } });
    expect(body.data.total).toBe(body.data.data.length);
    expect(body.data.data[0]).toMatchObject({ id: 1, description: 'Summer sale', extension: 'jpg' });
  });

  it('creates, updates and deletes with curl --digest, on the lower-case path too', async () => {
    const credentials = `${shop.service.config.apiUsername}:${shop.service.config.apiKey}`;
    const created = await curl([
      '--digest',
      '-u',
      credentials,
      '-H',
      'Content-Type: application/json',
      '-d',
      JSON.stringify(banner({ description: 'Curl banner', categoryId: '9' })),
      `${shop.service.baseUrl}/api/banner`,
    ]);
    expect(created.status).toBe(201);
    const { id, location } = JSON.parse(created.body).data as { id: number; location: string };
    expect(location).toBe(`${shop.service.baseUrl}/api/banner/${id}`);
    expect(created.headers).toContain(`${location}`);
    const updated = await curl([
      '--digest',
      '-u',
      credentials,
      '-X',
      'PUT',
      '-H',
      'Content-Type: application/json',
      '-d',
      '{"description":"Curl banner 2"}',
      `${shop.service.baseUrl}/api/Banner/${id}`,
    ]);
    expect(JSON.parse(updated.body)).toEqual({
      success: true,
      data: { id, location: `${shop.service.baseUrl}/api/Banner/${id}` },
    });
    const removed = await curl([
      '--digest',
      '-u',
      credentials,
      '-X',
      'DELETE',
      `${shop.service.baseUrl}/api/Banner/${id}`,
    ]);
    expect(JSON.parse(removed.body)).toEqual({ success: true });
    const readOnly = await curl([
      '--digest',
      '-u',
      `${shop.service.config.apiReaderUsername}:${shop.service.config.apiReaderKey}`,
      '-X',
      'DELETE',
      `${shop.service.baseUrl}/api/Banner/1`,
    ]);
    expect(readOnly.status).toBe(403);
  });

  it('lets the reader read, and answers 403 naming role, privilege and resource for everything else', async () => {
    expect((await call('/api/Banner', {}, shop.reader)).status).toBe(200);
    expect((await call('/api/Banner/1', {}, shop.reader)).status).toBe(200);
    const forbidden: [string, Send, string][] = [
      ['/api/Banner', { method: 'POST', body: banner() }, 'create'],
      ['/api/Banner/1', { method: 'PUT', body: { description: 'x' } }, 'update'],
      ['/api/Banner', { method: 'PUT', body: [{ id: 1, description: 'x' }] }, 'update'],
      ['/api/Banner/1', { method: 'DELETE' }, 'delete'],
      ['/api/Banner', { method: 'DELETE', body: [{ id: 1 }] }, 'delete'],
    ];
    for (const [path, options, privilege] of forbidden) {
      expectEnvelopeFailure(
        await call(path, options, shop.reader),
        403,
        `Role "reader" is not allowed to "${privilege}" on resource "banner"`,
      );
    }
    expect((await call('/api/Banner/1', {}, shop.reader)).json.data.description).toBe('Summer sale');
  });
});

describe('list', () => {
  it('pages with limit and start and counts all matches', async () => {
    const answer = await call('/api/Banner?limit=1&start=1');
    expect(answer.json).toMatchObject({ success: true, data: { total: expect.any(Number) } });
    expect(answer.json.data.data).toHaveLength(1);
    expect(answer.json.data.data[0].id).toBe(2);
  });

  it('sorts by sort[i][property] and sort[i][direction]', async () => {
    const answer = await call(
      '/api/Banner?sort[0][property]=categoryId&sort[0][direction]=DESC&sort[1][property]=description',
    );
    const rows = answer.json.data.data as { categoryId: number; description: string }[];
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [rows[i - 1], rows[i]] as [(typeof rows)[number], (typeof rows)[number]];
      expect(a.categoryId > b.categoryId || (a.categoryId === b.categoryId && a.description <= b.description)).toBe(
        true,
      );
    }
  });

  it('filters with filter[i][property|value|expression] and with the short filter[name]=v', async () => {
    const byCategory = await call('/api/Banner?filter[0][property]=categoryId&filter[0][value]=3');
    expect(byCategory.json.data.data.every((row: { categoryId: number }) => row.categoryId === 3)).toBe(true);
    expect(byCategory.json.data.total).toBe(byCategory.json.data.data.length);
    const like = await call(
      `/api/Banner?filter[0][property]=description&filter[0][value]=${encodeURIComponent('%sale%')}&filter[0][expression]=LIKE`,
    );
    expect(like.json.data.data.map((row: { description: string }) => row.description)).toEqual(['Summer sale']);
    const short = await call('/api/Banner?filter[description]=New%20arrivals');
    expect(short.json.data.data.map((row: { id: number }) => row.id)).toEqual([2]);
    const both = await call(
      '/api/Banner?filter[0][property]=categoryId&filter[0][value]=3&filter[0][expression]=%3E%3D&filter[linkTarget]=_self',
    );
    expect(
      both.json.data.data.every(
        (row: { linkTarget: string; categoryId: number }) => row.linkTarget === '_self' && row.categoryId >= 3,
      ),
    ).toBe(true);
  });

  it.each([
    ['an unknown sort property', '/api/Banner?sort[0][property]=colour', /unknown sort property "colour"/],
    [
      'an unknown filter property',
      '/api/Banner?filter[0][property]=colour&filter[0][value]=x',
      /unknown filter property "colour"/,
    ],
    ['an unknown short filter property', '/api/Banner?filter[colour]=red', /unknown filter property "colour"/],
    [
      'an unknown expression',
      '/api/Banner?filter[0][property]=id&filter[0][value]=1&filter[0][expression]=SOUNDS',
      /unknown filter expression/,
    ],
    ['a sort direction other than ASC and DESC', '/api/Banner?sort[0][property]=id&sort[0][direction]=UP', /sort/],
    [
      'a text value for an integer filter',
      '/api/Banner?filter[0][property]=categoryId&filter[0][value]=three',
      /integer/,
    ],
    ['limit 0', '/api/Banner?limit=0', /limit/],
    ['a negative start', '/api/Banner?start=-5', /start/],
  ])('answers 400 to %s', async (_name, path, message) => {
    expectEnvelopeFailure(await call(path), 400, message);
  });
});

describe('one banner', () => {
  it('reads a banner with the extension derived from its image', async () => {
    const id = await create();
    const answer = await call(`/api/Banner/${id}`);
    expect(answer.json).toEqual({ success: true, data: { id, ...banner(), extension: 'jpeg' } });
  });

  it('answers 404 "Banner by id … not found" and ParameterMissing for an empty id', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const body = method === 'PUT' ? { description: 'x' } : undefined;
      expectEnvelopeFailure(
        await call('/api/Banner/7000', { method, ...(body ? { body } : {}) }),
        404,
        'Banner by id 7000 not found',
      );
      expectEnvelopeFailure(
        await call('/api/Banner/', { method, ...(body ? { body } : {}) }),
        400,
        'A required parameter is missing: id',
      );
      expectEnvelopeFailure(await call('/api/Banner/x7', { method, ...(body ? { body } : {}) }), 400);
    }
  });

  it('creates a banner: 201, Location, {id, location}; categoryId may be a string of digits', async () => {
    const answer = await call('/api/Banner', {
      method: 'POST',
      body: banner({ categoryId: '12', validFrom: null, validTo: null, image: 'media/noext' }),
    });
    expect(answer.status).toBe(201);
    const { id, location } = answer.json.data as { id: number; location: string };
    expect(answer.json).toEqual({ success: true, data: { id, location: `${shop.service.baseUrl}/api/Banner/${id}` } });
    expect(answer.header('location')).toBe(location);
    expect((await call(`/api/Banner/${id}`)).json.data).toMatchObject({
      categoryId: 12,
      validFrom: null,
      extension: '',
    });
  });

  it.each([
    ['a description over 60 characters', { description: 'd'.repeat(61) }, 'description'],
    ['an empty description', { description: '' }, 'description'],
    ['an empty image', { image: '' }, 'image'],
    ['an empty link', { link: '' }, 'link'],
    ['an unknown link target', { linkTarget: '_new' }, 'linkTarget'],
    ['categoryId 0', { categoryId: 0 }, 'categoryId'],
    ['a categoryId with letters', { categoryId: '12a' }, 'categoryId'],
    ['a date without time', { validFrom: '2025-09-01' }, 'validFrom'],
    ['validTo before validFrom', { validFrom: '2025-09-02T00:00:00Z', validTo: '2025-09-01T00:00:00Z' }, 'validTo'],
    ['an extension, which is derived', { extension: 'png' }, 'extension'],
    ['an id', { id: 5 }, 'id'],
  ])('answers ValidationException for %s', async (_name, overrides, field) => {
    const answer = await call('/api/Banner', { method: 'POST', body: banner(overrides) });
    expectEnvelopeFailure(answer, 400, 'Validation error');
    expect(answer.json.errors.some((error: string) => error.startsWith(`${field}: `))).toBe(true);
  });

  it('updates only the given fields and re-derives the extension', async () => {
    const id = await create();
    const answer = await call(`/api/Banner/${id}`, {
      method: 'PUT',
      body: { image: 'media/image/new.webp', categoryId: '8' },
    });
    expect(answer.json).toEqual({ success: true, data: { id, location: `${shop.service.baseUrl}/api/Banner/${id}` } });
    expect((await call(`/api/Banner/${id}`)).json.data).toMatchObject({
      description: 'Autumn deals',
      image: 'media/image/new.webp',
      extension: 'webp',
      categoryId: 8,
    });
    const invalid = await call(`/api/Banner/${id}`, { method: 'PUT', body: { validTo: '2020-01-01T00:00:00Z' } });
    expectEnvelopeFailure(invalid, 400, 'Validation error');
    expect(invalid.json.errors).toEqual(['validTo: This value should not be before validFrom.']);
  });

  it('deletes a banner', async () => {
    const id = await create();
    expect((await call(`/api/Banner/${id}`, { method: 'DELETE' })).json).toEqual({ success: true });
    expectEnvelopeFailure(await call(`/api/Banner/${id}`), 404, `Banner by id ${id} not found`);
  });

  it('answers 405 with Allow to a method the path does not serve', async () => {
    const answer = await call('/api/Banner', { method: 'PATCH', body: {} });
    expectEnvelopeFailure(answer, 405, 'Method PATCH is not allowed');
    expect(answer.header('allow')).toBe('GET, HEAD, POST, PUT, DELETE, OPTIONS');
    expectEnvelopeFailure(await call('/api/banner/1', { method: 'POST', body: {} }), 405);
  });
});

describe('batches', () => {
  it('creates and updates entry by entry, reporting each', async () => {
    const id = await create();
    const answer = await call('/api/Banner', {
      method: 'PUT',
      body: [
        { id, description: 'Batch updated' },
        banner({ description: 'Batch created' }),
        { id: 99_999, description: 'nobody' },
        { description: 'incomplete' },
        { id, validFrom: '2030-01-01T00:00:00Z' },
      ],
    });
    expect(answer.status).toBe(200);
    expect(answer.json.success).toBe(true);
    const [updated, created, missing, incomplete, invalid] = answer.json.data as Record<string, any>[];
    expect(updated).toEqual({
      success: true,
      operation: 'update',
      data: { id, location: `${shop.service.baseUrl}/api/Banner/${id}` },
    });
    expect(created).toMatchObject({ success: true, operation: 'create', data: { id: expect.any(Number) } });
    expect(missing).toEqual({ success: false, message: 'Banner by id 99999 not found' });
    expect(incomplete).toMatchObject({ success: false, message: 'Validation error' });
    expect(incomplete?.errors).toEqual(
      expect.arrayContaining([expect.stringMatching(/^image: /), expect.stringMatching(/^link: /)]),
    );
    expect(invalid).toEqual({
      success: false,
      message: 'Validation error',
      errors: ['validTo: This value should not be before validFrom.'],
    });
    expect((await call(`/api/Banner/${id}`)).json.data.description).toBe('Batch updated');
    expect((await call(`/api/Banner/${created?.data.id}`)).json.data.description).toBe('Batch created');
  });

  it('deletes entry by entry, reporting each', async () => {
    const id = await create();
    const answer = await call('/api/Banner', { method: 'DELETE', body: [{ id }, { id: 99_998 }] });
    expect(answer.json).toEqual({
      success: true,
      data: [
        { success: true, operation: 'delete', data: { id, location: `${shop.service.baseUrl}/api/Banner/${id}` } },
        { success: false, message: 'Banner by id 99998 not found' },
      ],
    });
  });

  // Entries that fail their schema are answered one by one: see banner-batch-entries.test.ts.
  it.each([
    ['an empty list', []],
    ['an object instead of a list', { id: 1 }],
  ])('answers 400 to %s', async (_name, body) => {
    expectEnvelopeFailure(await call('/api/Banner', { method: 'PUT', body }), 400);
    expectEnvelopeFailure(await call('/api/Banner', { method: 'DELETE', body }), 400);
  });
});

describe('hostile input', () => {
  it.each([
    ['JSON null', 'null'],
    ['a number', '42'],
    ['broken JSON', '{"description":'],
    ['a prototype key', '{"__proto__":{"isAdmin":true},"description":"x"}'],
    ['a constructor.prototype key', '{"constructor":{"prototype":{"polluted":true}}}'],
    ['deep nesting', `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`],
  ])('answers %s with a 4xx on every body route', async (_name, body) => {
    for (const [method, path] of [
      ['POST', '/api/Banner'],
      ['PUT', '/api/Banner/1'],
      ['PUT', '/api/Banner'],
      ['DELETE', '/api/Banner'],
    ] as const) {
      expectClientError(await call(path, { method, body }));
    }
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('stores a lone surrogate without failing', async () => {
    const id = await create();
    const answer = await call(`/api/Banner/${id}`, { method: 'PUT', body: '{"description":"\\ud800 x"}' });
    expect(answer.status).toBe(200);
    expect((await call(`/api/Banner/${id}`)).status).toBe(200);
  });

  it('answers hostile query strings with a 4xx, never a 5xx', async () => {
    for (const query of [
      'sort[__proto__][property]=id',
      'filter[0][value][a][b][c][d][e][f]=1',
      `sort[${'9'.repeat(30)}][property]=id`,
      'filter=%',
      'limit=1e3',
      'limit=99999999999999999999',
      'filter[0][property]=id&filter[0][expression]=IN&filter[0][value]=1',
    ]) {
      const answer = await call(`/api/Banner?${query}`);
      expect(answer.status, `${query}: ${answer.text}`).toBeLessThan(500);
    }
  });
});
