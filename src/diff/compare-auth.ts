// Auth: the schemes a file declares, and which scheme (and privilege) each route asks for.
// Any change of either, beyond its description, breaks both sides.
import type { AuthSchemeIr, ModuleIr, RouteIr } from '../ir/types.js';
import { sameValue, show, stripDocs, unionNames, type CompareContext, type Report } from './context.js';

export function compareAuthSchemes(ctx: CompareContext, base: ModuleIr | undefined, head: ModuleIr | undefined): void {
  const subject = (name: string) => `auth scheme ${(head ?? base)?.name ?? ''}.${name}`;
  ctx.compareKeyed(base?.auth ?? [], head?.auth ?? [], 'name', subject, {
    removed: (report, before) => report('auth-scheme-removed', `${before.type} scheme removed`),
    added: (report, after) => report('auth-scheme-added', `${after.type} scheme added`),
    changed: compareScheme,
  });
}

function compareScheme(report: Report, base: AuthSchemeIr, head: AuthSchemeIr): void {
  if (!sameValue(collectDocs(base), collectDocs(head))) report('docs-changed', 'description changed');
  const before = stripDocs(base) as Record<string, unknown>;
  const after = stripDocs(head) as Record<string, unknown>;
  for (const key of unionNames(Object.keys(before), Object.keys(after))) {
    if (key === 'name' || sameValue(before[key], after[key])) continue;
    report('auth-scheme-changed', `${key} ${show(before[key])} → ${show(after[key])}`);
  }
}

/** Every description inside a scheme (its own and its grants'). */
function collectDocs(scheme: AuthSchemeIr): unknown[] {
  return [scheme.description, ...(scheme.type === 'oauth2' ? scheme.grants.map((grant) => grant.description) : [])];
}

export function compareRouteAuth(report: Report, base: RouteIr, head: RouteIr): void {
  if (base.auth !== head.auth) report('auth-changed', `auth ${base.auth ?? 'none'} → ${head.auth ?? 'none'}`);
  if (base.privilege !== head.privilege)
    report('auth-changed', `privilege ${show(base.privilege)} → ${show(head.privilege)}`);
  const scopes = (route: RouteIr) => route.scopes.join(' ');
  if (scopes(base) !== scopes(head)) report('auth-changed', `scopes [${scopes(base)}] → [${scopes(head)}]`);
}
