// Serializes responses through Fastify's own compiled serializers (fast-json-stringify by default),
// from the JSON Schema of each body as sent: only declared members reach the wire, and faster than
// JSON.stringify. Each route's schemas are made on first use and compiled once by Fastify.
import { keyOf } from '../core/response-status.js';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { InterfaceMeta, ResponseMeta } from '../core/interface-meta.js';
import type { Representation } from '../core/negotiate.js';
import { responseBodySchema, type JsonSchema } from '../wire/wire-schemas.js';

/** The zod schemas of a route's response bodies, by status (the generated `…ResponseSchemas`). */
/** Keyed by the response's key: a status, or `4XX`, `default`. */
export type ResponseSchemas = Readonly<Record<number | string, z.ZodType>>;

export class ResponseBodySchemas {
  private readonly made = new Map<string, JsonSchema | null>();

  private readonly meta: InterfaceMeta;
  private readonly schemas: ResponseSchemas;

  constructor(meta: InterfaceMeta, schemas: ResponseSchemas) {
    this.meta = meta;
    this.schemas = schemas;
  }

  /** The zod schema of the response's body, as the handler returns it. */
  result(response: ResponseMeta): z.ZodType | undefined {
    return this.schemas[keyOf(response)];
  }

  /**
   * The JSON Schema of the body as sent: one object per response and representation, so that Fastify
   * compiles its serializer once.
   */
  body(response: ResponseMeta, representation: Representation): JsonSchema | undefined {
    const key = `${keyOf(response)} ${response.when ?? ''} ${representation}`;
    let schema = this.made.get(key);
    if (schema === undefined) {
      schema = responseBodySchema({ meta: this.meta, response, representation, result: this.result(response) }) ?? null;
      this.made.set(key, schema);
    }
    return schema ?? undefined;
  }
}

/** The body as JSON text, by the compiled serializer of its schema. */
export function serializeBody(reply: FastifyReply, schema: JsonSchema, body: unknown): string {
  const input = declaresInheritedName(schema) ? ownMembersOnly(body) : body;
  return reply.serializeInput(input as Record<string, unknown>, schema);
}

/** Names every plain object inherits: a serializer that reads an absent `valueOf` member finds Object.prototype's. */
const INHERITED = new Set(Object.getOwnPropertyNames(Object.prototype));
const inheritedNameIn = new WeakMap<JsonSchema, boolean>();

/** Whether a record of the schema has a member named like one every object inherits (remembered per schema). */
function declaresInheritedName(schema: JsonSchema): boolean {
  let found = inheritedNameIn.get(schema);
  if (found === undefined) {
    found = hasInheritedName(schema);
    inheritedNameIn.set(schema, found);
  }
  return found;
}

function hasInheritedName(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(hasInheritedName);
  if (node === null || typeof node !== 'object') return false;
  const properties = (node as { properties?: unknown }).properties;
  if (properties && typeof properties === 'object' && Object.keys(properties).some((name) => INHERITED.has(name)))
    return true;
  return Object.values(node).some(hasInheritedName);
}

/** A copy without prototypes: only the members the handler gave are there to be read. */
function ownMembersOnly(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(ownMembersOnly);
  if (value === null || typeof value !== 'object') return value;
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  const copy: Record<string, unknown> = Object.create(null);
  for (const [name, member] of Object.entries(value)) copy[name] = ownMembersOnly(member);
  return copy;
}
