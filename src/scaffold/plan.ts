// What `svcgen scaffold` does to a handler module, decided from names and route markers alone (no
// TypeScript here, so the rules can be read and tested as a table):
//   - a route whose method is there is kept (its @route tag follows the route's method and path);
//   - a route whose method is missing takes over an unmatched method that carries its @route tag:
//     same method and path under a new name is a rename;
//   - any other route gets a new stub, placed after the method of the route before it;
//   - a method with a @route tag that no route claims serves a removed route: it is retired
//     (marked @deprecated, kept with its body), and revived if a route of its name comes back.

/** A route as the handler module sees it. */
export interface RouteSlot {
  /** The handler method's name. */
  readonly method: string;
  /** The marker: HTTP method and path as the definitions write them, e.g. "GET /books/{id}". */
  readonly route: string;
  readonly summary: string | undefined;
}

/** A member of the module's handlers object. */
export interface MemberFacts {
  readonly name: string;
  /** The route its @route tag names, if it has one (only scaffold writes them). */
  readonly route: string | undefined;
  /** Whether it carries the @deprecated line scaffold writes for a removed route. */
  readonly retired: boolean;
}

export interface ScaffoldPlan {
  /** New stubs in runs: each run goes after the member named `after` (undefined: first in the object). */
  readonly added: readonly { readonly after: string | undefined; readonly routes: readonly RouteSlot[] }[];
  readonly renamed: readonly { readonly from: string; readonly to: RouteSlot }[];
  /** Members whose @route tag names an old method or path of their route. */
  readonly retagged: readonly { readonly member: string; readonly to: RouteSlot }[];
  /** Members of removed routes, newly retired or still retired. */
  readonly retired: readonly MemberFacts[];
  /** Members of removed routes that are not yet marked @deprecated. */
  readonly newlyRetired: readonly MemberFacts[];
  /** Retired members whose route is back. */
  readonly revived: readonly string[];
}

export function planScaffold(routes: readonly RouteSlot[], members: readonly MemberFacts[]): ScaffoldPlan {
  const byName = new Map(members.map((member) => [member.name, member]));
  const owner = new Map(routes.filter((route) => byName.has(route.method)).map((route) => [route, route.method]));
  const claimed = new Set(owner.values());
  const renamed: { from: string; to: RouteSlot }[] = [];
  for (const route of routes) {
    if (owner.has(route)) continue;
    const previous = members.find((member) => member.route === route.route && !claimed.has(member.name));
    if (!previous) continue;
    claimed.add(previous.name);
    owner.set(route, previous.name);
    renamed.push({ from: previous.name, to: route });
  }
  // A run of new routes goes after the member of the route before it; no two runs follow the same member.
  const runs = new Map<string | undefined, RouteSlot[]>();
  let after: string | undefined;
  for (const route of routes) {
    after = owner.get(route) ?? after;
    if (!owner.has(route)) runs.set(after, [...(runs.get(after) ?? []), route]);
  }
  const retagged = routes.flatMap((route) => {
    const member = byName.get(route.method);
    return member?.route !== undefined && member.route !== route.route ? [{ member: member.name, to: route }] : [];
  });
  const retired = members.filter((member) => member.route !== undefined && !claimed.has(member.name));
  return {
    added: [...runs].map(([after, routes]) => ({ after, routes })),
    renamed,
    retagged,
    retired,
    newlyRetired: retired.filter((member) => !member.retired),
    revived: members.filter((member) => member.retired && claimed.has(member.name)).map((member) => member.name),
  };
}

export function isEmptyPlan(plan: ScaffoldPlan): boolean {
  return [plan.added, plan.renamed, plan.retagged, plan.newlyRetired, plan.revived].every((list) => list.length === 0);
}
