// Which path templates the router can serve (src/ir/path-template.ts, SVC215): given a template, the problem wanted.
import { describe, expect, it } from 'vitest';
import { templateProblem } from '../../src/ir/path-template.js';

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
