// Tags: an operation's `tags` become its route's, the document's `tags` the interface's with their
// descriptions. The definitions require a route's tags to be declared (SVC239), and OpenAPI does not:
// a tag operations use that the document does not list is declared too, without a description.
import type { RouteDefinition } from '../definitions/schema.js';
import { FIELD_NAME_PATTERN, isMapping } from '../definitions/schema-values.js';
import { noteAt, type ImportContext } from './context.js';
import type { Place } from './refs.js';
import { childPointer } from './report.js';

export type InterfaceTags = Record<string, { description?: string }>;

/** An operation's tags that the definitions can name, each once, in the order written. */
export function operationTags(context: ImportContext, tags: unknown, at: Place): string[] {
  if (!Array.isArray(tags)) return [];
  const kept: string[] = [];
  tags.forEach((tag: unknown, index) => {
    if (usableTag(tag)) {
      if (!kept.includes(tag)) kept.push(tag);
    } else noteAt(context, { ...at, pointer: childPointer(at.pointer, String(index)) }, 'dropped', unusableTag(tag));
  });
  return kept;
}

/** The document's tags in its order, then those only operations name, in the order the routes use them. */
export function interfaceTags(context: ImportContext, routes: readonly RouteDefinition[]): InterfaceTags {
  const declared = new Map<string, { description?: string }>();
  const listed = Array.isArray(context.root.tags) ? context.root.tags : [];
  listed.forEach((tag: unknown, index) => {
    const name = isMapping(tag) ? tag.name : undefined;
    if (!usableTag(name))
      return noteAt(context, { file: context.file, pointer: `/tags/${index}` }, 'dropped', unusableTag(name));
    // OpenAPI's tag names are unique; a repeat adds nothing the first did not say.
    if (isMapping(tag) && !declared.has(name))
      declared.set(name, typeof tag.description === 'string' ? { description: tag.description } : {});
  });
  for (const tag of routes.flatMap((route) => route.tags ?? [])) if (!declared.has(tag)) declared.set(tag, {});
  return Object.fromEntries(declared);
}

function usableTag(tag: unknown): tag is string {
  return typeof tag === 'string' && FIELD_NAME_PATTERN.test(tag);
}

function unusableTag(tag: unknown): string {
  return `tag ${JSON.stringify(tag) ?? 'without a name'}: a tag is text that is not empty and has no control characters`;
}
