// Auth: the schemes a file declares, and which scheme (and privilege) each route asks for.
// Any change of either, beyond its description, breaks both sides.
import type { AuthSchemeIr, ModuleIr, RouteIr } from '../ir/types.js';
import { sameValue, show, stripDocs, unionNames, type CompareContext } from './context.js';

export function compareAuthSchemes(ctx: CompareContext, base: ModuleIr | undefined, head: ModuleIr | undefined): void {
  const moduleName = (head ?? base)?.name ?? '';
  const baseSchemes = base?.auth ?? [];
  const headSchemes = head?.auth ?? [];
  for (const name of unionNames(
    baseSchemes.map((scheme) => scheme.name),
    headSchemes.map((scheme) => scheme.name),
  )) {
    const before = baseSchemes.find((scheme) => scheme.name === name);
    const after = headSchemes.find((scheme) => scheme.name === name);
    const subject = `auth scheme ${moduleName}.${name}`;
    if (before && !after)
      ctx.add({
        kind: 'auth-scheme-removed',
        subject,
        description: `${before.type} scheme removed`,
        at: { base: before.location },
      });
    else if (!before && after)
      ctx.add({
        kind: 'auth-scheme-added',
        subject,
        description: `${after.type} scheme added`,
        at: { head: after.location },
      });
    else if (before && after) compareScheme(ctx, subject, before, after);
  }
}

function compareScheme(ctx: CompareContext, subject: string, base: AuthSchemeIr, head: AuthSchemeIr): void {
  const at = { head: head.location };
  if (!sameValue(collectDocs(base), collectDocs(head)))
    ctx.add({ kind: 'docs-changed', subject, description: 'description changed', at });
  const before = stripDocs(base) as Record<string, unknown>;
  const after = stripDocs(head) as Record<string, unknown>;
  for (const key of unionNames(Object.keys(before), Object.keys(after))) {
    if (key === 'name' || sameValue(before[key], after[key])) continue;
    ctx.add({
      kind: 'auth-scheme-changed',
      subject,
      description: `${key} ${show(before[key])} → ${show(after[key])}`,
      at,
    });
  }
}

/** Every description inside a scheme (its own and its grants'). */
function collectDocs(scheme: AuthSchemeIr): unknown[] {
  return [scheme.description, ...(scheme.type === 'oauth2' ? scheme.grants.map((grant) => grant.description) : [])];
}

export function compareRouteAuth(ctx: CompareContext, subject: string, base: RouteIr, head: RouteIr): void {
  const at = { head: head.location };
  if (base.auth !== head.auth)
    ctx.add({ kind: 'auth-changed', subject, description: `auth ${base.auth ?? 'none'} → ${head.auth ?? 'none'}`, at });
  if (base.privilege !== head.privilege)
    ctx.add({
      kind: 'auth-changed',
      subject,
      description: `privilege ${show(base.privilege)} → ${show(head.privilege)}`,
      at,
    });
  const scopes = (route: RouteIr) => route.scopes.join(' ');
  if (scopes(base) !== scopes(head))
    ctx.add({ kind: 'auth-changed', subject, description: `scopes [${scopes(base)}] → [${scopes(head)}]`, at });
}
