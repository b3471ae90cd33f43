// The bookings API the import tests serve: an OpenAPI document whose operations declare 400, 401, 404, 409 and
// `default` with an RFC 7807 Problem body (as train-travel.json does), imported and generated into a fixture.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { importDocument } from '../../src/import/import.js';
import { generateFixture, type GeneratedFixture } from '../helpers/generated-fixture.js';
import { removeDir, tempDir } from '../helpers/tree.js';

const PROBLEM = { content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } };
const BOOKING = { $ref: '#/components/schemas/Booking' };
export const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'Bookings', version: '1' },
  components: {
    securitySchemes: { token: { type: 'http', scheme: 'bearer' } },
    schemas: {
      Problem: {
        type: 'object',
        properties: {
          type: { type: 'string' },
          title: { type: 'string' },
          status: { type: 'integer' },
          detail: { type: 'string' },
        },
      },
      Booking: { type: 'object', required: ['trip'], properties: { trip: { type: 'string', minLength: 1 } } },
    },
  },
  security: [{ token: [] }],
  paths: {
    '/bookings': {
      post: {
        operationId: 'createBooking',
        requestBody: { required: true, content: { 'application/json': { schema: BOOKING } } },
        responses: {
          '201': { description: 'Created', content: { 'application/json': { schema: BOOKING } } },
          '400': { description: 'Bad Request', ...PROBLEM },
          '401': { description: 'Unauthorized', ...PROBLEM },
        },
      },
    },
    '/bookings/{bookingId}': {
      parameters: [{ name: 'bookingId', in: 'path', required: true, schema: { type: 'string' } }],
      get: {
        operationId: 'getBooking',
        responses: {
          '200': { description: 'The booking', content: { 'application/json': { schema: BOOKING } } },
          '404': {
            description: 'Not Found',
            headers: { 'X-Trace': { schema: { type: 'string' } } },
            ...PROBLEM,
          },
        },
      },
      delete: {
        operationId: 'deleteBooking',
        responses: {
          '204': { description: 'Deleted' },
          '409': { description: 'Conflict', ...PROBLEM },
          default: { description: 'Unexpected', ...PROBLEM },
        },
      },
    },
  },
};

export const NAME = 'bookings-api';
/**
 * The document imported (svcgen import) and the definitions it gives generated (as the fixture `NAME`), with `config`
 * as its svcgen.config.yaml when given; `document` in place of DOCUMENT when given.
 */
export async function generateBookings(config?: string, document: object = DOCUMENT): Promise<GeneratedFixture> {
  const source = await tempDir('svcgen-import-bookings-');
  try {
    await writeFile(join(source, 'bookings.json'), JSON.stringify(document));
    const definitionsDir = join(source, 'definitions');
    importDocument({ file: join(source, 'bookings.json'), definitionsDir, name: NAME });
    const names = await readdir(definitionsDir);
    const files = Object.fromEntries(
      await Promise.all(names.map(async (name) => [name, await readFile(join(definitionsDir, name), 'utf8')])),
    );
    return await generateFixture(NAME, files, config);
  } finally {
    await removeDir(source);
  }
}
