// The API fuzzer's drive of the routes whose bodies are not JSON (scripts/fuzz-apis/media-routes.ts):
// handlers that read an upload or a multipart form part by part and note what came, answer a file's
// bytes, or write a few typed events; and calls through the generated client and openapi-fetch that
// check the bytes, parts and events round-trip. JSON answers (sizes, part counts, errors) are judged
// by the document in drive.ts's recording fetch like every other answer.
import fc from 'fast-check';
import type { Client } from 'openapi-fetch';
import type { RouteIr } from '../../src/ir/types.js';
import { agree, show } from './drive.js';
import { valueOf, type Records } from './values.js';

// The generated client of an API drawn at run time: no static type describes it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

/** What a media handler got, and what it is to answer. */
export interface MediaState {
  /** The parts (or the one upload) the handler read, in the order they came. */
  got: { name: string; mediaType?: string; bytes?: number[]; value?: string }[] | undefined;
  /** The file a download answers, or the events a stream writes. */
  answer: Uint8Array | { event: string; data: unknown }[] | undefined;
}

/** What the handler has read so far (a function: the handler fills it in while a call is awaited). */
const received = (state: MediaState) => state.got;

export const isMediaRoute = (route: RouteIr): boolean =>
  route.upload !== undefined ||
  route.multipart !== undefined ||
  route.responses.some((response) => response.file !== undefined || response.events !== undefined);

async function bytesOf(stream: AsyncIterable<Uint8Array>): Promise<number[]> {
  const bytes: number[] = [];
  for await (const chunk of stream) bytes.push(...chunk);
  return bytes;
}

/** The handler of a media route: it notes what came in `state` and answers from it. */
export function mediaHandler(route: RouteIr, state: MediaState) {
  return async ({ body }: Json): Promise<unknown> => {
    if (route.upload) {
      const bytes = await bytesOf(body.stream);
      state.got = [{ name: 'upload', mediaType: body.mediaType, bytes }];
      return bytes.length;
    }
    if (route.multipart) {
      state.got = [];
      for await (const part of body) {
        if (part.kind === 'file')
          state.got.push({ name: part.name, mediaType: part.file.mediaType, bytes: await bytesOf(part.file.stream) });
        else state.got.push({ name: part.name, value: part.value });
      }
      return state.got.length;
    }
    const answer = state.answer;
    if (answer instanceof Uint8Array) return { body: answer, mediaType: mediaTypeOf(route), size: answer.length };
    return async (writer: Json) => {
      for (const [index, event] of (answer ?? []).entries()) await writer.send({ ...event, id: String(index + 1) });
    };
  };
}

/** The media type a file of the route is sent or answered with: the first it declares. */
function mediaTypeOf(route: RouteIr): string {
  const file = route.upload ?? route.multipart?.files[0] ?? route.responses.find((response) => response.file)?.file;
  return file?.mediaTypes[0] ?? 'application/octet-stream';
}

export interface MediaCall {
  readonly route: RouteIr;
  readonly records: Records;
  readonly state: MediaState;
  readonly client: Json;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly raw: Client<any>;
  readonly origin: string;
  /** fetch whose answers the document judges (drive.ts's recording fetch). */
  readonly send: typeof fetch;
  readonly draw: <T>(arbitrary: fc.Arbitrary<T>) => T;
  /** The status of the interface's validation error (its catalog's, or the runtime's default). */
  readonly validationStatus: number;
}

/** Undefined when both clients' calls round-trip; otherwise what differed. */
export async function driveMedia(call: MediaCall): Promise<string | undefined> {
  const { route } = call;
  if (route.upload) return driveUpload(call);
  if (route.multipart) return driveMultipart(call);
  if (route.responses.some((response) => response.file)) return driveDownload(call);
  return driveEvents(call);
}

/** Bytes of a file: within the route's limit, now and then none at all. */
function bytesArbitrary(limit: number | undefined): fc.Arbitrary<Uint8Array<ArrayBuffer>> {
  return fc.uint8Array({ maxLength: Math.min(limit ?? 3000, 3000) }).map((bytes) => new Uint8Array(bytes));
}

const sameBytes = (sent: Uint8Array, got: readonly number[] | Uint8Array | undefined) =>
  got !== undefined && got.length === sent.length && sent.every((byte, index) => got[index] === byte);

async function driveUpload({ route, state, client, raw, origin, send, draw }: MediaCall): Promise<string | undefined> {
  const upload = route.upload!;
  const bytes = draw(bytesArbitrary(upload.maxBytes));
  const mediaType = mediaTypeOf(route);
  const params = { id: 'f1' };
  state.got = undefined;
  const size = await client[route.name]({ params, body: new Blob([bytes], { type: mediaType }) });
  if (size !== bytes.length) return `the generated client got ${show(size)} for an upload of ${bytes.length} bytes`;
  const got = received(state)?.[0];
  if (!sameBytes(bytes, got?.bytes) || got?.mediaType !== mediaType)
    return `the handler got ${got?.bytes?.length} bytes of ${got?.mediaType}, not the ${bytes.length} of ${mediaType} sent`;
  state.got = undefined;
  // openapi-fetch writes JSON unless given a serializer; the bytes go as they are.
  const sent = await raw.request('put', route.fullPath, {
    params: { path: params },
    body: bytes as never,
    bodySerializer: (body: unknown) => body as BodyInit,
    headers: { 'content-type': mediaType },
  });
  if (sent.response.status !== 201 || !sameBytes(bytes, received(state)?.[0]?.bytes))
    return `openapi-fetch's upload answered ${sent.response.status}, the handler got ${received(state)?.[0]?.bytes?.length} bytes`;
  // What the runtime refuses before the handler runs: another media type, and a file past the limit.
  const url = origin + route.fullPath.replace('{id}', 'f1');
  const refusals = [{ status: 415, type: 'text/plain', body: new Uint8Array(1) }];
  if (upload.maxBytes !== undefined)
    refusals.push({ status: 413, type: mediaType, body: new Uint8Array(upload.maxBytes + 1) });
  for (const refusal of refusals) {
    const response = await send(url, { method: 'PUT', headers: { 'content-type': refusal.type }, body: refusal.body });
    await response.body?.cancel();
    if (response.status !== refusal.status)
      return `a ${refusal.type} upload of ${refusal.body.length} bytes answered ${response.status}, not ${refusal.status}`;
  }
  return undefined;
}

async function driveMultipart(call: MediaCall): Promise<string | undefined> {
  const { route, state, client, raw, draw } = call;
  const form = route.multipart!;
  const mediaType = mediaTypeOf(route);
  const files = form.files.filter((file) => file.required || draw(fc.boolean()));
  const fields = form.fields.filter((field) => field.required || draw(fc.boolean()));
  const sent = [
    ...files.map((file) => ({ name: file.name, bytes: draw(bytesArbitrary(file.maxBytes)) })),
    ...fields.map((field) => ({
      name: field.name,
      value: draw(field.values ? fc.constantFrom(...field.values) : fc.string({ maxLength: field.maxLength ?? 40 })),
    })),
  ];
  const expected = sent
    .map((part) => ('bytes' in part ? { name: part.name, mediaType, bytes: [...part.bytes] } : part))
    .sort((a, b) => a.name.localeCompare(b.name));
  const arrived = () => show([...(received(state) ?? [])].sort((a, b) => a.name.localeCompare(b.name)));
  const body = Object.fromEntries(
    sent.map((part) => [
      part.name,
      'bytes' in part ? new File([part.bytes], `${part.name}.bin`, { type: mediaType }) : part.value,
    ]),
  );
  state.got = undefined;
  const count = await client[route.name]({ body });
  if (count !== sent.length || arrived() !== show(expected))
    return `the generated client's form of ${sent.length} parts answered ${show(count)}; the handler got ${arrived()}, not ${show(expected)}`;
  state.got = undefined;
  const data = new FormData();
  for (const [name, value] of Object.entries(body)) data.append(name, value);
  // openapi-fetch sends a FormData body as the fetch API writes it.
  const answer = await raw.request('post', route.fullPath, { body: data as never });
  if (answer.response.status !== 201 || arrived() !== show(expected))
    return `openapi-fetch's form answered ${answer.response.status}; the handler got ${arrived()}, not ${show(expected)}`;
  return refuseForms(call);
}

/**
 * What the runtime refuses while the handler reads the form: a required part that never came, a file
 * part past its limit, and a file part of a media type it does not take. Each answer names the part;
 * the recording fetch judges it by the document like every answer.
 */
async function refuseForms({ route, origin, send, validationStatus }: MediaCall): Promise<string | undefined> {
  const form = route.multipart!;
  const mediaType = mediaTypeOf(route);
  const title = form.fields.find((field) => field.required)!;
  const doc = form.files.find((file) => file.required)!;
  const formOf = (parts: { name: string; bytes?: number; type?: string }[]) => {
    const data = new FormData();
    for (const part of parts)
      if (part.bytes === undefined) data.append(part.name, 'x');
      else
        data.append(
          part.name,
          new File([new Uint8Array(part.bytes)], `${part.name}.bin`, { type: part.type ?? mediaType }),
        );
    return data;
  };
  const refusals = [
    { what: `a form without the part "${doc.name}"`, status: validationStatus, body: formOf([{ name: title.name }]) },
    {
      what: `a "${doc.name}" part of text/plain`,
      status: 415,
      body: formOf([{ name: doc.name, bytes: 1, type: 'text/plain' }, { name: title.name }]),
    },
  ];
  if (doc.maxBytes !== undefined)
    refusals.push({
      what: `a "${doc.name}" part of ${doc.maxBytes + 1} bytes`,
      status: 413,
      body: formOf([{ name: doc.name, bytes: doc.maxBytes + 1 }, { name: title.name }]),
    });
  for (const refusal of refusals) {
    const response = await send(origin + route.fullPath, { method: 'POST', body: refusal.body });
    const text = await response.text();
    if (response.status !== refusal.status || !text.includes(doc.name))
      return `${refusal.what} answered ${response.status}, not ${refusal.status} naming the part: ${text.slice(0, 300)}`;
  }
  return undefined;
}

async function driveDownload({ route, state, client, raw, draw }: MediaCall): Promise<string | undefined> {
  const bytes = draw(bytesArbitrary(undefined));
  state.answer = bytes;
  const params = { id: 'f1' };
  const file = await client[route.name]({ params });
  const got = new Uint8Array(await (await file.blob()).arrayBuffer());
  if (!sameBytes(bytes, got) || file.mediaType !== mediaTypeOf(route))
    return `the generated client got ${got.length} bytes of ${file.mediaType}, not the ${bytes.length} of ${mediaTypeOf(route)} answered`;
  const answer = await raw.request('get', route.fullPath, { params: { path: params }, parseAs: 'arrayBuffer' });
  const third = new Uint8Array((answer.data as ArrayBuffer | undefined) ?? new ArrayBuffer(0));
  if (answer.response.status !== 200 || !sameBytes(bytes, third))
    return `openapi-fetch got ${answer.response.status} with ${third.length} bytes, not the ${bytes.length} answered`;
  return undefined;
}

async function driveEvents({ route, records, state, client, raw, draw }: MediaCall): Promise<string | undefined> {
  const stream = route.responses.find((response) => response.events)!.events!;
  const event = fc
    .constantFrom(...stream.events)
    .chain(({ name, type }) =>
      valueOf(type, { records, place: 'json', extras: false }).map((data) => ({ event: name, data })),
    );
  const events = draw(fc.array(event, { maxLength: 4 }));
  state.answer = events;
  const got: Json[] = [];
  for await (const item of await client[route.name]({})) got.push(item);
  if (got.length !== events.length) return `the generated client read ${got.length} events, not ${events.length}`;
  for (const [index, sent] of events.entries()) {
    const item = got[index] as Json;
    const type = stream.events.find((candidate) => candidate.name === sent.event)!.type;
    const problem =
      item['event'] !== sent.event || item['id'] !== String(index + 1)
        ? `event ${index} is ${show(item['event'])} ${show(item['id'])}, not ${sent.event} ${index + 1}`
        : agree(type, sent.data, item['data'], records, `events/${index}`);
    if (problem) return `the generated client read other events: ${problem}`;
  }
  // openapi-fetch has no event-stream reader: it reads the text, whose events are told apart here.
  const answer = await raw.request('get', route.fullPath, { parseAs: 'text' });
  const names = String(answer.data ?? '')
    .split('\n\n')
    .flatMap((frame) => frame.match(/^event: ?(.*)$/m)?.[1] ?? []);
  if (show(names) !== show(events.map((item) => item.event)))
    return `openapi-fetch read the events ${show(names)}, not ${show(events.map((item) => item.event))}`;
  return undefined;
}
