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
    expect(plan).toEqual({
      added: [],
      renamed: [],
      retagged: [],
      retired: [],
      newlyRetired: [],
      revived: [],
      ambiguous: [],
    });
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

  it('reads an older tag (path without base path and version) where it fits one route, and retags it', () => {
    const v1 = { ...route('fetchPrice', 'GET /api/v1/price'), legacy: 'GET /price' };
    const v2 = { ...route('getPriceV2', 'GET /api/v2/price'), legacy: 'GET /price' };
    const plan = planScaffold([v1, v2], [member('getPrice', 'GET /price'), member('getPriceV2', 'GET /price')]);
    expect(plan.renamed).toEqual([{ from: 'getPrice', to: v1 }]);
    expect(plan.retagged).toEqual([
      { member: 'getPrice', to: v1 },
      { member: 'getPriceV2', to: v2 },
    ]);
    expect(plan.ambiguous).toEqual([]);
  });

  it('matches full tags one to one, whatever the order of the methods', () => {
    const v1 = { ...route('fetchPrice', 'GET /api/v1/price'), legacy: 'GET /price' };
    const v2 = { ...route('fetchPriceV2', 'GET /api/v2/price'), legacy: 'GET /price' };
    const plan = planScaffold(
      [v1, v2],
      [member('getPriceV2', 'GET /api/v2/price'), member('getPrice', 'GET /api/v1/price')],
    );
    expect(plan.renamed).toEqual([
      { from: 'getPrice', to: v1 },
      { from: 'getPriceV2', to: v2 },
    ]);
  });

  it.each([
    ['two renamed routes, two methods', ['fetchPrice', 'fetchPriceV2'], ['getPrice', 'getPriceV2']],
    ['two routes without a method, one method', ['fetchPrice', 'fetchPriceV2'], ['getPrice']],
    ['one route without a method, two methods', ['fetchPrice', 'getPriceV3'], ['getPrice', 'getPriceV2']],
  ])('an older tag that fits several is ambiguous (%s): nothing is guessed', (_, names, tagged) => {
    const routes = names.map((name, index) => ({
      ...route(name, `GET /api/v${index + 1}/price`),
      legacy: 'GET /price',
    }));
    const plan = planScaffold(
      routes,
      tagged.map((name) => member(name, 'GET /price')),
    );
    expect(plan.renamed).toEqual([]);
    expect(plan.ambiguous).toEqual([
      { marker: 'GET /price', routes: routes.filter((slot) => !tagged.includes(slot.method)), members: tagged },
    ]);
  });
});
