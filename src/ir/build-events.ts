// Event streams (events: in a response) → IR. An event stream is the whole response, never beside a body or a
// file, and each event's data is a record (a union of records slots in here once the definitions have unions).
import type { YamlPath } from '../definitions/positions.js';
import type { ResponseDefinition } from '../definitions/schema.js';
import { buildType } from './build-type.js';
import type { FileContext } from './context.js';
import { sortedEntries } from './names.js';
import type { EventStreamIr } from './types.js';

/** A response's event stream, or undefined; reports one beside a body or a file, and data that is not a record. */
export function buildEventStream(
  ctx: FileContext,
  response: ResponseDefinition,
  path: YamlPath,
): EventStreamIr | undefined {
  if (!response.events) return undefined;
  const at: YamlPath = [...path, 'events'];
  if (response.body || response.file)
    ctx.report(
      'SVC260',
      at,
      `response has events beside a ${response.body ? 'body' : 'file'} (expected one of them: the event stream is the response)`,
      true,
    );
  const events = sortedEntries(response.events).map(([name, def]) => {
    const type = buildType(ctx, def, [...at, name]);
    if (type.kind !== 'record')
      ctx.report(
        'SVC262',
        [...at, name],
        `the data of event "${name}" is a ${type.kind} (expected a record: { record: <name> })`,
        true,
      );
    return { name, type };
  });
  return { events };
}
