// The doc comment of a generated member: its prose, and a `@deprecated` line for what the definitions
// mark deprecated, so editors strike its uses through and linters can flag them.
import type { RouteIr } from '../../ir/types.js';

/** A text with a `@deprecated` line below it when `deprecated`; the text alone otherwise. */
export function withDeprecation(text: string | undefined, deprecated: boolean): string | undefined {
  if (!deprecated) return text;
  return text ? `${text}\n@deprecated` : '@deprecated';
}

/** A route's method doc: its summary, else its description, and whether it is deprecated. */
export function routeDocs(route: Pick<RouteIr, 'summary' | 'description' | 'deprecated'>): string | undefined {
  return withDeprecation(route.summary ?? route.description, route.deprecated);
}
