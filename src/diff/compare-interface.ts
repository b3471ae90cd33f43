// The interface block (base path, style, versions, aliases, limits) and the error catalog of a file.
import type { ErrorIr, InterfaceIr, ModuleIr } from '../ir/types.js';
import { otherDifferences, show, unionNames, type CompareContext } from './context.js';

export function compareInterface(ctx: CompareContext, base: ModuleIr | undefined, head: ModuleIr | undefined): void {
  const moduleName = (head ?? base)?.name ?? '';
  const subject = `interface ${moduleName}`;
  const [before, after] = [base?.interface, head?.interface];
  if (before && !after)
    ctx.add({
      kind: 'interface-removed',
      subject,
      description: `interface ${before.title} removed`,
      at: { base: before.location },
    });
  else if (!before && after)
    ctx.add({
      kind: 'interface-added',
      subject,
      description: `interface ${after.title} added`,
      at: { head: after.location },
    });
  else if (before && after) compareInterfaceBlock(ctx, subject, before, after);
  compareErrors(ctx, moduleName, base?.errors ?? [], head?.errors ?? []);
}

function compareInterfaceBlock(ctx: CompareContext, subject: string, base: InterfaceIr, head: InterfaceIr): void {
  const at = { head: head.location };
  if (base.title !== head.title || base.description !== head.description)
    ctx.add({ kind: 'docs-changed', subject, description: 'title or description changed', at });
  for (const key of ['basePath', 'style', 'errorStyle'] as const) {
    if (base[key] !== head[key])
      ctx.add({ kind: 'interface-changed', subject, description: `${key} ${base[key]} → ${head[key]}`, at });
  }
  for (const version of head.versions.filter((candidate) => !base.versions.includes(candidate)))
    ctx.add({ kind: 'version-added', subject, description: `version ${version} added`, at });
  for (const version of base.versions.filter((candidate) => !head.versions.includes(candidate)))
    ctx.add({ kind: 'version-removed', subject, description: `version ${version} removed`, at });
  const aliases = (iface: InterfaceIr) =>
    iface.segmentAliases.flatMap(({ segment, aliases: names }) => names.map((alias) => `${segment} as ${alias}`));
  for (const alias of aliases(head).filter((candidate) => !aliases(base).includes(candidate)))
    ctx.add({ kind: 'served-path-added', subject, description: `segment alias ${alias} added`, at });
  for (const alias of aliases(base).filter((candidate) => !aliases(head).includes(candidate)))
    ctx.add({ kind: 'served-path-removed', subject, description: `segment alias ${alias} removed`, at });
  if (base.bodyLimitBytes !== head.bodyLimitBytes) {
    const lowered =
      head.bodyLimitBytes !== undefined &&
      (base.bodyLimitBytes === undefined || head.bodyLimitBytes < base.bodyLimitBytes);
    ctx.add({
      kind: lowered ? 'body-limit-lowered' : 'body-limit-raised',
      subject,
      description: `body limit ${show(base.bodyLimitBytes)} → ${show(head.bodyLimitBytes)} bytes`,
      at,
    });
  }
  for (const key of otherDifferences(base, head, [
    'title',
    'basePath',
    'style',
    'errorStyle',
    'versions',
    'segmentAliases',
    'bodyLimitBytes',
  ])) {
    ctx.add({ kind: 'other-changed', subject, description: `${key} changed`, at });
  }
}

function compareErrors(
  ctx: CompareContext,
  moduleName: string,
  base: readonly ErrorIr[],
  head: readonly ErrorIr[],
): void {
  for (const name of unionNames(
    base.map((error) => error.name),
    head.map((error) => error.name),
  )) {
    const before = base.find((error) => error.name === name);
    const after = head.find((error) => error.name === name);
    const subject = `error ${moduleName}.${name}`;
    if (before && !after) {
      ctx.add({
        kind: 'error-removed',
        subject,
        description: 'error removed from the catalog',
        at: { base: before.location },
      });
      continue;
    }
    if (!before || !after) {
      if (after)
        ctx.add({
          kind: 'error-added',
          subject,
          description: `error added (${after.status}${after.code ? ` ${after.code}` : ''})`,
          at: { head: after.location },
        });
      continue;
    }
    const at = { head: after.location };
    if (before.description !== after.description)
      ctx.add({ kind: 'docs-changed', subject, description: 'description changed', at });
    for (const key of ['kind', 'status', 'code'] as const) {
      if (before[key] !== after[key])
        ctx.add({
          kind: 'error-status-changed',
          subject,
          description: `${key} ${show(before[key])} → ${show(after[key])}`,
          at,
        });
    }
    for (const key of ['title', 'message'] as const) {
      if (before[key] !== after[key])
        ctx.add({
          kind: 'error-text-changed',
          subject,
          description: `${key} ${show(before[key])} → ${show(after[key])}`,
          at,
        });
    }
    for (const key of otherDifferences(before, after, ['name', 'kind', 'status', 'code', 'title', 'message']))
      ctx.add({ kind: 'other-changed', subject, description: `${key} changed`, at });
  }
}
