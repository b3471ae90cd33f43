// Path templates as server, client and mocks read them (src/runtime/core/path-template.ts): given a template, the
// router's notation, and given values, the URL path the client sends or the placeholder it refuses.
import { describe, expect, it } from 'vitest';
import { fillTemplate, routerPath, templateSegments } from '../../src/runtime/core/path-template.js';

describe('template segments', () => {
  it.each([
    { given: '/items/{id}', want: [[], [{ text: 'items' }], [{ placeholder: 'id' }]] },
    { given: '/{name}.{ext}', want: [[], [{ placeholder: 'name' }, { text: '.' }, { placeholder: 'ext' }]] },
    { given: '/{name}:cancel', want: [[], [{ placeholder: 'name' }, { text: ':cancel' }]] },
    { given: '/x}', want: [[], [{ text: 'x' }, { text: '}' }]] },
  ])('splits $given', ({ given, want }) => {
    expect(templateSegments(given)).toEqual(want);
  });
});

describe("the router's notation (find-my-way)", () => {
  it.each([
    { given: '/items/{id}', want: '/items/:id' },
    { given: '/calls/{sid}.json', want: '/calls/:sid(^[\\s\\S]*).json' },
    { given: '/files/{name}.{ext}', want: '/files/:name(^[\\s\\S]*).:ext(^[\\s\\S]*)' },
    { given: '/v1/{name}:cancel', want: '/v1/:name(^[\\s\\S]*)::cancel' },
    { given: '/v1/projects:batchGet/{id}', want: '/v1/projects::batchGet/:id' },
    { given: '/users/user-{id}', want: '/users/user-:id(^[\\s\\S]*)' },
  ])('writes $given as $want', ({ given, want }) => {
    expect(routerPath(given)).toBe(want);
  });
});

describe('filling a template', () => {
  const fill = (path: string, values: Record<string, string>) => fillTemplate(path, (name) => values[name] ?? '');

  it.each([
    { path: '/calls/{sid}.json', values: { sid: 'CA1' }, want: '/calls/CA1.json' },
    // The suffix is matched at the end of the segment: a value holding it is read back whole.
    { path: '/calls/{sid}.json', values: { sid: 'a.json' }, want: '/calls/a.json.json' },
    { path: '/calls/{sid}.json', values: { sid: 'a/b%c' }, want: '/calls/a%2Fb%25c.json' },
    { path: '/calls/{sid}.json', values: { sid: 'é€ 1' }, want: '/calls/%C3%A9%E2%82%AC%201.json' },
    { path: '/files/{name}.{ext}', values: { name: 'a.b', ext: 'c' }, want: '/files/a.b.c' },
    { path: '/v1/{name}:cancel', values: { name: 'ops:cancel' }, want: '/v1/ops%3Acancel:cancel' },
    { path: '/r/{from}-{to}', values: { from: '2020-01-01', to: '7' }, want: '/r/2020-01-01-7' },
  ])('sends $values in $path as $want', ({ path, values, want }) => {
    expect(fill(path, values)).toEqual({ path: want });
  });

  it.each([
    // The router decodes before it matches: %2E is ".", so nothing can carry the text after a placeholder.
    { path: '/files/{name}.{ext}', values: { name: 'a', ext: 'b.c' }, want: 'ext' },
    { path: '/r/{from}-{to}', values: { from: '1', to: '2-3' }, want: 'to' },
    { path: '/v1/{name}:{verb}', values: { name: 'a', verb: 'b:c' }, want: 'verb' },
    // Overlapping text: "aa" + "a" would be read as "a" + "aa".
    { path: '/o/{x}aa{y}', values: { x: 'x', y: 'a' }, want: 'y' },
  ])('refuses $values in $path, which the router would read otherwise', ({ path, values, want }) => {
    expect(fill(path, values)).toEqual({ placeholder: want, problem: 'misread-parameter' });
  });

  it.each([
    { path: '/items/{id}', values: { id: '..' }, want: 'id' },
    { path: '/items/{id}.', values: { id: '.' }, want: 'id' },
  ])('refuses a "." or ".." segment: $path with $values', ({ path, values, want }) => {
    expect(fill(path, values)).toEqual({ placeholder: want, problem: 'dot-segment' });
  });
});
