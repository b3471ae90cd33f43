// Path templates whose segments may mix literal text and {placeholders}: {sid}.json, {name}.{ext}, {name}:cancel.
// Fastify's router (find-my-way) matches a segment after percent-decoding it, so no encoding hides literal text
// inside a value: each placeholder takes as much of its segment as it can, from the left ({name}.{ext} reads
// a.b.c as a.b and c). Server, client and mocks all read templates here, so the three split a segment alike.

/** A piece of one path segment: literal text, or a placeholder by name. */
export type TemplatePart = { readonly text: string } | { readonly placeholder: string };

/** The segments of a template ("/" apart), each as its pieces; a segment without braces is one text. */
export function templateSegments(path: string): TemplatePart[][] {
  return path
    .split('/')
    .map((segment) =>
      [...segment.matchAll(/\{([^{}]*)\}|[^{}]+|[{}]/g)].map((match) =>
        match[1] === undefined ? { text: match[0] } : { placeholder: match[1] },
      ),
    );
}

/** Whether a segment mixes text and placeholders (one placeholder alone fills its segment, as in any router). */
export function isMixedSegment(parts: readonly TemplatePart[]): boolean {
  return parts.length > 1 && parts.some((part) => 'placeholder' in part);
}

/** The regular expression source of a mixed segment, each placeholder a group matched by `value`. */
export function segmentPattern(parts: readonly TemplatePart[], value: (name: string) => string): string {
  return parts
    .map((part) => ('text' in part ? part.text.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&') : value(part.placeholder)))
    .join('');
}

/**
 * The template in find-my-way's notation: `:name` per placeholder, ":" in text doubled; a placeholder beside text
 * gets the pattern that takes as much as it can (find-my-way would otherwise end its name at the first "-" or ".",
 * and let a later placeholder's value run across the text before it).
 */
export function routerPath(path: string): string {
  return templateSegments(path)
    .map((parts) =>
      parts
        .map((part) =>
          'text' in part
            ? part.text.replaceAll(':', '::')
            : `:${part.placeholder}${isMixedSegment(parts) ? '(^[\\s\\S]*)' : ''}`,
        )
        .join(''),
    )
    .join('/');
}

/** Why a value cannot be sent in its placeholder: read otherwise by the server, or a "." or ".." segment. */
export type UnsentValue = 'misread-parameter' | 'dot-segment';

/**
 * The template with each value percent-encoded into its placeholder (RFC 3986: unreserved characters as they are),
 * or the first placeholder whose value cannot be sent: one the server would read otherwise (in {name}.{ext}, an ext
 * holding "."), or one making a "." or ".." segment, which URL parsers (fetch's too), %2E forms included, resolve.
 */
export function fillTemplate(
  path: string,
  value: (name: string) => string,
): { path: string } | { placeholder: string; problem: UnsentValue } {
  const segments: string[] = [];
  for (const parts of templateSegments(path)) {
    const decoded = parts.map((part) => ('text' in part ? part.text : value(part.placeholder)));
    const placeholders = parts.flatMap((part, index) => ('placeholder' in part ? [{ ...part, index }] : []));
    if (isMixedSegment(parts)) {
      const read = new RegExp(`^${segmentPattern(parts, () => '([\\s\\S]*)')}$`).exec(decoded.join(''));
      // The last placeholder read otherwise holds the text: a.b.c for {name}.{ext} is a.b and c, ext was b.c.
      const misread = placeholders.filter(({ index }, at) => read?.[at + 1] !== decoded[index]).pop();
      if (misread) return { placeholder: misread.placeholder, problem: 'misread-parameter' };
    }
    const first = placeholders[0];
    if (first && /^\.\.?$/.test(decoded.join(''))) return { placeholder: first.placeholder, problem: 'dot-segment' };
    segments.push(
      parts.map((part, index) => ('text' in part ? part.text : encodeURIComponent(decoded[index]!))).join(''),
    );
  }
  return { path: segments.join('/') };
}
