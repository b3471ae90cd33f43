// Names the variant of a tagged union a request's value was read as, for the violations inside it: "`kind` is
// `card`: `/number` is required" says which record the server expected, where a bare pointer would not.
import type { z } from 'zod';
import { jsonPointer } from '../core/errors.js';
import { defOf, propValues, WRAPPERS } from './zod-def.js';

/** The innermost tagged union on the way to `path`: its member, the value read, and where the variant starts. */
interface Tagged {
  readonly property: string;
  readonly value: string;
  readonly depth: number;
}

/**
 * The message of an issue at `path` of `value` (read with `schema`), prefixed with the variant tried when the path
 * goes through a tagged union; undefined when it does not.
 */
export function variantMessage(
  schema: z.ZodType,
  value: unknown,
  path: readonly PropertyKey[],
  message: string,
): string | undefined {
  const tagged = innermostTagged(schema, value, path);
  if (!tagged) return undefined;
  const inner = path.slice(tagged.depth);
  const pointer = `\`${jsonPointer(inner) || '/'}\``;
  const absent = inner.length > 0 && memberAt(value, path) === undefined;
  return `\`${tagged.property}\` is \`${tagged.value}\`: ${pointer} ${absent ? 'is required' : `is invalid: ${message}`}`;
}

function innermostTagged(root: z.ZodType, value: unknown, path: readonly PropertyKey[]): Tagged | undefined {
  let schema: z.ZodType | undefined = root;
  let found: Tagged | undefined;
  let depth = 0;
  let here = value;
  for (let guard = 0; schema && guard < 1000; guard++) {
    const def = defOf(schema);
    if (WRAPPERS.has(def.type)) schema = def.innerType;
    else if (def.type === 'lazy') schema = def.getter?.();
    else if (def.type === 'pipe') schema = defOf(def.in as z.ZodType).type === 'transform' ? def.out : def.in;
    else if (def.type === 'union' && def.discriminator !== undefined) {
      const tag = memberOf(here, def.discriminator);
      const option = def.options?.find((candidate) => propValues(candidate, def.discriminator as string)?.has(tag));
      if (!option || typeof tag !== 'string') return found;
      found = { property: def.discriminator, value: tag, depth };
      schema = option;
    } else {
      if (depth >= path.length) return found;
      const key = path[depth] as PropertyKey;
      schema =
        def.type === 'object'
          ? def.shape && Object.hasOwn(def.shape, key)
            ? def.shape[key as string]
            : def.catchall
          : def.type === 'array'
            ? def.element
            : def.type === 'record'
              ? def.valueType
              : undefined;
      here = memberOf(here, key);
      depth++;
    }
  }
  return found;
}

function memberOf(value: unknown, key: PropertyKey): unknown {
  if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return undefined;
  return (value as Record<PropertyKey, unknown>)[key];
}

function memberAt(value: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>((here, key) => memberOf(here, key), value);
}
