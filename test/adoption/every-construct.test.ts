// Issue 33's acceptance fixture: one API (test/fixtures/every-construct, a clinic's scheduling) that uses
// every construct of the definitions format at once: named types from another file, string formats, a
// tagged union of records, a nullable union of scalars, an open record, a multipart form with a file, a
// file uploaded and downloaded as its bytes, and an event stream. It is generated, type-checked under the
// strictest options with handlers and calls a team would write, served on loopback, and driven by four
// clients: the generated one, openapi-fetch, curl and python-requests. Every JSON answer is judged by the
// emitted openapi.json with ajv, and every event by the item schema it documents for its name.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import createFetchClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFixture, type GeneratedFixture } from '../helpers/generated-fixture.js';
import { serveFixture, type ServedApp } from '../helpers/served-fixture.js';
import { OpenApiResponses } from '../server/openapi-responses.js';
import type { ReceivedResponse } from '../server/helpers.js';

type Loose = Record<string, any>;
const run = promisify(execFile);

let fixture: GeneratedFixture;
let served: ServedApp;
let base: string;
let client: Loose;
let openapi: OpenApiResponses;

const appointments = new Map<string, Loose>();
const photos = new Map<string, Uint8Array>();
const PATIENT = '6f1c2a70-3b7e-4c1a-9d3e-2f4b5a6c7d8e';
const PNG = Uint8Array.from({ length: 3000 }, (_, index) => (index * 31) % 256);

const booking = (contact: Loose, room: string | number | null) => ({
  patient: PATIENT,
  startsAt: '2026-12-01T09:30:00Z',
  length: 'PT30M',
  contact,
  room,
  tags: ['first visit'],
  notes: { summary: 'Knee', allergies: 'none known' },
});

async function handlers(): Promise<Loose> {
  const { NotFound } = await fixture.load('runtime/core/errors.ts');
  return {
    async bookAppointment({ body }: Loose) {
      const appointment = { id: randomUUID(), ...body };
      appointments.set(appointment.id, appointment);
      return appointment;
    },
    async getAppointment({ params }: Loose) {
      const appointment = appointments.get(params.id);
      if (!appointment) throw new NotFound({ detail: `no appointment ${params.id}` });
      return appointment;
    },
    async watchAppointments({ query }: Loose) {
      return async (writer: Loose) => {
        const booked = [...appointments.values()].slice(0, query.count ?? 2);
        for (const [index, appointment] of booked.entries())
          await writer.send({ event: 'booked', id: String(index + 1), data: appointment });
        await writer.send({ event: 'cancelled', data: { id: booked[0]?.id ?? PATIENT, reason: 'patient called' } });
      };
    },
    async addScan({ body }: Loose) {
      let bytes = 0;
      for await (const part of body) {
        if (part.kind !== 'file') continue;
        for await (const chunk of part.file.stream) bytes += (chunk as Buffer).length;
      }
      return { title: body.fields.title, bytes };
    },
    async putPhoto({ params, body }: Loose) {
      const chunks: Buffer[] = [];
      for await (const chunk of body.stream) chunks.push(chunk as Buffer);
      photos.set(params.patient, new Uint8Array(Buffer.concat(chunks)));
      return { mediaType: body.mediaType, size: body.size };
    },
    async getPhoto({ params }: Loose) {
      const photo = photos.get(params.patient);
      if (!photo) throw new NotFound({ detail: `no photo of ${params.patient}` });
      return { body: photo, mediaType: 'image/png', size: photo.length };
    },
  };
}

beforeAll(async () => {
  fixture = await generateFixture('every-construct');
  openapi = new OpenApiResponses('clinic-api', join(fixture.out, 'clinic-api/openapi.json'));
  const server = await fixture.load('clinic-api/server.ts');
  const Client = (await fixture.load('clinic-api/client.ts'))['ClinicApiClient'] as new (options: object) => Loose;
  served = await serveFixture(
    fixture,
    async (app) => app.register(server['clinicApiPlugin']({ handlers: await handlers(), auth: {} })),
    { forceCloseConnections: true },
  );
  base = served.origin;
  client = new Client({ baseUrl: base });
}, 120_000);

afterAll(async () => served?.close());

/** An answer from any client, in the shape the OpenAPI judge reads. */
function responseOf(status: number, contentType: string | undefined, text: string): ReceivedResponse {
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status, headers: {}, text, json, header: (name) => (name === 'content-type' ? contentType : undefined) };
}

const documented = (answer: ReceivedResponse, path: string, method: string) =>
  openapi.expectDocumented(answer, `/clinic${path}`, method);

/** Events parsed from an event-stream body, each judged by the item schema documented for its name. */
function judgedEvents(text: string): Loose[] {
  const items =
    openapi.document['paths']['/clinic/appointments/feed'].get.responses['200'].content['text/event-stream'];
  const variants: Loose[] = items['x-itemSchema'].oneOf;
  const events = text
    .split('\n\n')
    .filter((frame) => /^event:/m.test(frame))
    .map((frame) => {
      const field = (name: string) => frame.match(new RegExp(`^${name}: ?(.*)$`, 'm'))?.[1];
      return { event: field('event'), id: field('id'), data: field('data') };
    });
  for (const event of events) {
    const variant = variants.find((candidate) => candidate['properties'].event.const === event.event);
    expect(variant, `event ${event.event} is documented`).toBeDefined();
    const schema = String(variant!['properties'].data.contentSchema.$ref).split('/').pop()!;
    expect(openapi.fits(schema, JSON.parse(event.data!)), `${event.event}: ${event.data}`).toBe(true);
  }
  return events.map((event) => ({ ...event, data: JSON.parse(event.data!) }));
}

describe('the clinic API under the strictest options', () => {
  it('compiles with handlers and calls a team would write', async () => {
    await writeFile(
      join(fixture.dir, 'team.ts'),
      `import type { ClinicApiHandlers } from './out/clinic-api/server.js';
import { ClinicApiClient } from './out/clinic-api/client.js';
import type { Appointment } from './out/clinic-api/types.js';

export const handlers: ClinicApiHandlers = {
  async bookAppointment({ body }) {
    return { id: '00000000-0000-4000-8000-000000000000', ...body };
  },
  async getAppointment() {
    throw new Error('not here');
  },
  async watchAppointments() {
    return async (writer) => {
      await writer.send({ event: 'cancelled', data: { id: 'x', reason: 'closed' } });
    };
  },
  async addScan({ body }) {
    let bytes = 0;
    for await (const part of body) if (part.kind === 'file') bytes += part.file.size ?? 0;
    // Every required part has arrived once the loop ends; the type says "read so far".
    return { title: body.fields.title ?? '', bytes };
  },
  async putPhoto({ body }) {
    return { mediaType: body.mediaType, size: body.size ?? 0 };
  },
  async getPhoto() {
    return { body: new Uint8Array(1), mediaType: 'image/png' };
  },
};

/** Where the union narrows by its tag and the open record keeps its extra members. */
export function contactLine(appointment: Appointment): string {
  const contact = appointment.contact.kind === 'phone' ? appointment.contact.number : appointment.contact.address;
  const room = appointment.room === null ? 'no room' : String(appointment.room);
  return [contact, room, appointment.notes?.['allergies'] ?? ''].join(' ');
}

export async function feed(client: ClinicApiClient): Promise<string[]> {
  const seen: string[] = [];
  for await (const item of await client.watchAppointments({ query: { count: 1 } }))
    seen.push(item.event === 'booked' ? item.data.patient : item.data.reason);
  return seen;
}
`,
    );
    const { code, output } = await fixture.typecheck(['out/**/*.ts', 'team.ts']);
    expect(output).toBe('');
    expect(code).toBe(0);
  }, 180_000);
});

describe('the generated client', () => {
  it('books with a tagged union, an open record and a nullable union, and reads it back', async () => {
    const booked = await client['bookAppointment']({ body: booking({ kind: 'phone', number: '+4930123456' }, 12) });
    expect(booked).toMatchObject({ contact: { kind: 'phone' }, room: 12, notes: { allergies: 'none known' } });
    expect(await client['getAppointment']({ params: { id: booked.id } })).toEqual(booked);
  });

  it('sends a multipart form, uploads and downloads a file, and reads typed events', async () => {
    const scan = await client['addScan']({
      params: { patient: PATIENT },
      body: { scan: new File([PNG], 'scan.png', { type: 'image/png' }), title: 'X-ray' },
    });
    expect(scan).toEqual({ title: 'X-ray', bytes: PNG.length });
    expect(
      await client['putPhoto']({ params: { patient: PATIENT }, body: new Blob([PNG], { type: 'image/png' }) }),
    ).toEqual({ mediaType: 'image/png', size: PNG.length });
    const photo = await client['getPhoto']({ params: { patient: PATIENT } });
    expect(new Uint8Array(await (await photo.blob()).arrayBuffer())).toEqual(PNG);
    const events: Loose[] = [];
    for await (const event of await client['watchAppointments']({ query: { count: 1 } })) events.push(event);
    expect(events.map((event) => event.event)).toEqual(['booked', 'cancelled']);
  });

  it('is answered 422 naming the tag when the discriminator names no variant', async () => {
    const refused = await client['bookAppointment']({ body: booking({ kind: 'pager', number: '1' }, null) }).then(
      () => undefined,
      (error: Loose) => error,
    );
    expect(refused).toMatchObject({ name: 'ApiClientError', status: 422 });
    expect(refused.violations.map((violation: Loose) => violation.message)).toEqual([
      "contact.kind: Invalid discriminator value. Expected 'phone' | 'mail'",
    ]);
  });
});

describe('openapi-fetch, typed by nothing but the document', () => {
  const api = () => createFetchClient<any>({ baseUrl: `${base}/clinic` });
  /** openapi-fetch's parsed result, judged as the answer it was. */
  const judged = (result: { data?: unknown; error?: unknown; response: Response }, path: string, method: string) => {
    const { response } = result;
    const text = JSON.stringify(result.data ?? result.error);
    const answer = responseOf(response.status, response.headers.get('content-type')?.split(';')[0], text);
    documented(answer, path, method);
    return answer;
  };

  it('books and reads an appointment; a variant missing a member is a 422 that names it', async () => {
    const created = await api().POST('/appointments', {
      body: booking({ kind: 'mail', address: 'ada@example.org' }, 'B-2'),
    });
    const booked = judged(created, '/appointments', 'post');
    expect(booked.status).toBe(201);
    const read = await api().GET('/appointments/{id}', {
      params: { path: { id: booked.json.data.id } },
    });
    expect(judged(read, '/appointments/{id}', 'get').json.data.contact).toEqual({
      kind: 'mail',
      address: 'ada@example.org',
    });
    const bad = await api().POST('/appointments', { body: booking({ kind: 'mail' }, null) });
    const refused = judged(bad, '/appointments', 'post');
    expect(refused.status).toBe(422);
    expect(refused.text).toMatch(/address/);
  });

  it('sends a multipart form and a file body, and reads the event stream', async () => {
    const form = new FormData();
    form.append('title', 'Letter');
    form.append('scan', new Blob([PNG], { type: 'application/pdf' }), 'letter.pdf');
    const scan = await api().POST('/patients/{patient}/scans', {
      params: { path: { patient: PATIENT } },
      body: form as never,
    });
    expect(judged(scan, '/patients/{patient}/scans', 'post').json.data).toEqual({
      title: 'Letter',
      bytes: PNG.length,
    });
    const put = await api().PUT('/patients/{patient}/photo', {
      params: { path: { patient: PATIENT } },
      body: PNG as never,
      bodySerializer: (body: unknown) => body as BodyInit,
      headers: { 'content-type': 'image/png' },
    });
    expect(judged(put, '/patients/{patient}/photo', 'put').status).toBe(201);
    const wrongType = await api().PUT('/patients/{patient}/photo', {
      params: { path: { patient: PATIENT } },
      body: 'not a png' as never,
      bodySerializer: (body: unknown) => body as BodyInit,
      headers: { 'content-type': 'text/plain' },
    });
    expect(judged(wrongType, '/patients/{patient}/photo', 'put').status).toBe(415);
    const feed = await api().GET('/appointments/feed', { params: { query: { count: 1 } }, parseAs: 'text' });
    expect(feed.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(judgedEvents(feed.data as string).map((event) => event.event)).toEqual(['booked', 'cancelled']);
  });
});

describe('curl', () => {
  const curl = async (args: string[]) => {
    const { stdout } = await run('curl', ['-sS', '-w', '\n%{http_code} %{content_type}', ...args]);
    const lines = stdout.split('\n');
    const [status, contentType] = lines.pop()!.split(' ');
    return responseOf(Number(status), contentType?.split(';')[0], lines.join('\n'));
  };

  it('posts JSON with a union, a multipart form (-F) and a file (--data-binary)', async () => {
    const booked = await curl([
      '-H',
      'content-type: application/json',
      '-d',
      JSON.stringify(booking({ kind: 'phone', number: '+4930999999' }, null)),
      `${base}/clinic/appointments`,
    ]);
    documented(booked, '/appointments', 'post');
    expect(booked.json.data.room).toBeNull();
    const path = join(fixture.dir, 'scan.pdf');
    await writeFile(path, PNG);
    const scan = await curl([
      '-F',
      'title=Referral',
      '-F',
      `scan=@${path};type=application/pdf`,
      `${base}/clinic/patients/${PATIENT}/scans`,
    ]);
    documented(scan, '/patients/{patient}/scans', 'post');
    expect(scan.json.data).toEqual({ title: 'Referral', bytes: PNG.length });
    const photo = await curl([
      '-X',
      'PUT',
      '-H',
      'content-type: image/png',
      '--data-binary',
      `@${path}`,
      `${base}/clinic/patients/${PATIENT}/photo`,
    ]);
    documented(photo, '/patients/{patient}/photo', 'put');
    const tooBig = await curl([
      '-F',
      'title=Huge',
      '-F',
      `scan=@${await bigFile()};type=application/pdf`,
      `${base}/clinic/patients/${PATIENT}/scans`,
    ]);
    documented(tooBig, '/patients/{patient}/scans', 'post');
    expect(tooBig.status).toBe(413);
  });

  it('reads the event stream with -N', async () => {
    const { stdout } = await run('curl', ['-sS', '-N', `${base}/clinic/appointments/feed?count=2`]);
    expect(judgedEvents(stdout).map((event) => [event.event, event.id])).toEqual([
      ['booked', '1'],
      ['booked', '2'],
      ['cancelled', undefined],
    ]);
  });
});

async function bigFile(): Promise<string> {
  const path = join(fixture.dir, 'big.pdf');
  await writeFile(path, new Uint8Array(70_000));
  return path;
}

describe('python-requests', () => {
  it('posts JSON, a multipart form and a file, and streams the events', async () => {
    const script = `
import json, requests, sys
base, patient = sys.argv[1], sys.argv[2]
booking = {'patient': patient, 'startsAt': '2026-12-02T10:00:00+01:00', 'length': 'PT1H',
           'contact': {'kind': 'mail', 'address': 'py@example.org'}, 'room': 'A-1', 'notes': {'diet': 'vegan'}}
def show(answer):
    print(json.dumps({'status': answer.status_code, 'type': answer.headers.get('content-type'), 'text': answer.text}))
show(requests.post(base + '/clinic/appointments', json=booking))
show(requests.post(base + '/clinic/patients/' + patient + '/scans', data={'title': 'Scan'},
                   files={'scan': ('scan.png', b'\\x89PNG' * 100, 'image/png')}))
show(requests.put(base + '/clinic/patients/' + patient + '/photo', data=b'\\x89PNG' * 10,
                  headers={'content-type': 'image/png'}))
show(requests.post(base + '/clinic/patients/' + patient + '/scans', data={'title': 'Scan'},
                   files={'scan': ('scan.txt', b'text', 'text/plain')}))
with requests.get(base + '/clinic/appointments/feed', params={'count': 1}, stream=True) as feed:
    print(json.dumps({'events': ''.join(chunk.decode() for chunk in feed.iter_content(chunk_size=None))}))
`;
    const { stdout } = await run('python3', ['-c', script, base, PATIENT]);
    const lines = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Loose);
    const [booked, scan, photo, wrongPart, feed] = lines as [Loose, Loose, Loose, Loose, Loose];
    const asResponse = (line: Loose) => responseOf(line['status'], String(line['type']).split(';')[0], line['text']);
    documented(asResponse(booked), '/appointments', 'post');
    expect(asResponse(booked).json.data.notes).toEqual({ diet: 'vegan' });
    documented(asResponse(scan), '/patients/{patient}/scans', 'post');
    expect(asResponse(scan).json.data.bytes).toBe(400);
    documented(asResponse(photo), '/patients/{patient}/photo', 'put');
    documented(asResponse(wrongPart), '/patients/{patient}/scans', 'post');
    expect(wrongPart['status']).toBe(415);
    expect(judgedEvents(feed['events']).map((event) => event.event)).toEqual(['booked', 'cancelled']);
  });
});
