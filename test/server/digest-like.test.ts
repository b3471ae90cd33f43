// `like` on both Digest interfaces over real HTTP: one meaning, SQL LIKE. % any run, _ one character,
// a backslash escapes them, ASCII letters compared without case.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiUser, startService, type ReceivedResponse, type DigestUser, type Service } from './helpers.js';

let service: Service;
let api: DigestUser;

/** Texts the test writes itself: the answers are compared on these alone. */
const TEXTS = ['Like-100%', 'Like-1000', 'like_a', 'LIKEXa', 'like\\b'];

const json = { 'content-type': 'application/json' };
const priceFor = (orderNumber: string) => ({
  priceListId: 1,
  orderNumber,
  price: 1,
  pseudoPrice: 0,
  from: 1,
  to: 10,
  gross: true,
});

beforeAll(async () => {
  service = await startService();
  api = apiUser(service);
  const prices = await api.send('/api/PriceListPrices', {
    method: 'POST',
    headers: json,
    body: { prices: TEXTS.map(priceFor) },
  });
  expect(prices.status, prices.text).toBe(201);
  for (const description of TEXTS) {
    const body = {
      description,
      image: 'media/image/like.png',
      link: 'https://shop.example.com/like',
      linkTarget: '_self',
      categoryId: 3,
    };
    const banner = await api.send('/api/Banner', { method: 'POST', headers: json, body });
    expect(banner.status, banner.text).toBe(201);
  }
});
afterAll(async () => service.close());

interface Surface {
  readonly title: string;
  /** Answers a LIKE filter with this pattern. */
  search(pattern: string): Promise<ReceivedResponse>;
  /** The matched texts in an answer. */
  texts(answer: ReceivedResponse): string[];
}

const SURFACES: readonly Surface[] = [
  {
    title: 'Price-List API (type like, GET body)',
    search: (pattern) =>
      api.send('/api/PriceListPrices?limit=1000', {
        headers: json,
        body: { filters: [{ 'field-name': 'orderNumber', value: pattern, type: 'like' }] },
      }),
    texts: (answer) => (answer.json.data as { orderNumber: string }[]).map((price) => price.orderNumber),
  },
  {
    title: 'Banner Resource API (expression LIKE, query)',
    search: (pattern) =>
      api.send(
        `/api/Banner?filter[0][property]=description&filter[0][value]=${encodeURIComponent(pattern)}&filter[0][expression]=LIKE`,
      ),
    texts: (answer) => (answer.json.data.data as { description: string }[]).map((banner) => banner.description),
  },
];

// pattern → which of TEXTS it matches.
const CASES: readonly (readonly [string, string, readonly string[]])[] = [
  ['% is any run of characters', 'Like-100%', ['Like-100%', 'Like-1000']],
  ['% matches the empty run too', '%like-100%%', ['Like-100%', 'Like-1000']],
  ['an escaped \\% is a literal percent sign', 'Like-100\\%', ['Like-100%']],
  ['_ is exactly one character', 'like_a', ['like_a', 'LIKEXa']],
  ['an escaped \\_ is a literal underscore', 'like\\_a', ['like_a']],
  ['an escaped backslash is a literal backslash', 'like\\\\b', ['like\\b']],
  ['ASCII letters are compared without case', 'LIKE-1000', ['Like-1000']],
  ['without wildcards the whole text must match', 'Like-100', []],
];

describe.each(SURFACES)('$title', (surface) => {
  it.each(CASES)('%s (%s)', async (_rule, pattern, expected) => {
    const answer = await surface.search(pattern);
    expect(answer.status, answer.text).toBe(200);
    expect(
      surface
        .texts(answer)
        .filter((text) => TEXTS.includes(text))
        .sort(),
    ).toEqual([...expected].sort());
  });

  it('answers a pattern ending in a lone escape with 400', async () => {
    const answer = await surface.search('Like\\');
    expect(answer.status, answer.text).toBe(400);
    expect(answer.json).toMatchObject({ success: false, message: expect.stringMatching(/lone escape/) });
  });
});

it("finds the seeded order numbers with the issue's example, SVC1%", async () => {
  const answer = await SURFACES[0]!.search('SVC1%');
  const found = SURFACES[0]!.texts(answer);
  expect(found.length).toBeGreaterThan(0);
  expect(found.every((orderNumber) => orderNumber.startsWith('SVC1'))).toBe(true);
  expect(answer.json.total).toBe(found.length);
});
