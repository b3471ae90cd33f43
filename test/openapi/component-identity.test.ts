// One component per schema (issue 32 item 2): a request and a response that take the same schema name one
// component, and two that differ get names saying how. The red-team signing API, cut down: a tagged union of
// records, as a field and as a named type, read and written; error responses of routes with and without auth.
// Each run of routes gives the same document, whichever route asks first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { equalComponents } from '../helpers/equal-components.js';
import { generateFixture, type GeneratedFixture } from '../helpers/generated-fixture.js';

const HEAD = `name: signing-api
interface: { title: Signing API, basePath: /api, style: success-envelope, errorStyle: errors-array }
auth:
  alpha: { type: bearer }
  beta: { type: bearer }
  basic: { type: basic, realm: Signing }
errors:
  badRequest: { status: 400, message: Invalid request }
  unauthorized: { status: 401, message: Invalid or missing token }
types:
  signer:
    type: union
    discriminator: { property: kind, mapping: { email: emailSigner, sms: smsSigner } }
    variants: [{ type: record, record: emailSigner }, { type: record, record: smsSigner }]
records:
  emailSigner:
    fields:
      kind: { type: enum, values: [email] }
      email: { type: string }
  smsSigner:
    fields:
      kind: { type: string }
      phone: { type: string }
      attempts: { type: integer, coerce: true }
  document:
    fields:
      signer:
        type: union
        discriminator: { property: kind, mapping: { email: emailSigner, sms: smsSigner } }
        variants: [{ type: record, record: emailSigner }, { type: record, record: smsSigner }]
      cosigner: { type: signing-api.signer }
routes:
`;

const DOCUMENT = '{ type: record, record: document }';
const BY_ID = 'pathParams: { id: { type: string } }';
const AUTH_ERRORS = 'errors: [badRequest, unauthorized]';
const route = (name: string, ...lines: string[]) => `  ${name}:\n${lines.map((line) => `    ${line}\n`).join('')}`;

/** Routes that read and write the document and the signer, under three schemes and none. */
const ROUTES = [
  route(
    'createDocument',
    'method: POST',
    'path: /documents',
    'auth: beta',
    `body: ${DOCUMENT}`,
    `responses: { '201': { body: ${DOCUMENT} } }`,
    AUTH_ERRORS,
  ),
  route(
    'addSigner',
    'method: POST',
    'path: /documents/{id}/signers',
    'auth: beta',
    BY_ID,
    'body: { type: signing-api.signer }',
    "responses: { '204': {} }",
    AUTH_ERRORS,
  ),
  route(
    'getDocument',
    'method: GET',
    'path: /documents/{id}',
    'auth: alpha',
    BY_ID,
    `responses: { '200': { body: ${DOCUMENT} } }`,
    AUTH_ERRORS,
  ),
  route(
    'signDocument',
    'method: POST',
    'path: /documents/{id}/sign',
    'auth: basic',
    BY_ID,
    `responses: { '200': { body: ${DOCUMENT} } }`,
    AUTH_ERRORS,
  ),
  route(
    'listDocuments',
    'method: GET',
    'path: /documents',
    `responses: { '200': { body: { type: list, items: ${DOCUMENT} } } }`,
    'errors: [badRequest]',
  ),
];

type Json = Record<string, any>;
const fixtures: GeneratedFixture[] = [];
let document: Json;
let reversed: Json;

async function generated(routes: readonly string[]): Promise<Json> {
  const fixture = await generateFixture('component-identity', { 'signing-api.yaml': HEAD + routes.join('') });
  fixtures.push(fixture);
  return fixture.json('signing-api/openapi.json');
}

beforeAll(async () => {
  document = await generated(ROUTES);
  reversed = await generated([...ROUTES].reverse());
}, 60_000);
afterAll(async () => Promise.all(fixtures.map((fixture) => fixture.remove())));

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const tagged = (record: string, kind: string) => ({
  allOf: [ref(record)],
  properties: { kind: { const: kind } },
  required: ['kind'],
});

describe('OpenAPI components', () => {
  it('hold no two equal schemas, responses or examples', () => {
    expect(equalComponents(document)).toEqual([]);
  });

  it('give a union variant read and written the same way one name, and one written otherwise its own', () => {
    const schemas = document['components']['schemas'];
    expect(Object.keys(schemas).filter((name) => /Signer/.test(name))).toEqual([
      'EmailSigner',
      'EmailSignerAsEmail',
      'SmsSigner',
      'SmsSignerAsSms',
      'SmsSignerAsSmsInput',
      'SmsSignerInput',
    ]);
    expect(schemas['EmailSignerAsEmail']).toEqual(tagged('EmailSigner', 'email'));
    expect(schemas['SmsSignerAsSms']).toEqual(tagged('SmsSigner', 'sms'));
    expect(schemas['SmsSignerAsSmsInput']).toEqual(tagged('SmsSignerInput', 'sms'));
  });

  it('spell a named union of records out in each direction: its variants are read where it is read', () => {
    const { Document } = document['components']['schemas'];
    for (const field of ['signer', 'cosigner'])
      expect(Document['properties'][field]['oneOf']).toEqual([ref('EmailSignerAsEmail'), ref('SmsSignerAsSms')]);
    const written = document['paths']['/api/documents/{id}/signers']['post']['requestBody'];
    expect(written['content']['application/json']['schema']['oneOf']).toEqual([
      ref('EmailSignerAsEmail'),
      ref('SmsSignerAsSmsInput'),
    ]);
    expect(document['components']['schemas']).not.toHaveProperty('Signer');
  });

  it('share an error response between routes whose auth adds the same headers, named by the challenge', () => {
    const responses = document['components']['responses'];
    expect(Object.keys(responses).filter((name) => /BadRequest|Unauthorized/.test(name))).toEqual([
      'BadRequest',
      'BearerUnauthorized',
      'Unauthorized',
    ]);
    const challenge = (name: string) => responses[name]['headers']['www-authenticate']['description'];
    expect(challenge('BearerUnauthorized')).toMatch(/^Bearer/);
    expect(challenge('Unauthorized')).toMatch(/^Basic realm="Signing"/);
    const answer = (operation: string, status: string) => {
      const [method = '', path = ''] = operation.split(' ');
      return document['paths'][path][method]['responses'][status]['$ref'];
    };
    for (const operation of ['post /api/documents', 'get /api/documents/{id}'])
      expect(answer(operation, '401')).toBe('#/components/responses/BearerUnauthorized');
    expect(answer('post /api/documents/{id}/sign', '401')).toBe('#/components/responses/Unauthorized');
    for (const operation of ['post /api/documents', 'get /api/documents'])
      expect(answer(operation, '400')).toBe('#/components/responses/BadRequest');
  });

  it('are the same whichever route asks first', () => {
    expect(reversed['components']).toEqual(document['components']);
  });
});
