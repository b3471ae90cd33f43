// The intermediate representation: the only thing emitters see. Plain data,
// readonly, every list sorted by name (code-point order), references resolved.

import type { IntegerFormat, StringFormat } from './formats.js';

export type Origin = 'spec' | 'convention';

export interface SourceLocation {
  /** Path relative to the working directory, with "/" separators. */
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

export interface Documented {
  readonly description: string | undefined;
  readonly origin: Origin;
  readonly location: SourceLocation;
}

// The vocabularies, declared once: the definitions schema accepts these words, and every table
// over them is a Record<Union, …>, so a word added here fails to compile until each table has it.
export const SCALAR_KINDS = ['string', 'integer', 'number', 'boolean', 'date', 'date-time'] as const;
export type ScalarKind = (typeof SCALAR_KINDS)[number];
export { STRING_FORMATS, INTEGER_FORMATS, type StringFormat, type IntegerFormat } from './formats.js';
export {
  API_KEY_LOCATIONS,
  BODY_FORMATS,
  DIGEST_ALGORITHMS,
  ERROR_KINDS,
  ERROR_STYLES,
  HTTP_METHODS,
  INTERFACE_STYLES,
  PARAMETER_STYLES,
  RELATION_KINDS,
  type ApiKeyLocation,
  type BodyFormat,
  type DigestAlgorithm,
  type ErrorStyle,
  type HttpMethod,
  type InterfaceStyle,
  type ParameterStyle,
  type RelationKind,
} from '../runtime/core/vocabulary.js';
import type {
  ApiKeyLocation,
  BodyFormat,
  DigestAlgorithm,
  ERROR_KINDS,
  ErrorStyle,
  HttpMethod,
  InterfaceStyle,
  ParameterStyle,
  RelationKind,
} from '../runtime/core/vocabulary.js';
/** The errors a definition declares (the runtime adds its own notImplemented). */
export type ErrorKind = (typeof ERROR_KINDS)[number];

export interface Constraints {
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly exclusiveMaximum?: number;
  readonly minItems?: number;
  readonly maxItems?: number;
}

interface TypeBase {
  readonly nullable: boolean;
  readonly constraints: Constraints;
  /**
   * The named type this one is (`type: shared.customerId`): the type is its definition, resolved, so
   * every reader sees what it allows; emitters that print names (types, OpenAPI, docs) print the name.
   */
  readonly named?: TypeKey;
  /**
   * On a reference to a named type, the named type's own example (NamedTypeIr.example has it with its
   * location): every use shows it. Undefined elsewhere: a field's or record's example is theirs.
   */
  readonly example?: unknown;
}

/** A key that identifies a named type across files: "<file>.<name>". */
export type TypeKey = string;

export interface ScalarType extends TypeBase {
  readonly kind: 'scalar';
  readonly scalar: ScalarKind;
  /** A string format for a string, int32 or int64 for an integer. */
  readonly format: StringFormat | IntegerFormat | undefined;
  /** The one value allowed (`const:`), of the scalar's own type. */
  readonly const?: string | number | boolean;
  /** Accept a string of digits for an integer or number (only where a definition allows it). */
  readonly coerce: boolean;
}

export interface EnumType extends TypeBase {
  readonly kind: 'enum';
  readonly values: readonly string[];
}

/** A key that identifies a record across files: "<file>.<record>". */
export type RecordKey = string;

export interface RecordType extends TypeBase {
  readonly kind: 'record';
  readonly record: RecordKey;
  readonly omit: readonly string[];
  readonly pick: readonly string[];
  readonly partial: boolean;
}

/** Whether a view of a record (its omit and pick lists) shows the field. */
export function inView(view: Pick<RecordType, 'omit' | 'pick'>, field: string): boolean {
  return (view.pick.length === 0 || view.pick.includes(field)) && !view.omit.includes(field);
}

/** A record's own example as a view shows it: the fields the view leaves out left out, other members kept. */
export function exampleInView(record: RecordIr, view: Pick<RecordType, 'omit' | 'pick'>): unknown {
  const example = record.example?.value;
  if (example === undefined || example === null || typeof example !== 'object') return example;
  const declared = new Set(record.fields.map((field) => field.name));
  return Object.fromEntries(Object.entries(example).filter(([key]) => !declared.has(key) || inView(view, key)));
}

export interface ListType extends TypeBase {
  readonly kind: 'list';
  readonly items: TypeIr;
}

export interface MapType extends TypeBase {
  readonly kind: 'map';
  readonly values: TypeIr;
}

export interface JsonType extends TypeBase {
  readonly kind: 'json';
}

/**
 * One of several types, tried in order (anyOf), or exactly one of them (exclusive, oneOf). With a discriminator,
 * every variant is a record told apart by one member: its value names the variant (a tagged union).
 */
export interface UnionType extends TypeBase {
  readonly kind: 'union';
  readonly variants: readonly TypeIr[];
  readonly exclusive: boolean;
  readonly discriminator: Discriminator | undefined;
}

export interface Discriminator {
  readonly property: string;
  /** The value naming each variant, in the order of the variants. */
  readonly values: readonly string[];
}

export type TypeIr = ScalarType | EnumType | RecordType | ListType | MapType | UnionType | JsonType;

export interface RelationIr {
  readonly kind: RelationKind;
  readonly record: RecordKey;
  readonly foreignKey: string | undefined;
  readonly inverse: string | undefined;
  readonly embedded: boolean;
}

/**
 * A value the definitions give as an example (`example:`), checked against its type (SVC270). It
 * changes no contract: docs, OpenAPI and mocks show it.
 */
export interface ExampleIr {
  readonly value: unknown;
  /** Where the value is written, for diagnostics. */
  readonly location: SourceLocation;
}

export interface FieldIr extends Documented {
  readonly name: string;
  readonly type: TypeIr;
  readonly required: boolean;
  readonly readOnly: boolean;
  /** Still accepted and sent, on its way out: marked @deprecated and `deprecated` in OpenAPI. */
  readonly deprecated: boolean;
  readonly default: unknown;
  readonly relation: RelationIr | undefined;
  readonly example?: ExampleIr;
}

/** A type of a `types:` section: a constrained scalar, a list or a map with a name of its own. */
export interface NamedTypeIr extends Documented {
  readonly key: TypeKey;
  readonly name: string;
  /**
   * Its definition. Outputs declare it without null; each use that may be null (its own `nullable` or
   * the reference's) adds it.
   */
  readonly type: TypeIr;
  readonly example?: ExampleIr;
}

export interface RecordIr extends Documented {
  readonly key: RecordKey;
  readonly name: string;
  /** The definition file the record belongs to. */
  readonly file: string;
  readonly resourceType: string;
  readonly apiAlias: string | undefined;
  readonly fields: readonly FieldIr[];
  /** An open record keeps members it does not name, of this type (json: any value); absent: a closed record. */
  readonly additionalFields?: TypeIr;
  /**
   * `additionalFields: ignore`: members it does not name are accepted and left out (zod's stripping object), where a
   * closed record refuses them; its JSON Schema allows them, and a server still sends only the named ones.
   */
  readonly ignoresOtherMembers?: true;
  /** A whole record as an example, every required field present. */
  readonly example?: ExampleIr;
}

export interface ParameterIr extends Documented {
  readonly name: string;
  readonly type: TypeIr;
  readonly required: boolean;
  readonly default: unknown;
  readonly style: ParameterStyle;
  /** A deepObject list of records may also be written name[k]=v, short for the item {[key]: k, [value]: v}. */
  readonly shortForm?: { readonly key: string; readonly value: string };
}

/** A file's bytes as a request or response body, streamed: the media types it may have, the most bytes taken. */
export interface FileIr extends Documented {
  /** Never empty; application/octet-stream unless the definitions name others. */
  readonly mediaTypes: readonly string[];
  /** The largest upload accepted (a request body only); undefined: the interface's body limit. */
  readonly maxBytes: number | undefined;
}

/** A file part of a multipart body. */
export interface FilePartIr extends FileIr {
  readonly name: string;
  readonly required: boolean;
}

/** A text part of a multipart body: text, or one of `values`. */
export interface FieldPartIr extends Documented {
  readonly name: string;
  readonly values: readonly string[] | undefined;
  readonly maxLength: number | undefined;
  readonly required: boolean;
}

/** A multipart/form-data body, read part by part as it arrives. */
export interface MultipartIr extends Documented {
  readonly files: readonly FilePartIr[];
  readonly fields: readonly FieldPartIr[];
  /** The most parts a request may send. */
  readonly maxParts: number;
  /** The longest text part, in bytes. */
  readonly maxFieldBytes: number;
}

/** One event of an event stream: its name (the `event:` field) and the type of its data. */
export interface EventIr {
  readonly name: string;
  readonly type: TypeIr;
}

/** A text/event-stream response: the events it may carry, by name (sorted). */
export interface EventStreamIr {
  readonly events: readonly EventIr[];
}

export interface ResponseIr extends Documented {
  /** The response's key as written: a status (`"200"`), a class of statuses (`"4XX"`) or `"default"`. */
  readonly key: string;
  /**
   * The status a handler's result goes out with: the key's status, the first of its class (200 for `2XX`);
   * 0 for `default`, which no handler result selects.
   */
  readonly status: number;
  readonly body: TypeIr | undefined;
  readonly envelope: boolean;
  readonly headers: readonly ParameterIr[];
  readonly when: string | undefined;
  /** The envelope carries the number of matching records beside the list. */
  readonly total: boolean;
  /** The response is a file's bytes (no body, no envelope). */
  readonly file?: FileIr;
  /** The response is a text/event-stream of typed events (no body, no envelope). */
  readonly events?: EventStreamIr;
}

export interface RouteIr extends Documented {
  readonly name: string;
  readonly summary: string | undefined;
  readonly method: HttpMethod;
  /** The path as written in the definition, e.g. "/PriceList/{id}". */
  readonly path: string;
  /** The documented full path: base path, version segment and path. */
  readonly fullPath: string;
  /** Every full path that reaches this route (versions, segment aliases), fullPath first. */
  readonly servedPaths: readonly string[];
  readonly version: string | undefined;
  readonly auth: string | undefined;
  readonly privilege: string | undefined;
  /** Scopes the caller must all hold. */
  readonly scopes: readonly string[];
  readonly action: string | undefined;
  readonly pathParams: readonly ParameterIr[];
  readonly query: readonly ParameterIr[];
  readonly headers: readonly ParameterIr[];
  /** Parameters in the Cookie header, by their names as written (cookie names are case-sensitive). */
  readonly cookies: readonly ParameterIr[];
  readonly body: TypeIr | undefined;
  readonly bodyRequired: boolean;
  /**
   * each: a list body's entries are validated one by one; an invalid entry does not fail the request,
   * the handler gets it with its violations. whole (the default): any violation fails the request.
   */
  readonly bodyEntries: 'whole' | 'each';
  readonly bodyQueryAlternative:
    { readonly member: string; readonly style: 'json' | 'deepObject'; readonly origin: Origin } | undefined;
  readonly bodyFormats: readonly BodyFormat[];
  /** The header (lower-cased) whose value names one attempt of the request, so a repeat gets the first response. */
  readonly idempotencyKey: string | undefined;
  /** The request body is a file's bytes, streamed to the handler (no body then). */
  readonly upload?: FileIr;
  /** The request body is a multipart/form-data form, streamed to the handler part by part (no body then). */
  readonly multipart?: MultipartIr;
  readonly responses: readonly ResponseIr[];
  readonly errors: readonly string[];
  /** The interface's tags the route is listed under, in the order written (tools take the first as its group). */
  readonly tags: readonly string[];
  /** Still served, on its way out: marked @deprecated and `deprecated` in OpenAPI. */
  readonly deprecated: boolean;
}

export interface OAuthGrantIr extends Documented {
  readonly grant: 'password' | 'client_credentials' | 'refresh_token';
  readonly clientId: string | undefined;
  readonly scopes: readonly string[];
  readonly issuesRefreshToken: boolean;
}

export interface OAuthClientAuthIr extends Documented {
  /** Realm of the Basic challenge sent for a failed client authentication. */
  readonly realm: string;
}

export interface OAuthSchemeIr extends Documented {
  readonly type: 'oauth2';
  readonly name: string;
  readonly tokenPath: string;
  readonly grants: readonly OAuthGrantIr[];
  /** Client authentication at the token endpoint: HTTP Basic or the body, never both (RFC 6749 section 2.3.1). */
  readonly clientAuthentication: OAuthClientAuthIr;
  readonly accessTokenLifetime: number;
  /** Seconds a refresh token lives; undefined when no grant issues refresh tokens. */
  readonly refreshTokenLifetime: number | undefined;
  readonly rotateRefreshTokens: boolean;
}

/** Where a scheme's token endpoint is served: the interface's basePath + tokenPath, runs of "/" made one. */
export function tokenUrl(module: ModuleIr, scheme: OAuthSchemeIr): string {
  return `${module.interface?.basePath ?? ''}${scheme.tokenPath}`.replace(/\/+/g, '/');
}

export interface BearerJwtIr extends Documented {
  readonly issuer: string;
  readonly audience: string;
  /** Where the signing keys are published; undefined when the server is given the key. */
  readonly jwksUrl: string | undefined;
  /** Accepted signature algorithms; empty for jose's default (every asymmetric one). */
  readonly algorithms: readonly string[];
}

/** Authorization: Bearer <token>; the token is opaque (checked by the service) or a JWT. */
export interface BearerSchemeIr extends Documented {
  readonly type: 'bearer';
  readonly name: string;
  readonly scopes: readonly string[];
  readonly jwt: BearerJwtIr | undefined;
}

export interface SessionIr {
  readonly header: string;
  readonly idleTimeout: number;
  readonly tokenLength: number;
}

/** A key in a header, a query parameter or a cookie; optionally with sessions (context tokens). */
export interface ApiKeySchemeIr extends Documented {
  readonly type: 'apiKey';
  readonly name: string;
  readonly in: ApiKeyLocation;
  /** The header (lower-cased), query parameter or cookie carrying the key. */
  readonly keyName: string;
  readonly scopes: readonly string[];
  /** The error entry responding to a key that names no one; undefined for the unauthorized kind's entry. */
  readonly unknownKeyError: string | undefined;
  readonly session: SessionIr | undefined;
}

/** HTTP Basic (RFC 7617). */
export interface BasicSchemeIr extends Documented {
  readonly type: 'basic';
  readonly name: string;
  readonly realm: string;
  readonly scopes: readonly string[];
}

export interface DigestSchemeIr extends Documented {
  readonly type: 'digest';
  readonly name: string;
  readonly realm: string;
  readonly algorithms: readonly DigestAlgorithm[];
  readonly qop: readonly 'auth'[];
  readonly nonceLifetime: number;
  readonly privileges: { readonly resource: string; readonly names: readonly string[] } | undefined;
}

export type AuthSchemeIr = OAuthSchemeIr | BearerSchemeIr | ApiKeySchemeIr | BasicSchemeIr | DigestSchemeIr;

export interface ErrorIr extends Documented {
  /** The catalog entry's name; routes list these. */
  readonly name: string;
  readonly kind: ErrorKind;
  readonly status: number;
  readonly code: string | undefined;
  readonly title: string | undefined;
  readonly message: string | undefined;
}

export interface InterfaceIr extends Documented {
  readonly title: string;
  readonly basePath: string;
  readonly style: InterfaceStyle;
  readonly errorStyle: ErrorStyle;
  readonly versions: readonly string[];
  readonly segmentAliases: readonly { readonly segment: string; readonly aliases: readonly string[] }[];
  readonly bodyLimitBytes: number | undefined;
  readonly limitsOrigin: Origin;
  /** The tags routes may name, sorted by name. */
  readonly tags: readonly TagIr[];
}

/** A name routes are grouped under in OpenAPI and the docs. */
export interface TagIr {
  readonly name: string;
  readonly description: string | undefined;
}

/** One definition file: an interface with its routes, or shared records only. */
export interface ModuleIr {
  readonly name: string;
  /** The definition file, relative to the working directory. */
  readonly sourceFile: string;
  readonly interface: InterfaceIr | undefined;
  readonly auth: readonly AuthSchemeIr[];
  readonly errors: readonly ErrorIr[];
  readonly records: readonly RecordIr[];
  /** The named types of the file's `types:` section. */
  readonly types: readonly NamedTypeIr[];
  readonly routes: readonly RouteIr[];
  /**
   * Whether the file says `origin:` anywhere. Without it every element's origin is "spec" by default alone, so
   * docs leave origins out (no Origin column, no spec/convention wording).
   */
  readonly recordsOrigins: boolean;
}

export interface Ir {
  readonly modules: readonly ModuleIr[];
  /** Every record of every module, by key. */
  readonly records: ReadonlyMap<RecordKey, RecordIr>;
}
