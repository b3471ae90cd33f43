// A route's responses, matched by key (a status, a class of statuses, default): what a handler returns or answers
// with, and what the generated client reads.
import { handlerHeaders, isSuccess } from '../ir/responses.js';
import type { ResponseIr, RouteIr } from '../ir/types.js';
import { reportOtherChanges, show, type CompareContext, type Report } from './context.js';
import { compareEventStream } from './compare-events.js';
import { compareFileResponse } from './compare-files.js';
import { compareParameters } from './compare-parameters.js';
import { compareTypes } from './compare-types.js';
import type { Direction } from './types.js';

export function compareResponses(ctx: CompareContext, route: string, base: RouteIr, head: RouteIr): void {
  const directions: Direction[] = ['response'];
  const subject = (status: string) => `${route} › response ${status}`;
  ctx.compareKeyed(base.responses, head.responses, 'key', subject, {
    removed: (report, before) =>
      answerLost(before, head)
        ? report(
            'error-response-removed',
            `response ${before.key} removed: a handler's respond(${answerStatus(before.key)}, …) no longer compiles, ` +
              'and no other response of the route takes that status',
          )
        : report('response-removed', `response ${before.key} removed`),
    added: (report, after) => report('response-added', `response ${after.key} added`),
    changed: (report, before, after, status) => {
      if (before.description !== after.description) report('docs-changed', 'description changed');
      if (before.envelope !== after.envelope)
        report(
          'response-envelope-changed',
          after.envelope ? 'now wrapped in the interface envelope' : 'no longer wrapped in the interface envelope',
        );
      if (before.total !== after.total)
        report(
          after.total ? 'response-total-added' : 'response-total-removed',
          after.total ? 'envelope now carries the total' : 'envelope no longer carries the total',
        );
      if (before.when !== after.when)
        report('response-selector-changed', `selected by ${show(before.when)} → ${show(after.when)}`);
      const body = ctx.reporter(`${subject(status)} › body`, { head: after.location });
      if (!before.body && after.body) body('body-added', 'response body added', directions);
      else if (before.body && !after.body) body('body-removed', 'response body removed', directions);
      else if (before.body && after.body) compareTypes(body, directions, before.body, after.body, ctx);
      compareFileResponse(body, before, after);
      compareEventStream(ctx, ctx.reporter(`${subject(status)} › events`, { head: after.location }), before, after);
      compareResultShape(report, before, after);
      compareParameters(ctx, `${subject(status)} › header`, before.headers, after.headers, 'response');
      const handled = ['key', 'status', 'body', 'envelope', 'headers', 'when', 'total', 'file', 'events'] as const;
      reportOtherChanges(report, before, after, handled, directions);
    },
  });
}

/**
 * A success whose first header a handler sets is declared (any but location), or whose last is gone: the handler's
 * result becomes `{ body, headers }` or the body alone, and so does what the generated client resolves to.
 */
function compareResultShape(report: Report, base: ResponseIr, head: ResponseIr): void {
  const [before, after] = [handlerHeaders(base).length > 0, handlerHeaders(head).length > 0];
  if (!isSuccess(head) || before === after) return;
  report(
    'result-shape-changed',
    after
      ? 'declares headers: handlers now return { body, headers } (was the body alone), and the generated client ' +
          'resolves to { status, body, headers }, so TypeScript callers read .body'
      : 'declares no header a handler sets any longer: handlers return the body alone (was { body, headers }), and ' +
          'the generated client resolves to the body',
  );
}

/**
 * A response a handler answers at an error status (`respond(404, body)`: not a success, a file or a stream) that
 * no response of the head takes any longer: a numbered status falls back on its class, then on default.
 */
function answerLost(response: ResponseIr, head: RouteIr): boolean {
  if (isSuccess(response) || response.file || response.events) return false;
  const keys = new Set(head.responses.map((other) => other.key));
  if (keys.has('default')) return false;
  return !(/^\d+$/.test(response.key) && keys.has(`${response.key[0]}XX`));
}

/** A status a handler answers with under a response's key: its own, one of its class, or any for default. */
function answerStatus(key: string): string {
  if (key === 'default') return 'status';
  return key.endsWith('XX') ? `${key[0]}xx` : key;
}
