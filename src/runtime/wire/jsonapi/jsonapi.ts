// json:api documents from plain records, driven by the per-record metadata svcgen emits.
// One serializer for every record type; nothing here is generated per record. Imported only by the
// servers of json:api interfaces, which hand renderJsonApi to their plugin.
import { respondsWithResources, variantRecord } from '../../core/union-variant.js';
import type { InterfaceMeta, RecordMeta, RelationMeta, ResponseMeta } from '../../core/interface-meta.js';
import { JSONAPI_MEDIA_TYPE } from '../../core/negotiate.js';
import type { ListResult, RenderContext } from '../../server/responses.js';

type Plain = Record<string, unknown>;

export interface ResourceObject {
  id: string;
  type: string;
  attributes: Plain;
  links: { self: string };
  relationships?: Record<string, { links: { related: string }; data?: unknown }>;
}

export interface Pagination {
  readonly limit: number;
  readonly page: number;
  readonly total: number;
}

export interface JsonApiOptions {
  readonly meta: InterfaceMeta;
  /** scheme://host of the request, for absolute links. */
  readonly origin: string;
  /** The request path, for links.self and page links. */
  readonly path: string;
}

type Level = 'primary' | 'included';
type Identifier = { type: string; id: string };
type Relationship = { links: { related: string }; data?: unknown };

function isPlain(value: unknown): value is Plain {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Records embedded in the primary data are included; the relationships of included records carry
 * identifiers only (what they name need not be included: JSON:API 1.0 full linkage asks only that
 * every included record be named somewhere), so a document is one level of related records deep.
 */
class Serializer {
  /** In the order first met; by type, then id, so that a record's id keys it as it is (no "type:id" string). */
  private readonly included: { readonly type: string; readonly id: string; readonly resource: ResourceObject }[] = [];
  private readonly includedIds = new Map<string, Set<string>>();
  private readonly primary = new Map<string, Set<string>>();

  private readonly options: JsonApiOptions;

  constructor(options: JsonApiOptions) {
    this.options = options;
  }

  resource(recordName: string, record: Plain, level: 'primary' | 'included' = 'primary'): ResourceObject {
    const meta = this.recordMeta(recordName);
    const id = String(record['id']);
    const self = `${this.options.origin}${meta.resourcePath ?? `/${meta.type}`}/${id}`;
    const { relations } = meta;
    const attributes: Plain = {};
    const relationships: Record<string, Relationship> = {};
    let related = false;
    // Built member by member, without spreads or closures: this runs for every record of every response.
    for (const field of Object.keys(record)) {
      if (field === 'id') continue;
      // Own relations only: a field named like an inherited member (constructor, toString) is an attribute.
      const relation = Object.hasOwn(relations, field) ? relations[field] : undefined;
      if (relation === undefined) attributes[field] = record[field];
      else {
        relationships[field] = this.relationship(`${self}/${field}`, relation.record, record[field], level);
        related = true;
      }
    }
    for (const field of Object.keys(relations)) {
      if (Object.hasOwn(relationships, field)) continue;
      relationships[field] = this.foreignKeyRelationship(`${self}/${field}`, relations[field] as RelationMeta, record);
      related = true;
    }
    const resource: ResourceObject = { id, type: meta.type, attributes, links: { self } };
    if (related) resource.relationships = relationships;
    return resource;
  }

  markPrimary(recordName: string, record: Plain): void {
    idsOf(this.primary, this.recordMeta(recordName).type).add(String(record['id']));
  }

  includedResources(): ResourceObject[] {
    const resources: ResourceObject[] = [];
    for (const { type, id, resource } of this.included) if (!this.primary.get(type)?.has(id)) resources.push(resource);
    return resources;
  }

  /** Embedded records: identifiers, and from the primary data also included resources. */
  private relationship(related: string, recordName: string, value: unknown, level: Level): Relationship {
    const links = { related };
    if (value === undefined) return { links };
    if (value === null) return { links, data: null };
    const type = this.recordMeta(recordName).type;
    if (Array.isArray(value)) {
      const data: Identifier[] = [];
      for (const item of value) if (isPlain(item)) data.push(this.identify(recordName, type, item, level));
      return { links, data };
    }
    return isPlain(value) ? { links, data: this.identify(recordName, type, value, level) } : { links };
  }

  /**
   * A to-one relation the handler did not embed is still identified by its foreign key: null names
   * no record; a foreign key the handler left out too says nothing, so the relationship has no data.
   */
  private foreignKeyRelationship(related: string, relation: RelationMeta, record: Plain): Relationship {
    const links = { related };
    if (relation.kind !== 'to-one' || !relation.foreignKey) return { links };
    const foreignId = record[relation.foreignKey];
    if (foreignId === undefined) return { links };
    const type = this.recordMeta(relation.record).type;
    return { links, data: foreignId === null ? null : { type, id: String(foreignId) } };
  }

  private identify(recordName: string, type: string, record: Plain, level: Level): Identifier {
    return level === 'primary' ? this.include(recordName, type, record) : { type, id: String(record['id']) };
  }

  private include(recordName: string, type: string, record: Plain): { type: string; id: string } {
    const identifier = { type, id: String(record['id']) };
    const ids = idsOf(this.includedIds, type);
    if (!ids.has(identifier.id)) {
      ids.add(identifier.id);
      this.included.push({ type, id: identifier.id, resource: this.resource(recordName, record, 'included') });
    }
    return identifier;
  }

  private recordMeta(name: string): RecordMeta {
    const meta = this.options.meta.records[name];
    if (!meta) throw new Error(`no record metadata for ${name}`);
    return meta;
  }
}

/** The ids of a type in a by-type map, made on first use. */
function idsOf(byType: Map<string, Set<string>>, type: string): Set<string> {
  let ids = byType.get(type);
  if (ids === undefined) byType.set(type, (ids = new Set()));
  return ids;
}

export function jsonApiList(
  options: JsonApiOptions,
  /** The record of the items, or of each item (a union's variants). */
  recordName: string | ((item: Plain) => string),
  records: readonly Plain[],
  pagination: Pagination | undefined,
  /** The handler's count of all matching records (meta.total), with or without pages. */
  total: number,
): unknown {
  const serializer = new Serializer(options);
  const nameOf = typeof recordName === 'string' ? () => recordName : recordName;
  for (const record of records) serializer.markPrimary(nameOf(record), record);
  const data = records.map((record) => serializer.resource(nameOf(record), record));
  return {
    data,
    included: serializer.includedResources(),
    links: pagination ? pageLinks(options, pagination) : { self: `${options.origin}${options.path}` },
    meta: { fetchCount: records.length, total },
    aggregations: [],
  };
}

export function jsonApiSingle(options: JsonApiOptions, recordName: string, record: Plain | null): unknown {
  if (record === null) return { data: null, links: { self: `${options.origin}${options.path}` } };
  const serializer = new Serializer(options);
  serializer.markPrimary(recordName, record);
  const data = serializer.resource(recordName, record);
  return { data, included: serializer.includedResources(), links: { self: `${options.origin}${options.path}` } };
}

function pageLinks(options: JsonApiOptions, { limit, page, total }: Pagination): Record<string, string> {
  const url = (p: number) => `${options.origin}${options.path}?limit=${limit}&page=${p}`;
  const last = Math.max(1, Math.ceil(total / limit));
  const links: Record<string, string> = { first: url(1) };
  if (page > 1) links['prev'] = url(page - 1);
  if (page < last) links['next'] = url(page + 1);
  links['last'] = url(last);
  links['self'] = url(page);
  return links;
}

/**
 * Plain JSON embeds related records one level deep, as json:api includes them: the relations of an
 * embedded record are null. A relation the handler did not load is null too.
 */
export function plainRecord(meta: InterfaceMeta, recordName: string, record: Plain, embedded = false): Plain {
  const recordMeta = meta.records[recordName];
  if (!recordMeta) return record;
  const out: Plain = { ...record };
  for (const [field, relation] of Object.entries(recordMeta.relations)) {
    const value = out[field];
    if (value === undefined || embedded) out[field] = null;
    else if (Array.isArray(value))
      out[field] = value.map((item: unknown) =>
        isPlain(item) ? plainRecord(meta, relation.record, item, true) : item,
      );
    else if (isPlain(value)) out[field] = plainRecord(meta, relation.record, value, true);
  }
  return out;
}

/** A json:api interface's enveloped response: a json:api document, or plain JSON when that was asked for. */
export function renderJsonApi(
  ctx: RenderContext,
  response: ResponseMeta,
  result: unknown,
): { contentType: string; body: unknown } {
  const { record, union } = response;
  const options = { meta: ctx.meta, origin: ctx.origin, path: ctx.path };
  // A union of records: each value is a resource object of the record variant it is, with that record's type.
  const variant =
    union &&
    respondsWithResources(response) &&
    ((value: Plain) => variantRecord(union, value) ?? (union.variants[0]?.record as string));
  if (response.list) {
    const list = result as ListResult<Plain>;
    const recordOf = record ?? (variant || undefined);
    if (ctx.representation === 'plain' || !recordOf) {
      const data = record ? list.items.map((item) => plainRecord(ctx.meta, record, item)) : list.items;
      return {
        contentType: 'application/json; charset=utf-8',
        body: { total: list.total, data, aggregations: [] },
      };
    }
    const limit = typeof ctx.query['limit'] === 'number' ? ctx.query['limit'] : undefined;
    const page = typeof ctx.query['page'] === 'number' ? ctx.query['page'] : undefined;
    const pagination = limit !== undefined && page !== undefined ? { limit, page, total: list.total } : undefined;
    return {
      contentType: JSONAPI_MEDIA_TYPE,
      body: jsonApiList(options, recordOf, list.items, pagination, list.total),
    };
  }
  const single = (result ?? null) as Plain | null;
  if (variant && ctx.representation !== 'plain' && single !== null) {
    return { contentType: JSONAPI_MEDIA_TYPE, body: jsonApiSingle(options, variant(single), single) };
  }
  if (ctx.representation === 'plain' || !record) {
    return {
      contentType: 'application/json; charset=utf-8',
      body: {
        data: single && record ? plainRecord(ctx.meta, record, single) : single,
      },
    };
  }
  return {
    contentType: JSONAPI_MEDIA_TYPE,
    body: jsonApiSingle(options, record, single),
  };
}
