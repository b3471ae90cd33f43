// The scaffold rules as given/want tables: which routes keep, take over, get or lose a method.
import { describe, expect, it } from 'vitest';
import { planScaffold, type MemberFacts, type RouteSlot } from '../../src/scaffold/plan.js';

const route = (method: string, marker: string): RouteSlot => ({ method, route: marker, summary: undefined });
const member = (name: string, marker?: string, retired = false): MemberFacts => ({ name, route: marker, retired });

const GET_BOOK = route('getBook', 'GET /books/{id}');
const LIST_BOOKS = route('listBooks', 'GET /books');
const CREATE_BOOK = route('createBook', 'POST /books');

describe('planScaffold', () => {
  it('keeps every method whose route is there: nothing to do', () => {
    const plan = planScaffold([GET_BOOK, LIST_BOOKS], [member('getBook', 'GET /books/{id}'), member('listBooks')]);
    expect(plan).toEqual({ added: [], renamed: [], retagged: [], retired: [], newlyRetired: [], revived: [] });
  });

  it('adds new routes in runs, each after the method of the route before it', () => {
    const plan = planScaffold(
      [CREATE_BOOK, GET_BOOK, LIST_BOOKS, route('zap', 'DELETE /z')],
      [member('getBook', 'GET /books/{id}')],
    );
    expect(plan.added).toEqual([
      { after: undefined, routes: [CREATE_BOOK] },
      { after: 'getBook', routes: [LIST_BOOKS, route('zap', 'DELETE /z')] },
    ]);
  });

  it('renames the method that carries the route marker of a route without a method', () => {
    const plan = planScaffold([route('fetchBook', 'GET /books/{id}')], [member('getBook', 'GET /books/{id}')]);
    expect(plan.renamed).toEqual([{ from: 'getBook', to: route('fetchBook', 'GET /books/{id}') }]);
    expect(plan.added).toEqual([]);
    expect(plan.retired).toEqual([]);
  });

  it('does not take a method whose name another route claims', () => {
    const plan = planScaffold(
      [route('getBook', 'GET /v2/books/{id}'), route('fetchBook', 'GET /books/{id}')],
      [member('getBook', 'GET /books/{id}')],
    );
    expect(plan.renamed).toEqual([]);
    expect(plan.retagged).toEqual([{ member: 'getBook', to: route('getBook', 'GET /v2/books/{id}') }]);
    expect(plan.added).toEqual([{ after: 'getBook', routes: [route('fetchBook', 'GET /books/{id}')] }]);
  });

  it('retires marked methods no route claims, leaves unmarked ones alone, and revives a route that is back', () => {
    const plan = planScaffold(
      [LIST_BOOKS],
      [
        member('listBooks', 'GET /books', true),
        member('gone', 'DELETE /gone'),
        member('old', 'GET /old', true),
        member('helper'),
      ],
    );
    expect(plan.retired.map((m) => m.name)).toEqual(['gone', 'old']);
    expect(plan.newlyRetired.map((m) => m.name)).toEqual(['gone']);
    expect(plan.revived).toEqual(['listBooks']);
  });
});
