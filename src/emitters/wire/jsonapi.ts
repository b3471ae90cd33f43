// The json:api style as the emitters describe it: json:api documents (application/vnd.api+json) and
// plain JSON for Accept: application/json in OpenAPI, their line in the docs, and the runtime modules a
// generated server and client hand in (jsonapi.ts renders the documents, jsonapi-decode.ts reads them).
import { pascalCase } from '../../ir/names.js';
import type { RecordIr, RecordType, RelationIr, TypeIr } from '../../ir/types.js';
import type { Components } from '../openapi/components.js';
import { fieldSchema, isView, nullable, otherMembers, typeSchema, type SchemaContext } from '../openapi/json-schema.js';
import { JSON_API_MEDIA, JSON_MEDIA, sortedObject, type Schema, type SchemaObject } from '../openapi/types.js';
import type { EmitterWire } from './index.js';

export const jsonApiEmitterWire: EmitterWire = {
  docs: 'json:api documents (application/vnd.api+json) by default; with Accept: application/json, plain JSON: {total, data, aggregations} for lists and {data} for one record. Any other Accept is a 406.',
  openApiNote:
    'Responses are json:api documents (application/vnd.api+json) when the Accept header is absent, */* or application/vnd.api+json, plain JSON for application/json, and 406 for any other Accept.',
  serverHandIn: { module: 'wire/jsonapi/jsonapi', value: 'renderJsonApi' },
  clientHandIn: { module: 'wire/jsonapi/jsonapi-decode', value: 'decodeDocument' },
  pagesLists: true,
  stringIds: true,
  envelopedContent: (body, _response, ctx) =>
    body
      ? {
          [JSON_API_MEDIA]: { schema: namedDocument('json:api', body, ctx, jsonApiDocument) },
          [JSON_MEDIA]: { schema: namedDocument('plain', body, ctx, plainDocument) },
        }
      : undefined,
};

const URI: SchemaObject = { type: 'string', format: 'uri' };
const AGGREGATIONS: SchemaObject = {
  type: 'array',
  items: {},
  description: 'Aggregation results (outside JSON:API 1.0).',
};

/**
 * The document of a record or a list of records as a named schema (ProductListDocument,
 * ProductPlainDocument, …), so routes that respond the same share it; other bodies stay inline.
 */
function namedDocument(
  format: 'json:api' | 'plain',
  body: TypeIr,
  ctx: SchemaContext,
  build: (body: TypeIr, ctx: SchemaContext) => SchemaObject,
): Schema {
  const record = body.kind === 'list' ? body.items : body;
  if (record.kind !== 'record' || isView(record) || (body.kind === 'list' && record.nullable)) return build(body, ctx);
  const shape = body.kind === 'list' ? 'List' : body.nullable ? 'OrNull' : '';
  const named = ctx.components.record(record.record);
  return ctx.components.define(
    'schemas',
    {
      owner: `${format} ${shape} ${record.record}`,
      preferred: `${pascalCase(named.name)}${shape}${format === 'plain' ? 'Plain' : ''}Document`,
      qualifier: named.file,
    },
    () => build(body, ctx),
  );
}

// ---- plain JSON (Accept: application/json) ----

function plainDocument(body: TypeIr, ctx: SchemaContext): SchemaObject {
  if (body.kind === 'list') {
    return {
      type: 'object',
      properties: {
        aggregations: AGGREGATIONS,
        data: typeSchema(body, ctx),
        total: { type: 'integer', minimum: 0, description: 'Number of records matching.' },
      },
      required: ['aggregations', 'data', 'total'],
    };
  }
  return { type: 'object', properties: { data: typeSchema(body, ctx) }, required: ['data'] };
}

// ---- json:api (the default) ----

function jsonApiDocument(body: TypeIr, ctx: SchemaContext): SchemaObject {
  const included: SchemaObject = {
    type: 'array',
    items: includedResource(body.kind === 'list' ? body.items : body, ctx),
    description: 'Each related record the primary data references, once.',
  };
  if (body.kind === 'list') {
    return {
      type: 'object',
      properties: {
        aggregations: AGGREGATIONS,
        data: { type: 'array', items: jsonApiData(body.items, ctx) },
        included,
        links: listLinks(ctx.components),
        meta: listMeta(ctx.components),
      },
      required: ['data', 'links', 'meta'],
    };
  }
  return {
    type: 'object',
    properties: {
      data: body.nullable ? nullable(jsonApiData(body, ctx)) : jsonApiData(body, ctx),
      included,
      links: { type: 'object', properties: { self: URI } },
    },
    required: ['data'],
  };
}

/**
 * A record's json:api resource object; a union of records one of its variants' resource objects, told apart by their
 * `type`; other values as they are.
 */
function jsonApiData(type: TypeIr, ctx: SchemaContext): Schema {
  if (type.kind === 'record') return recordResource(ctx.components.record(type.record), ctx);
  if (type.kind === 'union' && type.variants.every((variant) => variant.kind === 'record' && !variant.nullable)) {
    const records = type.variants.map((variant) => ctx.components.record((variant as RecordType).record));
    return oneOfResources(records.map((record) => [record.resourceType, recordResource(record, ctx)]));
  }
  return typeSchema({ ...type, nullable: false }, ctx);
}

/** One of these resource objects, told apart by their `type`. */
function oneOfResources(resources: readonly [string, Schema][]): SchemaObject {
  const mapping = sortedObject(resources.flatMap(([type, schema]) => ('$ref' in schema ? [[type, schema.$ref]] : [])));
  return { oneOf: resources.map(([, schema]) => schema), discriminator: { propertyName: 'type', mapping } };
}

function recordResource(record: RecordIr, ctx: SchemaContext): Schema {
  return ctx.components.define(
    'schemas',
    { owner: `resource:${record.key}`, preferred: `${pascalCase(record.name)}Resource`, qualifier: record.file },
    () => {
      const id = record.fields.find((field) => field.name === 'id');
      const attributes = record.fields.filter((field) => field.name !== 'id' && field.relation === undefined);
      const relations = record.fields.filter((field) => field.relation !== undefined);
      const required = attributes.filter((field) => field.required).map((field) => field.name);
      return {
        type: 'object',
        description: `A ${record.resourceType} as a json:api resource object.`,
        properties: {
          attributes: {
            type: 'object',
            properties: sortedObject(attributes.map((field) => [field.name, fieldSchema(field, record.origin, ctx)])),
            ...(required.length > 0 && { required }),
            // An open record's other members travel as attributes too.
            ...otherMembers(record, ctx),
          },
          // JSON:API 1.0: "The values of the id and type members MUST be strings", whatever the record's id.
          id:
            id && id.type.kind === 'scalar' && id.type.scalar === 'string'
              ? fieldSchema(id, record.origin, ctx)
              : { type: 'string' },
          links: { type: 'object', properties: { self: URI }, required: ['self'] },
          relationships: {
            type: 'object',
            properties: sortedObject(
              relations.map((field) => [field.name, relationship(field.relation as RelationIr, ctx.components)]),
            ),
          },
          type: { type: 'string', const: record.resourceType },
        },
        required: ['attributes', 'id', 'type'],
      };
    },
  );
}

/** A relationship names its records (data) where the handler embedded them or a foreign key names one; links always. */
function relationship(relation: RelationIr, components: Components): SchemaObject {
  const identifier = components.define(
    'schemas',
    { owner: 'jsonapi:identifier', preferred: 'JsonApiResourceIdentifier' },
    () => ({
      type: 'object',
      description: 'Names a related record by type and id.',
      properties: { id: { type: 'string' }, type: { type: 'string' } },
      required: ['id', 'type'],
    }),
  );
  const data: Schema =
    relation.kind === 'to-one' ? nullable(identifier) : { type: ['array', 'null'], items: identifier };
  return {
    type: 'object',
    description: `The related ${components.resourceType(relation.record)}${relation.kind === 'to-many' ? ' records' : ''}.`,
    properties: { data, links: { type: 'object', properties: { related: URI }, required: ['related'] } },
    required: ['links'],
  };
}

/**
 * An included resource: one of the resource objects of the records the primary record relates to
 * (each names its type, so exactly one matches), or any resource object where the body is no record.
 */
function includedResource(primary: TypeIr, ctx: SchemaContext): Schema {
  if (primary.kind !== 'record') return resourceSchema(ctx.components);
  const related = new Set<string>();
  for (const field of ctx.components.record(primary.record).fields) {
    if (field.relation !== undefined) related.add(field.relation.record);
  }
  const resources = [...related].map((key): [string, Schema] => {
    const record = ctx.components.record(key);
    return [record.resourceType, recordResource(record, ctx)];
  });
  const [only] = resources;
  if (only === undefined) return resourceSchema(ctx.components);
  return resources.length === 1 ? only[1] : oneOfResources(resources);
}

function resourceSchema(components: Components): Schema {
  return components.define('schemas', { owner: 'jsonapi:resource', preferred: 'JsonApiResource' }, () => ({
    type: 'object',
    description: 'Any json:api resource object (the included related records).',
    properties: {
      attributes: { type: 'object' },
      id: { type: 'string' },
      links: { type: 'object', properties: { self: URI } },
      relationships: { type: 'object' },
      type: { type: 'string' },
    },
    required: ['id', 'type'],
  }));
}

function listLinks(components: Components): Schema {
  return components.define('schemas', { owner: 'jsonapi:list-links', preferred: 'JsonApiListLinks' }, () => ({
    type: 'object',
    description:
      'URLs of this response; when the request named a page (limit and page), of result pages too, <path>?limit=L&page=P: first and last, prev on pages after the first, next when a further page exists.',
    properties: { first: URI, last: URI, next: URI, prev: URI, self: URI },
    required: ['self'],
  }));
}

function listMeta(components: Components): Schema {
  return components.define('schemas', { owner: 'jsonapi:list-meta', preferred: 'JsonApiListMeta' }, () => ({
    type: 'object',
    properties: {
      fetchCount: { type: 'integer', minimum: 0, description: 'Number of records on this page.' },
      total: { type: 'integer', minimum: 0, description: 'Number of records matching.' },
    },
    required: ['fetchCount', 'total'],
  }));
}
