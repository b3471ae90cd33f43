// Which path templates the router can serve: a segment is literal text and placeholders, read as
// src/runtime/core/path-template.ts says (each placeholder takes as much of its segment as it can, from the left).
import { isMixedSegment, templateSegments, type TemplatePart } from '../runtime/core/path-template.js';

const PLACEHOLDER_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Why the router cannot serve a path template (the text after "path … has"), or undefined when it can. */
export function templateProblem(path: string): string | undefined {
  for (const parts of templateSegments(path)) {
    const segment = parts.map((part) => ('text' in part ? part.text : `{${part.placeholder}}`)).join('');
    const brace = parts.find((part) => 'text' in part && /[{}]/.test(part.text));
    if (brace)
      return `the segment "${segment}" with a brace that opens or closes no placeholder (expected {name} pairs, e.g. {itemId}.json)`;
    const badName = parts.find((part) => 'placeholder' in part && !PLACEHOLDER_NAME.test(part.placeholder));
    if (badName && 'placeholder' in badName)
      return `the placeholder "{${badName.placeholder}}", whose name every router would not read alike (expected letters, digits and "_", e.g. {itemId})`;
    const adjacent = parts.findIndex(
      (part, index) => 'placeholder' in part && 'placeholder' in (parts[index + 1] ?? {}),
    );
    if (adjacent >= 0)
      return `the segment "${segment}", where nothing tells where one value ends and the next begins (expected text between two placeholders, e.g. {from}-{to}, or a segment each)`;
  }
  return undefined;
}

/** How the router files a segment: literal text, a placeholder alone, or text and placeholders (by its ends). */
function segmentNode(parts: readonly TemplatePart[]): string {
  if (parts.every((part) => 'text' in part))
    return `text ${parts.map((part) => ('text' in part ? part.text : '')).join('')}`;
  if (!isMixedSegment(parts)) return 'placeholder';
  const [first, last] = [parts[0], parts[parts.length - 1]];
  return `mixed ${first && 'text' in first ? first.text : ''}{…}${last && 'text' in last ? last.text : ''}`;
}

/**
 * Whether the router would choose between two paths by the order it was given them: they differ only in segments
 * that mix text and placeholders, each pair with the same text before its first placeholder and after its last
 * (/f/{a}.json and /f/{a}-{b}.json both take /f/1-2.json). Everywhere else find-my-way has an order of its own:
 * literal text first, then the longer text at the end of a segment, then a placeholder alone.
 */
export function routerTie(one: string, other: string): boolean {
  const [a, b] = [templateSegments(one), templateSegments(other)];
  if (a.length !== b.length || !a.some(isMixedSegment)) return false;
  const shape = (parts: readonly TemplatePart[]) => parts.map((part) => ('text' in part ? part.text : '{}')).join('');
  let differs = false;
  for (const [index, parts] of a.entries()) {
    const twin = b[index] ?? [];
    if (segmentNode(parts) !== segmentNode(twin)) return false;
    differs ||= shape(parts) !== shape(twin);
  }
  return differs;
}
