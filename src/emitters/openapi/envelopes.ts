// Response bodies in the interface's envelope: the value as the handler gives it without one, else
// as the interface's wire style wraps it (src/emitters/wire/<style>.ts).
import type { InterfaceIr, ResponseIr } from '../../ir/types.js';
import { interfaceWire } from '../wire/index.js';
import type { Components } from './components.js';
import type { SchemaContext } from './json-schema.js';
import { plainBody } from './plain-body.js';
import { JSON_MEDIA, type Content } from './types.js';

/** The content of a success response, or undefined for a response without a body. */
export function successContent(iface: InterfaceIr, response: ResponseIr, components: Components): Content | undefined {
  const ctx: SchemaContext = { components, direction: 'read' };
  const body = response.body;
  if (!response.envelope) return body ? { [JSON_MEDIA]: { schema: plainBody(body, response.total, ctx) } } : undefined;
  return interfaceWire(iface).emit.envelopedContent(body, response, ctx);
}
