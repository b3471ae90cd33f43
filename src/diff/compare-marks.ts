// Tags and deprecation: marks that group routes and warn callers in OpenAPI, docs and editors. Neither
// changes what goes over the wire or what a handler must do, so no change of them breaks anyone.
import type { TagIr } from '../ir/types.js';
import { sameValue, type Report } from './context.js';

/** Tags as written (a route's, in its order) or declared (an interface's, by name): any change of the names. */
export function compareTags(report: Report, base: readonly string[], head: readonly string[]): void {
  const list = (tags: readonly string[]) => (tags.length > 0 ? tags.join(', ') : 'none');
  if (!sameValue(base, head)) report('tags-changed', `tags ${list(base)} → ${list(head)}`);
}

/** An interface's tags: their names, then the descriptions of those on both sides (prose). */
export function compareDeclaredTags(report: Report, base: readonly TagIr[], head: readonly TagIr[]): void {
  compareTags(
    report,
    base.map((tag) => tag.name),
    head.map((tag) => tag.name),
  );
  const redescribed = head.some((tag) => {
    const before = base.find((candidate) => candidate.name === tag.name);
    return before !== undefined && before.description !== tag.description;
  });
  if (redescribed) report('docs-changed', 'tag descriptions changed');
}

/** A route or field marked deprecated, or no longer: still served and accepted all the same. */
export function compareDeprecation(report: Report, base: { deprecated: boolean }, head: { deprecated: boolean }): void {
  if (base.deprecated === head.deprecated) return;
  if (head.deprecated)
    report(
      'became-deprecated',
      'now deprecated: still served and accepted; callers should move off it before it is removed',
    );
  else report('deprecation-removed', 'no longer deprecated');
}
