// The data of each event as it goes out, held to its definition the way a JSON response body is: only declared
// members are written (a database row's other columns never leave the server, and never end the stream), and a
// declared member that breaks its definition is a ResponseBreach. Each event's data is read in one pass by its
// reader (response-reader.ts), which judges and copies; what the reader does not take (a toJSON, an inherited name
// on a class, a shape it does not know) is judged by zod, undeclared members aside, and written by the compiled
// serializer of its JSON Schema, which drops them (response-serializers.ts), as a body is. Data of a schema that holds
// itself is copied by its zod schema instead (declared-copy.ts), as a body's is. In development an undeclared member
// is a breach, as it is for a body, so that it is seen early.
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { asSent, declaredViolations, droppedMembers } from '../core/response-check.js';
import { compileReader, REFUSED, type ResponseReader } from './response-reader.js';
import { serializeBody } from './response-serializers.js';
import { CopyRefused, declaredCopy, isRecursive } from './declared-copy.js';
import { sentValueSchema, type JsonSchema } from '../wire/wire-schemas.js';

export interface StreamEvent {
  readonly event: string;
  readonly data: unknown;
  readonly id?: string | undefined;
}

/** One event of the stream, by name: its data's schema, and its reader and serializer schema once first needed. */
interface EventKind {
  readonly data: z.ZodType;
  read?: ResponseReader | null;
  json?: JsonSchema;
  /** Whether the data's schema holds itself (then it is copied, never serialized by its JSON Schema). */
  recursive?: boolean;
}

/** Where an event is written. `development`: members the definitions do not declare are a breach, as a body's are. */
export interface EventWriting {
  readonly reply: FastifyReply;
  readonly breach: (violations: readonly string[]) => Error;
  readonly development: boolean;
}

/** The generated event schema: a discriminated union of `{ event: z.literal(name), data, id? }`, one per event. */
type EventUnion = z.ZodType & { readonly options?: readonly z.ZodObject[] };

export class EventData {
  private readonly schema: z.ZodType;
  private readonly kinds = new Map<string, EventKind>();

  constructor(schema: z.ZodType) {
    this.schema = schema;
    for (const option of (schema as EventUnion).options ?? []) {
      const name = (option.shape['event'] as z.ZodLiteral | undefined)?.value;
      const data = option.shape['data'] as z.ZodType | undefined;
      if (typeof name === 'string' && data) this.kinds.set(name, { data });
    }
  }

  /** The event's data as JSON text, its declared members only; throws the violations of a breaching event. */
  text(writing: EventWriting, event: StreamEvent): string {
    const text = this.declaredText(writing, event);
    if (writing.development) {
      const dropped = droppedMembers(asSent(event.data), JSON.parse(text));
      if (dropped.length > 0)
        throw writing.breach(dropped.map((pointer) => `/data${pointer}: not declared by the definitions`));
    }
    return text;
  }

  private declaredText({ reply, breach }: EventWriting, event: StreamEvent): string {
    const kind = this.kinds.get(event.event);
    if (kind && (event.id === undefined || typeof event.id === 'string')) {
      if (kind.read === undefined) kind.read = compileReader(kind.data) ?? null;
      const copy = kind.read === null ? REFUSED : kind.read(event.data);
      if (copy !== REFUSED) return JSON.stringify(copy);
    }
    // The slow way, with zod's located messages; the data is judged as it is sent (toJSON applied).
    const data = asSent(event.data);
    if (kind) kind.recursive ??= isRecursive(kind.data);
    if (kind?.recursive) return this.copiedText(kind, event, data, breach);
    const violations = declaredViolations(this.schema, { event: event.event, data, id: event.id });
    if (violations.length > 0) throw breach(violations);
    if (!kind) throw breach([`/event: ${event.event} is not an event of this stream`]);
    kind.json ??= sentValueSchema(kind.data);
    try {
      return serializeBody(reply, kind.json, data);
    } catch (error) {
      throw breach([error instanceof Error ? error.message : String(error)]);
    }
  }

  /**
   * Data of a schema that holds itself, which the reader did not take: copied by its zod schema (declared-copy.ts),
   * never handed to the compiled serializer, which may not finish compiling it; the copy is judged and written.
   */
  private copiedText(kind: EventKind, event: StreamEvent, data: unknown, breach: EventWriting['breach']): string {
    let copy: unknown;
    try {
      copy = declaredCopy(kind.data, data);
    } catch (error) {
      if (error instanceof CopyRefused) throw breach([`/data${error.message}`]);
      throw error;
    }
    const violations = declaredViolations(this.schema, { event: event.event, data: copy, id: event.id });
    if (violations.length > 0) throw breach(violations);
    return JSON.stringify(copy);
  }
}
