// Serializes answers through Fastify's own compiled serializers (fast-json-stringify by default),
// from the JSON Schema of each body as sent: only declared members reach the wire, and faster than
// JSON.stringify. Each route's schemas are made on first use and compiled once by Fastify.
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { InterfaceMeta, ResponseMeta } from './interface-meta.js';
import type { Representation } from './negotiate.js';
import { answerSchema, type JsonSchema } from './wire-schemas.js';

/** The zod schemas of a route's response bodies, by status (the generated `…ResponseSchemas`). */
export type ResponseSchemas = Readonly<Record<number, z.ZodType>>;

export class AnswerSchemas {
  private readonly made = new Map<string, JsonSchema | null>();

  constructor(
    private readonly meta: InterfaceMeta,
    private readonly schemas: ResponseSchemas,
  ) {}

  /** The zod schema of the response's body, as the handler returns it. */
  result(response: ResponseMeta): z.ZodType | undefined {
    return this.schemas[response.status];
  }

  /**
   * The JSON Schema of the body as sent: one object per response and representation, so that Fastify
   * compiles its serializer once.
   */
  body(response: ResponseMeta, representation: Representation): JsonSchema | undefined {
    const key = `${response.status} ${response.when ?? ''} ${representation}`;
    let schema = this.made.get(key);
    if (schema === undefined) {
      schema = answerSchema({ meta: this.meta, response, representation, result: this.result(response) }) ?? null;
      this.made.set(key, schema);
    }
    return schema ?? undefined;
  }
}

/** The body as JSON text, by the compiled serializer of its schema. */
export function serializeBody(reply: FastifyReply, schema: JsonSchema, body: unknown): string {
  return reply.serializeInput(body as Record<string, unknown>, schema);
}
