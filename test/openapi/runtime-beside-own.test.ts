// A response a route declares itself at an error status (an imported 400, 401 or 404 with a Problem body, a `4XX`,
// `5XX` or `default`): the runtime's own errors and a handler's thrown errors go out there in the interface's error
// body, so the emitted response describes both bodies, oneOf where none fits both (a closed record without the error
// body's members), else anyOf; beside each other where their media types differ; the route's description kept, with
// a sentence on what the runtime sends and one on which thrown errors go out there. Given definitions, want the
// response.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIrFromInputs } from '../../src/build-ir.js';
import { resolveConfig } from '../../src/config.js';
import { openapiEmitter } from '../../src/emitters/openapi/index.js';
import { collectInputs } from '../../src/inputs.js';
import { emitWhole } from '../incremental/memo-run.js';
import { removeDir, tempDir } from '../helpers/tree.js';

type Json = Record<string, any>;

const RECORDS = `
records:
  problem:
    fields:
      title: { type: string, required: false }
      detail: { type: string, required: false }
  booking:
    fields:
      trip: { type: string }
  lookalike:
    fields:
      errors: { type: list, items: { type: string }, required: false }
  loose:
    fields:
      detail: { type: string, required: false }
    additionalFields: true
  notice:
    fields:
      message: { type: string }
`;

const ROUTES = `
routes:
  createBooking:
    method: POST
    path: /bookings
    auth: token
    body: { type: record, record: booking }
    responses:
      "201": { body: { type: record, record: booking } }
      "400": { envelope: none, description: Bad Request, body: { type: record, record: problem } }
      "401": { envelope: none, description: Unauthorized, body: { type: record, record: problem } }
  lookalikeAnswers:
    method: POST
    path: /lookalike
    body: { type: record, record: booking }
    responses:
      "204": {}
      "400": { envelope: none, body: { type: record, record: lookalike } }
  looseAnswers:
    method: GET
    path: /loose
    responses:
      "200": {}
      "4XX": { envelope: none, body: { type: record, record: loose } }
  listAnswers:
    method: GET
    path: /list
    responses:
      "200": {}
      "400": { envelope: none, body: { type: list, items: { type: record, record: lookalike } } }
  noticeAnswers:
    method: GET
    path: /notice
    responses:
      "200": {}
      "400": { envelope: none, body: { type: record, record: notice } }
  textAnswers:
    method: GET
    path: /text
    auth: token
    responses:
      "200": {}
      "401": { description: Who are you?, file: { mediaTypes: [text/plain] } }
  findBooking:
    method: GET
    path: /bookings/{id}
    pathParams:
      id: { type: string }
    responses:
      "200": { body: { type: record, record: booking } }
      "404": { envelope: none, description: Not Found, body: { type: record, record: problem } }
      "422": { envelope: none, description: Unprocessable, body: { type: record, record: problem } }
  classAnswers:
    method: GET
    path: /classes
    responses:
      "200": {}
      "5XX": { envelope: none, body: { type: record, record: problem } }
      default: { envelope: none, body: { type: record, record: problem } }
`;

/** A catalog that moves notFound to 410: a handler's NotFound no longer reaches the route's own 404. */
const CATALOG = `
errors:
  bookingGone: { kind: notFound, status: 410, message: The booking is gone. }
`;

function definitions(name: string, errorStyle: string): string {
  const iface = `name: ${name}\ninterface:\n  title: T\n  basePath: /${name}\n  style: success-envelope\n  errorStyle: ${errorStyle}\n`;
  return `${iface}auth:\n  token: { type: bearer }\n${RECORDS}${ROUTES}${name === 'catalog-api' ? CATALOG : ''}`;
}

let dir: string;
const documents = new Map<string, Json>();
beforeAll(async () => {
  dir = await tempDir('svcgen-beside-own-');
  await mkdir(join(dir, 'definitions'));
  for (const [name, style] of [
    ['errors-api', 'errors-array'],
    ['failure-api', 'success-false'],
    ['catalog-api', 'errors-array'],
  ])
    await writeFile(join(dir, 'definitions', `${name}.yaml`), definitions(name as string, style as string));
  const ir = await buildIrFromInputs(
    await collectInputs(await resolveConfig({ cwd: dir, definitionsDir: join(dir, 'definitions') })),
  );
  const files = await emitWhole(() => openapiEmitter({ ir, runtimeFiles: [], templates: [] }));
  for (const file of files) documents.set(file.path.split('/')[0] as string, JSON.parse(file.content as string));
});
afterAll(async () => removeDir(dir));

/** The responses of the operation at `path` (under the API's base path, its name), by status key. */
function responses(api: string, path: string): Json {
  const item = documents.get(api)?.['paths'][`/${api}${path}`] as Json;
  return (Object.values(item)[0] as Json)['responses'] as Json;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const example = (name: string) => ({ $ref: `#/components/examples/${name}` });

describe('a status the route and the runtime both respond with', () => {
  it('an imported 400 with a closed Problem record: oneOf the two, runtime and thrown examples, all sentences', () => {
    expect(responses('errors-api', '/bookings')['400']).toEqual({
      description:
        "Bad Request\n\nThe server also sends 400 on its own, not from the handler, with the interface's error body:\n" +
        '- badRequest: The request cannot be read: its body is not valid JSON, or a parameter is missing or invalid.\n' +
        '- validation: The request body does not match the schema; one entry per violation, with its place.\n\n' +
        "A handler sends this response's own body when it answers with it, and an error it throws at 400 goes " +
        'out here with the ' +
        "interface's error body:\n" +
        '- badRequest: The request cannot be read.\n' +
        '- validation: The request body is invalid.\n' +
        '- parameterMissing: The parameter {name} is missing.',
      content: {
        'application/json': {
          schema: { oneOf: [ref('Problem'), ref('ErrorResponse')] },
          examples: {
            badRequest: example('BadRequest'),
            parameterMissing: example('ParameterMissing'),
            validation: example('Validation'),
          },
        },
      },
    });
  });

  it("an imported 404 the runtime never sends: a handler's NotFound goes out there, in the error body", () => {
    expect(responses('errors-api', '/bookings/{id}')['404']).toEqual({
      description:
        "Not Found\n\nA handler sends this response's own body when it answers with it, and an error it throws at " +
        '404 goes out here with the ' +
        "interface's error body:\n- notFound: Nothing was found here.",
      content: {
        'application/json': {
          schema: { oneOf: [ref('Problem'), ref('ErrorResponse')] },
          examples: { notFound: example('NotFound') },
        },
      },
    });
  });

  it('a status no error a handler throws reaches (422) keeps the route body alone', () => {
    const unprocessable = responses('errors-api', '/bookings/{id}')['422'];
    expect(unprocessable).toEqual({
      description: 'Unprocessable',
      content: { 'application/json': { schema: ref('Problem') } },
    });
  });

  it('a catalog entry moves a kind: NotFound goes out at 410 by the catalog, so the own 404 stays alone', () => {
    const found = responses('catalog-api', '/bookings/{id}');
    expect(found['404'].content['application/json'].schema).toEqual(ref('Problem'));
  });

  it('4XX, 5XX and default say what a handler throws under them once, without repeating the catalog', () => {
    const loosed = responses('errors-api', '/loose')['4XX'];
    const loose = loosed.description as string;
    expect(loose).toContain(
      "an error it throws at a 4xx status no other response of the route has goes out here with the interface's " +
        "error body (the interface's errors at such a status).",
    );
    expect(loose).not.toMatch(/notFound|conflict|any other error/);
    // The thrown errors' examples stay with exact statuses: a class lists none of them.
    expect(Object.keys(loosed.content['application/json'].examples ?? {})).not.toContain('notFound');
    const classes = responses('errors-api', '/classes');
    const server = classes['5XX'].description as string;
    expect(server).toContain(
      "at a 5xx status no other response of the route has goes out here with the interface's error body (the " +
        "interface's errors at such a status, and an unexpected error as a 500).",
    );
    expect(server).not.toMatch(/notImplemented|serviceUnavailable|notFound/);
    const other = classes['default'].description as string;
    expect(other).toContain("at a status no other response of the route has goes out here with the interface's");
    expect(other).not.toMatch(/notFound|badRequest|any other error|unexpected/);
    expect(classes['default'].content['application/json'].schema).toEqual({
      oneOf: [ref('Problem'), ref('ErrorResponse')],
    });
  });

  it('an imported 401 keeps its auth headers and takes the unauthorized entry', () => {
    const unauthorized = responses('errors-api', '/bookings')['401'];
    expect(unauthorized.description).toBe(
      "Unauthorized\n\nThe server also sends 401 on its own, not from the handler, with the interface's error body: " +
        "The credentials are missing or not valid. (unauthorized)\n\nA handler sends this response's own body when " +
        'it answers with it, and an ' +
        "error it throws at 401 goes out here with the interface's error body:\n- unauthorized: Authentication is required.",
    );
    expect(Object.keys(unauthorized.headers)).toEqual(['www-authenticate']);
    expect(unauthorized.content['application/json'].schema).toEqual({ oneOf: [ref('Problem'), ref('ErrorResponse')] });
  });

  it.each([
    ['a closed record with the error body member (errors)', '/lookalike', '400', 'anyOf'],
    ['an open record', '/loose', '4XX', 'anyOf'],
    ['a list, never an object', '/list', '400', 'oneOf'],
    ['a closed record without errors', '/notice', '400', 'oneOf'],
  ])('%s: %s', (_case, path, key, combinator) => {
    const schema = responses('errors-api', path)[key].content['application/json'].schema;
    expect(Object.keys(schema)).toEqual([combinator]);
    expect(schema[combinator][1]).toEqual(ref('ErrorResponse'));
  });

  it('by the error style: success-false needs message and success, so a record with message alone is oneOf', () => {
    const notice = responses('failure-api', '/notice')['400'].content['application/json'].schema;
    expect(notice).toEqual({ oneOf: [ref('Notice'), ref('FailureResponse')] });
    const problem = responses('failure-api', '/bookings')['400'].content['application/json'].schema;
    expect(problem).toEqual({ oneOf: [ref('Problem'), ref('FailureResponse')] });
  });

  it('a class of statuses (4XX) takes the runtime 400; the exact statuses the runtime adds stay shared', () => {
    const loose = responses('errors-api', '/loose');
    expect(loose['400']).toBeUndefined();
    expect(loose['4XX'].description).toMatch(/^Status 4XX\.\n\nThe server also sends 400 on its own/);
    expect(loose['413']).toEqual({ $ref: '#/components/responses/PayloadTooLarge' });
  });

  it('another media type: the route file and the error body side by side, neither combined', () => {
    expect(responses('errors-api', '/text')['401'].content).toEqual({
      'text/plain': { schema: { type: 'string', format: 'binary' } },
      'application/json': { schema: ref('ErrorResponse'), examples: { unauthorized: example('Unauthorized') } },
    });
  });

  it('a status the route does not answer itself stays a shared response; none is made for one it answers', () => {
    const shared = Object.keys(documents.get('errors-api')?.['components']['responses'] as Json);
    expect(shared).not.toContain('Unauthorized');
    // The routes with and without auth share BadRequest: a bearer scheme adds no header at 400.
    expect(responses('errors-api', '/text')['400']).toEqual({ $ref: '#/components/responses/BadRequest' });
  });
});
