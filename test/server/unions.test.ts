// Issue 33 items 1 and 6: unions and open records on a live generated server (test/fixtures/unions), called
// with raw requests and through the generated client; every answer is checked against the emitted openapi.json.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFixture, type GeneratedFixture } from '../helpers/generated-fixture.js';
import { serveFixture, type ServedApp } from '../helpers/served-fixture.js';
import { send } from './helpers.js';
import { OpenApiResponses } from './openapi-responses.js';

type Loose = Record<string, any>;

let fixture: GeneratedFixture;
let served: ServedApp;
let base: string;
let client: Loose;
let openapi: OpenApiResponses;
const received: unknown[] = [];
/** What the handlers answer; each test sets it. */
let answer: unknown;

const card = { kind: 'card', number: '4111111111111111', holder: 'A. Lovelace' };
const bank = { kind: 'bank', iban: 'FR7630006000011234567890189' };

beforeAll(async () => {
  fixture = await generateFixture('unions');
  const server = await fixture.load('payments-api/server.ts');
  const Client = (await fixture.load('payments-api/client.ts'))['PaymentsApiClient'] as new (options: object) => Loose;
  const handle = async (input: Loose) => {
    received.push(input['body'] ?? input['query']);
    return answer;
  };
  const handlers = { createPayment: handle, getPayment: handle, annotatePayment: handle, findPayments: handle };
  served = await serveFixture(fixture, (app) => app.register(server['paymentsApiPlugin']({ handlers, auth: {} })));
  base = `${served.origin}/payments`;
  client = new Client({ baseUrl: base.replace(/\/payments$/, ''), auth: {} });
  openapi = new OpenApiResponses('payments-api', join(fixture.out, 'payments-api/openapi.json'));
}, 120_000);

afterAll(async () => served?.close());

async function post(path: string, body: unknown, method = 'POST') {
  received.length = 0;
  return send(base, path, { method, body });
}

describe('a tagged union of records', () => {
  it('passes each variant to the handler, told apart by its discriminator value', async () => {
    for (const method of [card, bank]) {
      answer = { id: 1, amount: 5, method };
      const sent = await post('/payments', { amount: 5, method });
      expect(sent.status, sent.text).toBe(201);
      expect(received).toEqual([{ amount: 5, method }]);
      expect(sent.json.data).toEqual({ id: 1, amount: 5, method });
      openapi.expectDocumented(sent, '/payments/payments', 'post');
    }
  });

  it('refuses a variant with a missing member, naming the variant tried and the member', async () => {
    const sent = await post('/payments', { amount: 5, method: { kind: 'card', holder: 'x' } });
    expect(sent.status).toBe(400);
    expect(received).toEqual([]);
    expect(sent.text).toContain('`kind` is `card`: `/number` is required');
    expect(sent.text).toContain('/method/number');
  });

  it('refuses an unknown discriminator value, naming the values known', async () => {
    const sent = await post('/payments', { amount: 5, method: { kind: 'cash' } });
    expect(sent.status).toBe(400);
    expect(sent.text).toContain('/method/kind');
    expect(sent.text).toMatch(/card.*bank/);
  });

  it('reaches the generated client typed and validated', async () => {
    answer = { id: 2, amount: 7, method: bank };
    const result = await client['getPayment']({ params: { id: 2 } });
    expect(result).toEqual({ id: 2, amount: 7, method: bank });
  });
});

describe('unions without a discriminator', () => {
  it('take any variant (anyOf), null where nullable, and exactly one for an exclusive union (oneOf)', async () => {
    for (const extra of [
      { reference: 'r-1' },
      { reference: 12 },
      { reference: null },
      { splits: 3 },
      { splits: [1, 2] },
    ]) {
      answer = { id: 1, amount: 5, method: card, ...extra };
      const sent = await post('/payments', { amount: 5, method: card, ...extra });
      expect(sent.status, sent.text).toBe(201);
      expect(sent.json.data).toEqual(answer);
      openapi.expectDocumented(sent, '/payments/payments', 'post');
    }
    const wrong = await post('/payments', { amount: 5, method: card, splits: 'two' });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('/splits');
  });

  it('read a union of scalars from the query as the first variant that reads it', async () => {
    answer = [];
    await send(base, '/payments?reference=12');
    await send(base, '/payments?reference=r-12');
    expect(received.slice(-2)).toEqual([{ reference: 12 }, { reference: 'r-12' }]);
  });
});

describe('open records', () => {
  it('keep members they do not name, of their type, both ways; closed records still drop undeclared ones', async () => {
    const labels = { source: 'web', campaign: 'spring' };
    answer = { id: 1, amount: 5, method: { ...card }, labels };
    const sent = await post('/payments', { amount: 5, method: card, labels });
    expect(sent.status, sent.text).toBe(201);
    expect(received).toEqual([{ amount: 5, method: card, labels }]);
    expect(sent.json.data.labels).toEqual(labels);
    openapi.expectDocumented(sent, '/payments/payments', 'post');
    const wrong = await post('/payments', { amount: 5, method: card, labels: { source: 'web', count: 3 } });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('/labels/count');
  });

  it('take any JSON value as another member, and the client returns them', async () => {
    const note = { text: 'hi', tags: ['a'], score: { value: 1 } };
    answer = note;
    const sent = await post('/payments/3/note', note, 'PUT');
    expect(sent.status, sent.text).toBe(200);
    expect(received).toEqual([note]);
    expect(sent.json.data).toEqual(note);
    openapi.expectDocumented(sent, '/payments/payments/{id}/note', 'put');
    expect(await client['annotatePayment']({ params: { id: 3 }, body: note })).toEqual(note);
  });
});

describe('the generated code', () => {
  it('type-checks under the strictest options, with handlers that switch on the discriminator', async () => {
    const { writeFile } = await import('node:fs/promises');
    await writeFile(
      join(fixture.dir, 'use.ts'),
      [
        "import type { Payment, Labels, Note } from './out/payments-api/types.js';",
        'export function describe(payment: Payment): string {',
        '  switch (payment.method.kind) {',
        "    case 'card':",
        '      return payment.method.number;',
        "    case 'bank':",
        '      return payment.method.iban;',
        '  }',
        '}',
        "export const labels: Labels = { source: 'web', campaign: 'spring' };",
        "export const campaign: string | undefined = labels['campaign'];",
        "export const note: Note = { text: 'a', anything: [1, { b: null }] };",
      ].join('\n'),
    );
    const result = await fixture.typecheck(['out/**/*.ts', 'use.ts']);
    expect(result.output).toBe('');
    expect(result.code).toBe(0);
  }, 120_000);
});
