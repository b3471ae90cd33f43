// json:api documents → plain records, relationships resolved from `included` (and the primary
// data), the reverse of jsonapi.ts: the same records plain JSON responses carry, related records embedded
// one level deep (which also ends cycles, a product whose parent lists it as a child).

type Plain = Record<string, unknown>;

interface Resource {
  id: string;
  type: string;
  attributes?: Plain;
  relationships?: Record<string, { data?: unknown }>;
}

export interface JsonApiPage<T> {
  readonly items: T[];
  readonly total: number;
  readonly links: Readonly<Record<string, string>>;
  readonly meta: Readonly<Record<string, unknown>>;
}

function isResource(value: unknown): value is Resource {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Resource).id === 'string' &&
    typeof (value as Resource).type === 'string'
  );
}

/** `numericIds`: the json:api types whose ids stand for numbers (RecordMeta.numericId). */
export function decodeDocument(
  document: unknown,
  numericIds: ReadonlySet<string> = new Set(),
): {
  data: unknown;
  links: Record<string, string>;
  meta: Record<string, unknown>;
} {
  const doc = (document ?? {}) as {
    data?: unknown;
    included?: unknown;
    links?: Record<string, string>;
    meta?: Record<string, unknown>;
  };
  const index = new Map<string, Resource>();
  const all = [
    ...(Array.isArray(doc.data) ? doc.data : [doc.data]),
    ...(Array.isArray(doc.included) ? doc.included : []),
  ];
  for (const resource of all) if (isResource(resource)) index.set(`${resource.type}:${resource.id}`, resource);
  // As plain JSON embeds them: related records one level deep, their own relations null.
  const decode = (resource: Resource, embedded: boolean): Plain => {
    const id = numericIds.has(resource.type) ? Number(resource.id) : resource.id;
    const record: Plain = { id, ...(resource.attributes ?? {}) };
    for (const [name, relationship] of Object.entries(resource.relationships ?? {})) {
      if (embedded) {
        record[name] = null;
        continue;
      }
      if (!('data' in relationship)) continue;
      const resolve = (identifier: unknown): unknown => {
        if (!isResource(identifier)) return null;
        const target = index.get(`${identifier.type}:${identifier.id}`);
        return target ? decode(target, true) : undefined;
      };
      const data = relationship.data;
      if (data === null) record[name] = null;
      else if (Array.isArray(data)) {
        const resolved = data.map(resolve);
        if (resolved.every((item) => item !== undefined)) record[name] = resolved;
      } else {
        const resolved = resolve(data);
        if (resolved !== undefined) record[name] = resolved;
      }
    }
    return record;
  };
  const data = Array.isArray(doc.data)
    ? doc.data.filter(isResource).map((resource) => decode(resource, false))
    : isResource(doc.data)
      ? decode(doc.data, false)
      : null;
  return { data, links: doc.links ?? {}, meta: doc.meta ?? {} };
}
