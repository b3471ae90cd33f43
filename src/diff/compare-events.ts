// Event streams (events: in a response): a response that becomes or stops being a stream, and its events
// matched by name. An event's data is compared as any response type (its record's fields by the record rules).
import type { ResponseIr } from '../ir/types.js';
import type { CompareContext, Report } from './context.js';
import { compareTypes } from './compare-types.js';
import type { Direction } from './types.js';

const RESPONSE: readonly Direction[] = ['response'];

export function compareEventStream(ctx: CompareContext, report: Report, base: ResponseIr, head: ResponseIr): void {
  const [before, after] = [base.events?.events, head.events?.events];
  if (!before && after) return report('event-stream-added', 'the response is now an event stream');
  if (before && !after) return report('event-stream-removed', 'the response is no longer an event stream');
  if (!before || !after) return;
  for (const event of after) {
    const old = before.find((candidate) => candidate.name === event.name);
    if (!old) report('event-added', `event ${event.name} added`, RESPONSE);
    else compareTypes(report, RESPONSE, old.type, event.type, ctx, `event ${event.name}: `);
  }
  for (const event of before)
    if (!after.some((candidate) => candidate.name === event.name))
      report('event-removed', `event ${event.name} removed`, RESPONSE);
}
