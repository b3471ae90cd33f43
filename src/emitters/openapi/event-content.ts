// An event stream response: text/event-stream. The document is OpenAPI 3.1, whose Media Type Object takes no
// `itemSchema` (3.2's), so the schema of one event goes in `x-itemSchema`, written exactly as 3.2's itemSchema
// (event, data as JSON text with its contentSchema, id): a 3.2 document is the same with the x- dropped, and
// 3.1 validators and readers see a string body. docs/ecosystem.md says which tools read what.
import type { EventStreamIr } from '../../ir/types.js';
import type { Components } from './components.js';
import { typeSchema } from './json-schema.js';
import type { Content, SchemaObject } from './types.js';

export const EVENT_STREAM = 'text/event-stream';

export function eventStreamContent(stream: EventStreamIr, components: Components): Content {
  const events = stream.events.map((event): SchemaObject => ({
    type: 'object',
    required: ['event', 'data'],
    properties: {
      event: { const: event.name },
      data: {
        type: 'string',
        contentMediaType: 'application/json',
        contentSchema: typeSchema(event.type, { components, direction: 'read' }),
      } as SchemaObject,
      id: { type: 'string' },
    },
  }));
  const itemSchema = events.length === 1 ? events[0] : { oneOf: events };
  return { [EVENT_STREAM]: { schema: { type: 'string' }, 'x-itemSchema': itemSchema } as Content[string] };
}
