// Which path templates the router can serve: a segment is literal text and placeholders, read as
// src/runtime/core/path-template.ts says (each placeholder takes as much of its segment as it can, from the left).
import { templateSegments } from '../runtime/core/path-template.js';

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
