// The interface block (base path, style, versions, aliases, limits) and the error catalog of a file.
import type { InterfaceIr, ModuleIr } from '../ir/types.js';
import { compareDeclaredTags } from './compare-marks.js';
import { listDelta, reportOtherChanges, show, type CompareContext } from './context.js';

export function compareInterface(ctx: CompareContext, base: ModuleIr | undefined, head: ModuleIr | undefined): void {
  const subject = `interface ${(head ?? base)?.name ?? ''}`;
  const [before, after] = [base?.interface, head?.interface];
  if (before && !after)
    ctx.reporter(subject, { base: before.location })('interface-removed', `interface ${before.title} removed`);
  else if (!before && after)
    ctx.reporter(subject, { head: after.location })('interface-added', `interface ${after.title} added`);
  else if (before && after) compareInterfaceBlock(ctx, subject, before, after);
  compareErrors(ctx, base, head);
}

/** Interface settings compared as they are: any change breaks both sides (interface-changed). */
const SETTINGS = ['basePath', 'style', 'errorStyle'] as const;

function compareInterfaceBlock(ctx: CompareContext, subject: string, base: InterfaceIr, head: InterfaceIr): void {
  const report = ctx.reporter(subject, { head: head.location });
  if (base.title !== head.title || base.description !== head.description)
    report('docs-changed', 'title or description changed');
  for (const key of SETTINGS) {
    if (base[key] !== head[key]) report('interface-changed', `${key} ${base[key]} → ${head[key]}`);
  }
  const versions = listDelta(base.versions, head.versions);
  for (const version of versions.added) report('version-added', `version ${version} added`);
  for (const version of versions.removed) report('version-removed', `version ${version} removed`);
  const aliases = (iface: InterfaceIr) =>
    iface.segmentAliases.flatMap(({ segment, aliases: names }) => names.map((alias) => `${segment} as ${alias}`));
  const served = listDelta(aliases(base), aliases(head));
  for (const alias of served.added) report('served-path-added', `segment alias ${alias} added`);
  for (const alias of served.removed) report('served-path-removed', `segment alias ${alias} removed`);
  if (base.bodyLimitBytes !== head.bodyLimitBytes) {
    const lowered =
      head.bodyLimitBytes !== undefined &&
      (base.bodyLimitBytes === undefined || head.bodyLimitBytes < base.bodyLimitBytes);
    report(
      lowered ? 'body-limit-lowered' : 'body-limit-raised',
      `body limit ${show(base.bodyLimitBytes)} → ${show(head.bodyLimitBytes)} bytes`,
    );
  }
  compareDeclaredTags(report, base.tags, head.tags);
  reportOtherChanges(report, base, head, [
    'title',
    ...SETTINGS,
    'versions',
    'segmentAliases',
    'bodyLimitBytes',
    'tags',
  ]);
}

function compareErrors(ctx: CompareContext, base: ModuleIr | undefined, head: ModuleIr | undefined): void {
  const subject = (name: string) => `error ${(head ?? base)?.name ?? ''}.${name}`;
  ctx.compareKeyed(base?.errors ?? [], head?.errors ?? [], 'name', subject, {
    removed: (report) => report('error-removed', 'error removed from the catalog'),
    added: (report, after) =>
      report('error-added', `error added (${after.status}${after.code ? ` ${after.code}` : ''})`),
    changed: (report, before, after) => {
      if (before.description !== after.description) report('docs-changed', 'description changed');
      for (const key of ['kind', 'status', 'code'] as const) {
        if (before[key] !== after[key])
          report('error-status-changed', `${key} ${show(before[key])} → ${show(after[key])}`);
      }
      for (const key of ['title', 'message'] as const) {
        if (before[key] !== after[key])
          report('error-text-changed', `${key} ${show(before[key])} → ${show(after[key])}`);
      }
      reportOtherChanges(report, before, after, ['name', 'kind', 'status', 'code', 'title', 'message']);
    },
  });
}
