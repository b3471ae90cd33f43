// The workaround for tools that cannot read a text/event-stream answer (docs/ecosystem.md): take the
// answer's body as a stream through the tool, and read its events with a small parser of the format
// (blocks separated by a blank line; `event:`, `data:` and `id:` fields; `:` comments). Each event's data
// is parsed as JSON, as the document's x-itemSchema says it is.
import type { ServerEvent } from '../scenarios.js';

/** The events of an event-stream body, as they arrive. */
export async function* serverEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<ServerEvent> {
  let pending = '';
  let heldCr = '';
  const decoder = new TextDecoder();
  for await (const bytes of body as unknown as AsyncIterable<Uint8Array>) {
    // Line ends become \n; a \r at the end of a piece waits, as its \n may begin the next one.
    const text = heldCr + decoder.decode(bytes, { stream: true });
    heldCr = text.endsWith('\r') ? '\r' : '';
    pending += text.slice(0, text.length - heldCr.length).replace(/\r\n?/g, '\n');
    let end = pending.indexOf('\n\n');
    while (end >= 0) {
      const event = eventOf(pending.slice(0, end));
      if (event !== undefined) yield event;
      pending = pending.slice(end + 2);
      end = pending.indexOf('\n\n');
    }
  }
}

/** One block's event, or undefined for a block without data (a keep-alive comment, a `retry:`). */
function eventOf(block: string): ServerEvent | undefined {
  const fields: Record<string, string[]> = {};
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) continue;
    const [, name = line, value = ''] = /^([^:]*): ?(.*)$/.exec(line) ?? [];
    (fields[name] ??= []).push(value);
  }
  if (fields['data'] === undefined) return undefined;
  const id = fields['id']?.at(-1);
  return {
    event: fields['event']?.at(-1) ?? 'message',
    data: JSON.parse(fields['data'].join('\n')),
    ...(id !== undefined && { id }),
  };
}

/** Every event of a stream that ends, in order. */
export async function allEvents(events: AsyncIterable<ServerEvent>): Promise<ServerEvent[]> {
  const read: ServerEvent[] = [];
  for await (const event of events) read.push(event);
  return read;
}

/** The bytes of a file answer read as a Blob. */
export async function bytesOf(file: unknown): Promise<Uint8Array> {
  if (!(file instanceof Blob)) throw new TypeError(`the client read the file as ${typeof file}, not as a Blob`);
  return new Uint8Array(await file.arrayBuffer());
}
