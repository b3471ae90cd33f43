// What `svcgen scaffold` does to a handler module, decided from names and route markers alone (no
// TypeScript here, so the rules can be read and tested as a table):
//   - a route whose method is there is kept (its @route tag follows the route's method and full path);
//   - a route whose method is missing takes over an unmatched method that carries its @route tag:
//     same method and path under a new name is a rename;
//   - a tag in the form older svcgen wrote (the path without base path and version, which two
//     versions of a route share) is still read, but only where it names one route and one method:
//     anything else is ambiguous, and scaffold refuses rather than guess which body serves which route;
//   - any other route gets a new stub, placed after the method of the route before it;
//   - a method with a @route tag that no route claims serves a removed route: it is retired
//     (marked @deprecated, kept with its body), and revived if a route of its name comes back.

/** A route as the handler module sees it. */
export interface RouteSlot {
  /** The handler method's name. */
  readonly method: string;
  /** The marker: HTTP method and full path (base path, version, path), e.g. "GET /library/v2/books/{id}". */
  readonly route: string;
  /** The marker older svcgen wrote, with the path as the route writes it ("GET /books/{id}"), when it differs. */
  readonly legacy?: string;
  readonly summary: string | undefined;
  /** The keys of the route's responses besides its successes, which its handler sends with respond (404, default). */
  readonly answers?: readonly string[];
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
  /** Routes without a method whose tag several methods carry, or methods whose tag several routes fit. */
  readonly ambiguous: readonly Ambiguity[];
}

export interface Ambiguity {
  /** The tag as the methods carry it. */
  readonly marker: string;
  readonly routes: readonly RouteSlot[];
  readonly members: readonly string[];
}

export function planScaffold(routes: readonly RouteSlot[], members: readonly MemberFacts[]): ScaffoldPlan {
  const byName = new Map(members.map((member) => [member.name, member]));
  const owner = new Map(routes.filter((route) => byName.has(route.method)).map((route) => [route, route.method]));
  const claimed = new Set(owner.values());
  const renamed: { from: string; to: RouteSlot }[] = [];
  const ambiguous: Ambiguity[] = [];
  // Full markers first (one route each), then the older form on what is left: a marker decides only
  // when exactly one route without a method and exactly one unclaimed method share it.
  const markers = [(route: RouteSlot) => route.route, (route: RouteSlot) => route.legacy];
  for (const markerOf of markers) {
    const open = new Map<string, RouteSlot[]>();
    for (const route of routes) {
      const marker = markerOf(route);
      if (!owner.has(route) && marker !== undefined) open.set(marker, [...(open.get(marker) ?? []), route]);
    }
    for (const [marker, waiting] of open) {
      const tagged = members.filter((member) => member.route === marker && !claimed.has(member.name));
      if (tagged.length === 0) continue;
      if (waiting.length > 1 || tagged.length > 1) {
        ambiguous.push({ marker, routes: waiting, members: tagged.map((member) => member.name) });
        for (const member of tagged) claimed.add(member.name);
        continue;
      }
      const [route, previous] = [waiting[0] as RouteSlot, tagged[0] as MemberFacts];
      claimed.add(previous.name);
      owner.set(route, previous.name);
      renamed.push({ from: previous.name, to: route });
    }
  }
  // A run of new routes goes after the member of the route before it; no two runs follow the same member.
  const runs = new Map<string | undefined, RouteSlot[]>();
  let after: string | undefined;
  for (const route of routes) {
    after = owner.get(route) ?? after;
    if (!owner.has(route)) runs.set(after, [...(runs.get(after) ?? []), route]);
  }
  // A kept or renamed method's tag follows its route (and so an older tag becomes a full one).
  const retagged = routes.flatMap((route) => {
    const member = byName.get(owner.get(route) ?? '');
    return member?.route !== undefined && member.route !== route.route ? [{ member: member.name, to: route }] : [];
  });
  const owned = new Set(owner.values());
  const retired = members.filter((member) => member.route !== undefined && !claimed.has(member.name));
  return {
    added: [...runs].map(([after, routes]) => ({ after, routes })),
    renamed,
    retagged,
    retired,
    newlyRetired: retired.filter((member) => !member.retired),
    revived: members.filter((member) => member.retired && owned.has(member.name)).map((member) => member.name),
    ambiguous,
  };
}

export function isEmptyPlan(plan: ScaffoldPlan): boolean {
  return [plan.added, plan.renamed, plan.retagged, plan.newlyRetired, plan.revived].every((list) => list.length === 0);
}
