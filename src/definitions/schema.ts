// The definitions format, written once. The loader validates with it and
// `schema/svcgen-definitions.schema.json` is generated from it for editors.
import * as z from 'zod';
import { FORMAT_WORDS } from '../ir/formats.js';
import {
  API_KEY_LOCATIONS,
  BODY_FORMATS,
  DIGEST_ALGORITHMS,
  ERROR_KINDS,
  ERROR_STYLES,
  HTTP_METHODS,
  INTERFACE_STYLES,
  PARAMETER_STYLES,
  RELATION_KINDS,
  SCALAR_KINDS,
} from '../ir/types.js';
import { FIELD_NAME_PATTERN, NAME_PATTERN, TOKEN_PATTERN } from './schema-values.js';

/** Where an element comes from: the interface document, or a choice made where it is silent. */
export const Origin = z
  .enum(['spec', 'convention'])
  .describe('spec: fixed by the interface document; convention: chosen where it is silent');

const name = z.string().regex(NAME_PATTERN, 'a name: a letter, then letters, digits, "_" or "-"');

/**
 * A record field's name is its JSON member name, kept as written on the wire (`_links`, `+1`,
 * `@odata.type`): any text but the empty one, control characters, and `__proto__`, which an object
 * literal would read as its prototype (docs/definitions.md, "Field names").
 */
const fieldName = z
  .string()
  .regex(FIELD_NAME_PATTERN, 'a field name: text that is not empty and has no control characters');

/** A header, cookie or apiKey name: an RFC 9110 token (schema-values.ts). */
const token = (what: string) => z.string().regex(TOKEN_PATTERN, what);
const headerName = token("a header name: letters, digits and !#$%&'*+.^_`|~-, no spaces");
const cookieName = token('a cookie name: letters, digits and !#$%&\'*+.^_`|~-, no spaces or "="');
/** One path segment, as versions and segment aliases are: no "/", "*", ":", "{" or space the router would read. */
const segment = z.string().regex(/^[A-Za-z0-9_.~-]+$/, 'a path segment: letters, digits, "_", ".", "~" or "-"');

export const FIELD_TYPES = [...SCALAR_KINDS, 'enum', 'record', 'list', 'map', 'union', 'json'] as const;

const common = {
  description: z.string().optional(),
  origin: Origin.optional(),
};

/** A named type of the `types:` section, always with its file: "shared.customerId". */
/** An interface's basePath: letters, digits and `_-./` (a version such as `/v1.56`). */
export const BASE_PATH = /^\/[A-Za-z0-9_\-./]*$/;
export const NAMED_TYPE_REFERENCE = /^[A-Za-z][A-Za-z0-9_-]*\.[A-Za-z][A-Za-z0-9_-]*$/;
/** A tagged union's member and, optionally, the value that names each variant (default: the record's name). */
const DiscriminatorSchema = z.strictObject({
  property: z.string().describe('the member every variant record has, whose value names the variant'),
  mapping: z.record(z.string(), z.string()).optional().describe('value -> record name; a record left out: its name'),
});
export type DiscriminatorDefinition = string | z.infer<typeof DiscriminatorSchema>;

const typeShape = {
  type: z.union([
    z.enum(FIELD_TYPES),
    z
      .string()
      .regex(NAMED_TYPE_REFERENCE, 'a named type: "<file>.<name>"')
      .describe('a named type of a types: section, written "<file>.<name>"'),
  ]),
  format: z
    .enum(FORMAT_WORDS)
    .optional()
    .describe('a string format (uuid, uri, email, time, …), or int32 / int64 for an integer'),
  const: z
    .union([z.string(), z.number(), z.boolean()])
    .optional()
    .describe('the one value allowed: a string, number or boolean of the type'),
  nullable: z.boolean().optional(),
  values: z.array(z.string()).min(1).optional().describe('the allowed values of an enum'),
  record: z.string().optional().describe('a record name, or "<file>.<record>" for a record of another file'),
  omit: z.array(z.string()).optional().describe('record fields left out'),
  pick: z.array(z.string()).optional().describe('the only record fields kept'),
  partial: z.boolean().optional().describe('every record field optional'),
  minItems: z.number().int().nonnegative().optional(),
  maxItems: z.number().int().nonnegative().optional(),
  minLength: z.number().int().nonnegative().optional(),
  maxLength: z.number().int().nonnegative().optional(),
  pattern: z
    .string()
    .optional()
    .describe(
      'an ECMAScript regular expression the value must contain a match of, checked after maxLength; ' +
        'one that can backtrack catastrophically is refused (SVC108)',
    ),
  minimum: z.number().optional(),
  maximum: z.number().optional(),
  exclusiveMinimum: z.number().optional().describe('the value must be greater than this'),
  exclusiveMaximum: z.number().optional().describe('the value must be less than this'),
  coerce: z.boolean().optional().describe('accept a string of digits for an integer or number'),
  discriminator: z
    .union([z.string(), DiscriminatorSchema])
    .optional()
    .describe('a union of records told apart by this member (or {property, mapping})'),
  exclusive: z.boolean().optional().describe('a union value must match exactly one variant (OpenAPI oneOf)'),
  ...common,
};

/** A value's type: a scalar, an enum, a record (possibly narrowed), a list or a map. */
export type TypeDefinition = z.output<z.ZodObject<typeof typeShape>> & {
  items?: TypeDefinition | undefined;
  variants?: TypeDefinition[] | undefined;
};

export const TypeSchema: z.ZodType<TypeDefinition> = z.lazy(() => z.strictObject(nestedTypeShape()));

/**
 * A value shown in documentation and sent by mocks; checked against its type at load (SVC270). It
 * changes no contract: `svcgen diff` reports it as non-breaking.
 */
const example = z
  .unknown()
  .optional()
  .describe('a value of this type shown in docs and OpenAPI and sent by mocks; it must satisfy the type');

/** Still served, but on its way out: documented as deprecated, marked @deprecated in code. */
const deprecated = z
  .boolean()
  .optional()
  .describe('still served but on its way out: OpenAPI and docs say so, generated code marks it @deprecated');

/**
 * A tag groups routes in OpenAPI and the docs. Tags are OpenAPI's words, kept as written (`Pet Store`), so
 * any text but the empty one and control characters.
 */
const tagName = z.string().regex(FIELD_NAME_PATTERN, 'a tag: text that is not empty and has no control characters');

/** A union's variants: two or more types, in the order a value is matched against them. */
const variantsSchema = () => z.array(TypeSchema).min(2).optional().describe('the types a union value may be');

/** A type's keys with the types it nests (a list's items, a union's variants): what every typed element takes. */
const nestedTypeShape = () => ({ ...typeShape, items: TypeSchema.optional(), variants: variantsSchema() });

/** A named type of a `types:` section: a type, and an example every use of it may show. */
export const NamedTypeSchema = z.strictObject({
  ...nestedTypeShape(),
  example,
});
export type NamedTypeDefinition = z.infer<typeof NamedTypeSchema>;

export const FieldSchema = z.strictObject({
  ...nestedTypeShape(),
  required: z.boolean().optional().describe('must be present (default true)'),
  readOnly: z.boolean().optional().describe('set by the service, never written by a client'),
  deprecated,
  default: z.unknown().optional(),
  example,
  relation: z
    .strictObject({
      kind: z.enum(RELATION_KINDS),
      record: z.string(),
      foreignKey: z.string().optional().describe('the field holding the related id (to-one)'),
      inverse: z.string().optional().describe('the related record field pointing back (to-many)'),
      embedded: z.boolean().optional().describe('embedded in plain JSON, a relationship in json:api'),
    })
    .optional(),
});
export type FieldDefinition = z.infer<typeof FieldSchema>;

export const RecordSchema = z.strictObject({
  ...common,
  resourceType: z.string().optional().describe('the json:api type; the record name by default'),
  apiAlias: z.string().optional().describe('the apiAlias member of the record'),
  fields: z.record(fieldName, FieldSchema),
  example: example.describe('a whole record (every required field), shown in docs and OpenAPI and sent by mocks'),
  additionalFields: z
    .union([z.literal(true), z.literal('ignore'), TypeSchema])
    .optional()
    .describe(
      'members the record does not name are kept: true for any JSON value, or their type; ignore: accepted and left out',
    ),
});
export type RecordDefinition = z.infer<typeof RecordSchema>;

export const ParameterSchema = z.strictObject({
  ...nestedTypeShape(),
  required: z.boolean().optional(),
  default: z.unknown().optional(),
  style: z.enum(PARAMETER_STYLES).optional().describe('how a structured query value is written'),
  shortForm: z
    .strictObject({
      key: z.string().describe('the item field that takes the bracketed name'),
      value: z.string().describe('the item field that takes the value'),
    })
    .optional()
    .describe('a deepObject list of records may also be written name[k]=v, short for the item {<key>: k, <value>: v}'),
});
export type ParameterDefinition = z.infer<typeof ParameterSchema>;

/** A media type as Content-Type names it, without parameters: image/png, application/pdf. */
const mediaType = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*\/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*$/, 'a media type such as image/png');
const mediaTypes = z
  .array(mediaType)
  .min(1)
  .optional()
  .describe('the media types a file may have (default application/octet-stream)');
/** What a file sent to the service may be: a media type, or a range of them (image/*, or any type). */
const mediaRange = z
  .string()
  .regex(
    /^(\*\/\*|[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*\/(\*|[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*))$/,
    'a media type such as image/png, or a range such as image/*',
  );
const mediaRanges = z
  .array(mediaRange)
  .min(1)
  .optional()
  .describe('the media types a file may have, ranges such as image/* among them (default application/octet-stream)');

/** A request body that is a file's bytes, streamed: application/octet-stream or the media types named. */
export const UploadSchema = z.strictObject({
  ...common,
  mediaTypes: mediaRanges,
  maxBytes: z.number().int().positive().optional().describe('the largest file accepted, in bytes (413 past it)'),
});
export type UploadDefinition = z.infer<typeof UploadSchema>;

/** A multipart/form-data body: file parts, streamed to the handler, and text parts. */
export const MultipartSchema = z.strictObject({
  ...common,
  files: z
    .record(
      name,
      z.strictObject({
        ...common,
        mediaTypes: mediaRanges,
        maxBytes: z.number().int().positive().optional().describe('the largest file of this part (413 past it)'),
        required: z.boolean().optional().describe('must be sent (default true)'),
      }),
    )
    .optional()
    .describe('the file parts, by part name'),
  fields: z
    .record(
      name,
      z.strictObject({
        ...common,
        type: z.enum(['string', 'enum']),
        values: z.array(z.string()).min(1).optional(),
        maxLength: z.number().int().nonnegative().optional(),
        required: z.boolean().optional().describe('must be sent (default true)'),
      }),
    )
    .optional()
    .describe('the text parts, by part name'),
  limits: z
    .strictObject({
      parts: z.number().int().positive().optional().describe('the most parts a request may send (default 100)'),
      fieldBytes: z.number().int().positive().optional().describe('the longest text part in bytes (default 65536)'),
    })
    .optional(),
});
export type MultipartDefinition = z.infer<typeof MultipartSchema>;

/** A response that is a file's bytes, streamed. */
const FileResponseSchema = z.strictObject({ ...common, mediaTypes });

const ResponseSchema = z.strictObject({
  ...common,
  body: TypeSchema.optional(),
  envelope: z
    .enum(['interface', 'none'])
    .optional()
    .describe('wrap the body in the interface envelope (default) or not'),
  headers: z.record(headerName, ParameterSchema).optional(),
  when: z.string().optional().describe('the query parameter that selects this response'),
  total: z.boolean().optional().describe('the envelope carries the number of matching records beside a list'),
  file: FileResponseSchema.optional().describe("the response is a file's bytes, streamed (instead of a body)"),
  events: z
    .record(
      z.string().regex(/^[A-Za-z][A-Za-z0-9_.-]*$/, 'an event name: a letter, then letters, digits, _ . -'),
      TypeSchema,
    )
    .optional()
    .describe('the response is a text/event-stream of these events: event name -> the type of its data (a record)'),
});
export type ResponseDefinition = z.infer<typeof ResponseSchema>;

export const RouteSchema = z.strictObject({
  ...common,
  summary: z.string().optional(),
  method: z.enum(HTTP_METHODS),
  path: z.string().regex(/^\/[A-Za-z0-9_\-.~:/{}]*$/, 'a path starting with "/"'),
  version: segment.optional().describe('version segment placed before the path'),
  auth: z.string().optional().describe('an auth scheme name, or "none"'),
  privilege: z.string().optional(),
  scopes: z
    .array(z.string())
    .optional()
    .describe('scopes the caller must hold, all of them (bearer, oauth2, apiKey, basic)'),
  action: z.string().optional().describe('the controller action this route maps to'),
  pathParams: z.record(name, ParameterSchema).optional(),
  query: z.record(z.string(), ParameterSchema).optional(),
  headers: z.record(headerName, ParameterSchema).optional(),
  cookies: z
    .record(cookieName, ParameterSchema)
    .optional()
    .describe('parameters sent in the Cookie header (in: cookie): scalars, enums or lists of scalars (a,b)'),
  body: TypeSchema.optional(),
  bodyRequired: z.boolean().optional().describe('false when the body may be left out (default true)'),
  bodyEntries: z
    .enum(['whole', 'each'])
    .optional()
    .describe(
      'each: the entries of a list body are validated one by one and handed over as per-entry results (default whole)',
    ),
  bodyQueryAlternative: z
    .strictObject({
      member: z.string().describe('the body member the query parameter of the same name carries'),
      style: z.enum(['json', 'deepObject']),
      origin: Origin.optional(),
    })
    .optional()
    .describe('for clients that cannot send a GET body'),
  bodyFormats: z.array(z.enum(BODY_FORMATS)).optional(),
  idempotencyKey: headerName
    .optional()
    .describe(
      'a header (e.g. Idempotency-Key) whose value names one attempt: clients fill it and may retry, the server responds to a repeat with the first response',
    ),
  upload: UploadSchema.optional().describe("the request body is a file's bytes, streamed (instead of a body)"),
  multipart: MultipartSchema.optional().describe('the request body is a multipart/form-data form (instead of a body)'),
  responses: z
    .record(
      z
        .string()
        .regex(/^(?:[1-5][0-9][0-9]|[1-5]XX|default)$/, 'an HTTP status code, a class of them (4XX) or default'),
      ResponseSchema,
    )
    .describe(
      'the responses by status: a status (200), a class of statuses (2XX, 4XX: each status of it no other key names) or default (every status no other key covers)',
    ),
  errors: z.array(z.string()).optional().describe('error kinds this route can respond with'),
  tags: z
    .array(tagName)
    .optional()
    .describe("the interface's tags this route is listed under in OpenAPI and the docs, first one first"),
  deprecated,
});
export type RouteDefinition = z.infer<typeof RouteSchema>;

const OAuthGrant = z.strictObject({
  ...common,
  clientId: z.string().optional(),
  scopes: z.array(z.string()).optional(),
  issuesRefreshToken: z.boolean().optional(),
});

/** Signature algorithms a JWT bearer scheme may accept (JWS, RFC 7518; EdDSA per RFC 8037). */
export const JWT_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
  'HS256',
  'HS384',
  'HS512',
] as const;

const scopeList = z
  .array(z.string().regex(/^[!#-[\]-~]+$/, 'a scope: printable characters without spaces, quotes or backslashes'))
  .optional()
  .describe('the scopes routes may require');

export const AuthSchemeSchema = z.discriminatedUnion('type', [
  z.strictObject({
    ...common,
    type: z.literal('oauth2'),
    tokenPath: z.string().regex(/^\/[A-Za-z0-9_\-./]*$/, 'a path starting with "/", without placeholders'),
    grants: z.strictObject({
      password: OAuthGrant.optional(),
      client_credentials: OAuthGrant.optional(),
      refresh_token: OAuthGrant.optional(),
    }),
    clientAuthentication: z
      .strictObject({
        ...common,
        realm: z
          .string()
          .describe('realm of the Basic challenge when client authentication fails (default: the scheme name)'),
      })
      .optional()
      .describe('client authentication at the token endpoint: HTTP Basic or the body (RFC 6749 section 2.3.1)'),
    accessTokenLifetime: z.number().int().positive(),
    refreshTokenLifetime: z
      .number()
      .int()
      .positive()
      .optional()
      .describe('seconds a refresh token lives; required when a grant issues refresh tokens'),
    rotateRefreshTokens: z.boolean().optional(),
  }),
  z.strictObject({
    ...common,
    type: z.literal('bearer'),
    scopes: scopeList,
    jwt: z
      .strictObject({
        ...common,
        issuer: z.string().min(1),
        audience: z.string().min(1),
        jwksUrl: z
          .url({ protocol: /^https?$/ })
          .optional()
          .describe('where the signing keys are published; without it the server is given a key'),
        algorithms: z
          .array(z.enum(JWT_ALGORITHMS))
          .min(1)
          .optional()
          .describe('accepted signature algorithms (default: all asymmetric ones jose knows)'),
      })
      .optional()
      .describe(
        'tokens are JWTs checked by signature, issuer, audience and expiry; without jwt the server checks opaque tokens',
      ),
  }),
  z.strictObject({
    ...common,
    type: z.literal('apiKey'),
    in: z.enum(API_KEY_LOCATIONS),
    name: token("a header, query or cookie name: letters, digits and !#$%&'*+.^_`|~-"),
    scopes: scopeList,
    unknownKeyError: z
      .string()
      .optional()
      .describe('the error entry (of kind unauthorized) sent in response to a key that names no one'),
    session: z
      .strictObject({
        header: headerName,
        idleTimeout: z.number().int().positive(),
        tokenLength: z.number().int().min(16),
      })
      .optional()
      .describe('sessions (context tokens) that the server keeps per key holder'),
  }),
  z.strictObject({
    ...common,
    type: z.literal('basic'),
    realm: z.string().regex(/^[ !#-[\]-~]*$/, 'printable ASCII without quotes or backslashes (it is sent in a header)'),
    scopes: scopeList,
  }),
  z.strictObject({
    ...common,
    type: z.literal('digest'),
    realm: z.string(),
    algorithms: z.array(z.enum(DIGEST_ALGORITHMS)).min(1),
    qop: z.array(z.enum(['auth'])).min(1),
    nonceLifetime: z.number().int().positive(),
    privileges: z
      .strictObject({
        resource: z.string(),
        names: z.array(z.string()).min(1),
      })
      .optional(),
  }),
]);
export type AuthSchemeDefinition = z.infer<typeof AuthSchemeSchema>;

export const ErrorSchema = z.strictObject({
  ...common,
  kind: z
    .enum(ERROR_KINDS)
    .optional()
    .describe('what a handler throws to respond with this error; the entry name when it is a kind'),
  status: z.number().int().min(400).max(599),
  code: z.string().optional(),
  title: z.string().optional(),
  message: z.string().optional().describe('message template; {placeholders} are filled by the thrower'),
});

export const InterfaceSchema = z.strictObject({
  ...common,
  title: z.string(),
  basePath: z.string().regex(BASE_PATH, 'a path starting with "/"'),
  style: z
    .enum(INTERFACE_STYLES)
    .describe(
      'jsonapi: json:api or plain JSON by Accept; success-envelope: {success,data}; api-alias: records with apiAlias',
    ),
  errorStyle: z.enum(ERROR_STYLES),
  versions: z.array(segment).optional().describe('version segments that all reach the same routes'),
  segmentAliases: z
    .record(segment, z.array(segment))
    .optional()
    .describe('path segments reachable under other spellings'),
  tags: z
    .record(tagName, z.strictObject({ description: z.string().optional() }))
    .optional()
    .describe('the tags routes may name, by name, each with an optional description'),
  limits: z
    .strictObject({
      bodyBytes: z.number().int().positive().optional(),
      origin: Origin.optional(),
    })
    .optional(),
});

export const DefinitionFileSchema = z.strictObject({
  $schema: z.string().optional(),
  name: name.describe("the file's name, used to reference its records from other files"),
  interface: InterfaceSchema.optional(),
  routesOf: name
    .optional()
    .describe(
      "the name of the interface file whose routes this file's routes join (a file of routes only, no interface, for interfaces too large for one file)",
    ),
  auth: z.record(name, AuthSchemeSchema).optional(),
  errors: z
    .record(name, ErrorSchema)
    .optional()
    .describe('the error catalog: an entry per error, keyed by a name (a kind name, or any name with kind:)'),
  records: z.record(name, RecordSchema).optional(),
  types: z
    .record(name, NamedTypeSchema)
    .optional()
    .describe('named types (a constrained scalar, a list, a map, a union) that any file uses as type: <file>.<name>'),
  routes: z.record(name, RouteSchema).optional(),
});
export type DefinitionFile = z.infer<typeof DefinitionFileSchema>;
