// Which path templates the router can serve (src/ir/path-template.ts, SVC215): given a template, the problem wanted;
// and which two the router would choose between by registration order (SVC203), found by experiment with find-my-way.
import { describe, expect, it } from 'vitest';
import { routerTie, templateProblem } from '../../src/ir/path-template.js';

const SERVED: readonly string[] = [
  '/items/{itemId}',
  '/2010-04-01/Accounts/{AccountSid}/Calls/{Sid}.json',
  '/files/{name}.{ext}',
  '/v1/{name}:cancel',
  '/v1/projects:batchGet',
  '/ranges/{from}-{to}',
  '/archives/{id}.tar.gz',
  '/users/user-{id}',
  '/at/{hour}h{minute}m',
];

const REFUSED: readonly { given: string; want: RegExp }[] = [
  { given: '/items/{item-id}', want: /placeholder "\{item-id\}".*letters, digits and "_"/ },
  { given: '/items/{1st}', want: /placeholder "\{1st\}"/ },
  { given: '/items/{}', want: /placeholder "\{\}"/ },
  { given: '/p/{x}{y}', want: /segment "\{x\}\{y\}", where nothing tells where one value ends.*\{from\}-\{to\}/ },
  { given: '/p/{a}.{b}{c}', want: /segment "\{a\}\.\{b\}\{c\}"/ },
  { given: '/p/{from}-{to', want: /segment "\{from\}-\{to" with a brace that opens or closes no placeholder/ },
  { given: '/p/x}', want: /brace/ },
  { given: '/p/{a{b}}', want: /brace/ },
];

describe('path templates the router can serve', () => {
  it.each(SERVED)('serves %s', (given) => {
    expect(templateProblem(given)).toBeUndefined();
  });

  it.each(REFUSED)('refuses $given', ({ given, want }) => {
    expect(templateProblem(given)).toMatch(want);
  });
});

const TIES: readonly { given: [string, string]; want: boolean }[] = [
  // Both end in ".json" after a placeholder: find-my-way takes the one registered first for /f/1-2.json.
  { given: ['/f/{a}.json', '/f/{a}-{b}.json'], want: true },
  { given: ['/f/{a}-{b}', '/f/{n}.{e}'], want: true },
  { given: ['/v1/{name}:cancel/x', '/v1/{a}.{b}:cancel/x'], want: true },
  // The longer text at the end, literal text, or a placeholder alone: the router has an order of its own.
  { given: ['/f/{a}.json', '/f/{n}.{e}'], want: false },
  { given: ['/f/{id}', '/f/{id}.json'], want: false },
  { given: ['/f/pre-{a}', '/f/{a}.json'], want: false },
  { given: ['/f/{a}.json', '/g/{a}-{b}.json'], want: false },
  { given: ['/f/{a}.json', '/f/{a}-{b}.json/x'], want: false },
  // The same shape is a duplicate route, reported as such.
  { given: ['/f/{a}.json', '/f/{b}.json'], want: false },
];

describe('routes the router would choose between by registration order', () => {
  it.each(TIES)('$given.0 and $given.1: $want', ({ given, want }) => {
    expect(routerTie(...given)).toBe(want);
  });
});
