// Components of an OpenAPI document that hold equal JSON under different names. One schema, response
// or example has one name (issue 32 item 2), so the tests over emitted documents expect none. Not a fuzzer
// check: definitions may declare two records or types alike, and each keeps the component of its name.

/**
 * The sections whose names the document chooses. The definitions name the others (securitySchemes, the session's
 * header and parameter), and two schemes may well be alike.
 */
const NAMED_BY_THE_DOCUMENT = ['schemas', 'responses', 'examples'] as const;

/** Each group of two or more components with equal JSON, as "<section>/<name>", in document order. */
export function equalComponents(document: unknown): string[][] {
  const sections = (document as { components?: Record<string, Record<string, unknown>> }).components ?? {};
  const byJson = new Map<string, string[]>();
  for (const section of NAMED_BY_THE_DOCUMENT)
    for (const [name, component] of Object.entries(sections[section] ?? {})) {
      const json = `${section} ${canonicalJson(component)}`;
      byJson.set(json, [...(byJson.get(json) ?? []), `${section}/${name}`]);
    }
  return [...byJson.values()].filter((names) => names.length > 1);
}

/** JSON with every object's keys sorted, so that key order alone never tells two components apart. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, member: unknown) =>
    member !== null && typeof member === 'object' && !Array.isArray(member)
      ? Object.fromEntries(Object.entries(member).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : member,
  );
}
