// A handler's answer (src/runtime/server/respond.ts): which declared response it goes out as, by its status (the
// exact key, else the class, else default), and which answers are breaches (no such response, not a status at all).
import { describe, expect, it } from 'vitest';
import type { ResponseMeta, RouteMeta } from '../../src/runtime/core/interface-meta.js';
import { ResponseBreach } from '../../src/runtime/core/response-check.js';
import { answeredResponse, answersBeyondSuccess, isDeclaredAnswer, respond } from '../../src/runtime/server/respond.js';

const response = (status: number, key?: string, extra: Partial<ResponseMeta> = {}): ResponseMeta => ({
  status,
  ...(key === undefined ? {} : { key }),
  hasBody: true,
  list: false,
  envelope: false,
  total: false,
  location: false,
  ...extra,
});

const route = (responses: readonly ResponseMeta[]) => ({ name: 'getBooking', responses }) as unknown as RouteMeta;

const ok = response(200);
const notFound = response(404);
const clientErrors = response(400, '4XX');
const fallback = response(0, 'default');

describe('answeredResponse', () => {
  const cases: [string, readonly ResponseMeta[], number, ResponseMeta][] = [
    ['the exact status before its class and default', [ok, clientErrors, notFound, fallback], 404, notFound],
    ['the class of a status without its own response', [ok, notFound, clientErrors, fallback], 409, clientErrors],
    ['default for a status of no declared class', [ok, notFound, clientErrors, fallback], 503, fallback],
    ['a success status other than the one a plain result picks', [ok, response(202), notFound], 202, response(202)],
  ];
  it.each(cases)('%s', (_, responses, status, want) => {
    // A class's or default's response goes out with the answer's status, found again by its key.
    expect(answeredResponse(route(responses), respond(status, {}))).toEqual({ ...want, status });
  });

  const breaches: [string, readonly ResponseMeta[], number][] = [
    ['a status the route does not declare', [ok, notFound], 409],
    ['a status outside HTTP, even under default', [ok, fallback], 999],
    ['a status that is not an integer, even under default', [ok, fallback], 404.5],
    [
      'a file response, which is streamed and never an answer',
      [ok, response(404, undefined, { file: { mediaTypes: ['application/pdf'] } })],
      404,
    ],
  ];
  it.each(breaches)('%s is a breach', (_, responses, status) => {
    const refused = (() => {
      try {
        return answeredResponse(route(responses), respond(status, {}));
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(ResponseBreach);
    expect(refused).toMatchObject({ route: 'getBooking', status });
  });
});

describe('answers', () => {
  it('are told from plain results, their body and headers kept as given', () => {
    const answer = respond(404, { title: 'gone' }, { 'x-trace': 't1' });
    expect(isDeclaredAnswer(answer)).toBe(true);
    expect(answer).toMatchObject({ status: 404, body: { title: 'gone' }, headers: { 'x-trace': 't1' } });
    for (const plain of [
      { status: 404, body: {}, headers: {} },
      null,
      undefined,
      'text',
      404,
      JSON.parse(JSON.stringify(answer)),
    ])
      expect(isDeclaredAnswer(plain)).toBe(false);
  });

  it('are looked for only on routes that declare more than their successes', () => {
    expect(answersBeyondSuccess(route([ok, response(201), response(200, '2XX')]))).toBe(false);
    expect(answersBeyondSuccess(route([ok, notFound]))).toBe(true);
    expect(answersBeyondSuccess(route([ok, fallback]))).toBe(true);
    expect(answersBeyondSuccess(route([response(204), response(304)]))).toBe(true);
  });
});
