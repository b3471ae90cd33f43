// The shape of the metadata tables svcgen emits per interface (<interface>/metadata.ts).
// Generated servers and clients read these tables; the logic lives once, here in the runtime.

import type {
  ApiKeyLocation,
  BodyFormat,
  DigestAlgorithm,
  ErrorKind,
  ErrorStyle,
  HttpMethod,
  InterfaceStyle,
  RelationKind,
} from './vocabulary.js';

export type { ErrorKind, ErrorStyle, HttpMethod, InterfaceStyle } from './vocabulary.js';

export interface ErrorMeta {
  readonly kind: ErrorKind;
  readonly status: number;
  readonly code?: string;
  readonly title?: string;
  readonly message?: string;
}

export interface RelationMeta {
  readonly kind: RelationKind;
  readonly record: string;
  readonly foreignKey?: string;
}

export interface RecordMeta {
  /** The json:api type. */
  readonly type: string;
  readonly apiAlias?: string;
  /** Where records of this kind live (the get-one route without its id), for links. */
  readonly resourcePath?: string;
  readonly relations: Readonly<Record<string, RelationMeta>>;
  /** Fields that hold records of this interface (one or a list), for nested apiAlias members. */
  readonly nested: Readonly<Record<string, string>>;
  /** Fields that hold a union with records of this interface among its variants (one or a list). */
  readonly unions?: Readonly<Record<string, UnionMeta>>;
  /** The record's id is a number, sent as a string in json:api (whose ids are strings). */
  readonly numericId?: true;
}

/** A union with records of this interface among its variants: how a value is told to be one of them. */
export interface UnionMeta {
  /** The discriminator member of a tagged union. */
  readonly property?: string;
  /** Every variant, in order; a record variant names its record. */
  readonly variants: readonly UnionVariantMeta[];
}

export interface UnionVariantMeta {
  readonly record?: string;
  /** The discriminator's value naming this variant (tagged unions). */
  readonly value?: string;
  /** The members a value of this variant holds (untagged unions: the variant with the most of them that are there). */
  readonly required?: readonly string[];
}

export interface ResponseMeta {
  /** The status a handler's result goes out with (the first of a class; 0 for default). */
  readonly status: number;
  /** Of a response for a class of statuses or for any other: `4XX`, `default` (response-status.ts). */
  readonly key?: string;
  readonly hasBody: boolean;
  /** The body's record, when it is one record or a list of them from this interface. */
  readonly record?: string;
  /** The body's union, when one of its variants is a record of this interface (one or a list of them). */
  readonly union?: UnionMeta;
  readonly list: boolean;
  readonly envelope: boolean;
  readonly total: boolean;
  /** The boolean query parameter that selects this response. */
  readonly when?: string;
  readonly location: boolean;
  /** Headers the handler sets (`{ body, headers }`, server/response-headers.ts), by declared name: all but Location. */
  readonly headers?: Readonly<Record<string, HeaderMeta>>;
  /** The response is a file's bytes in one of these media types, streamed (octet-stream.ts). */
  readonly file?: FileMeta;
  /** The response is a text/event-stream of these events (by name), written as they come (event-stream.ts). */
  readonly events?: readonly string[];
}

/** A declared response header: its value's type when not text, and whether it is a comma-separated list. */
export interface HeaderMeta {
  readonly required: boolean;
  readonly type?: 'number' | 'boolean';
  readonly list?: true;
}

/** A multipart/form-data body: its file and text parts by name, and its limits. */
export interface MultipartMeta {
  readonly files: Readonly<Record<string, FileMeta & { readonly required: boolean }>>;
  readonly fields: Readonly<
    Record<string, { readonly values?: readonly string[]; readonly maxLength?: number; readonly required: boolean }>
  >;
  readonly maxParts: number;
  readonly maxFieldBytes: number;
  /** The request may come without a form at all (bodyRequired: false); the handler then gets undefined. */
  readonly optional?: true;
}

/** A file as a request or response body: its media types (lower case), and for uploads the most bytes taken. */
export interface FileMeta {
  readonly mediaTypes: readonly string[];
  readonly maxBytes?: number;
}

export interface BodyMeta {
  readonly required: boolean;
  readonly formats: readonly BodyFormat[];
  readonly queryAlternative?: { readonly member: string; readonly style: 'json' | 'deepObject' };
}

export interface RouteMeta {
  readonly name: string;
  readonly method: HttpMethod;
  /** The documented path, with {param} placeholders. */
  readonly path: string;
  /** Every path that reaches the route (versions, segment aliases). */
  readonly paths: readonly string[];
  readonly auth?: string;
  readonly privilege?: string;
  /** Scopes the caller must all hold. */
  readonly scopes?: readonly string[];
  /** The record the route reads or writes, when there is one (for Location headers). */
  readonly resource?: string;
  readonly pathParams: readonly string[];
  /** Path parameters written as JSON text. */
  readonly pathStyles?: Readonly<Record<string, 'json'>>;
  readonly query: readonly string[];
  /** Query parameters written in brackets (deepObject) or as JSON text (json). */
  readonly queryStyles?: Readonly<Record<string, 'deepObject' | 'json'>>;
  /** deepObject lists of records that may also be written name[k]=v, short for the item {[key]: k, [value]: v}. */
  readonly queryShortForms?: Readonly<Record<string, { readonly key: string; readonly value: string }>>;
  readonly headers: readonly string[];
  /** Header parameters written as JSON text. */
  readonly headerStyles?: Readonly<Record<string, 'json'>>;
  readonly body?: BodyMeta;
  /** The header (lower-cased) naming one attempt of the request: clients fill it and retry, servers replay. */
  readonly idempotencyKey?: string;
  /** The request body is a file's bytes, streamed to the handler (octet-stream.ts). */
  readonly upload?: FileMeta & {
    /** The request may come without bytes at all (bodyRequired: false); the handler then gets undefined. */
    readonly optional?: true;
  };
  /** The request body is a multipart/form-data form, read part by part (multipart.ts). */
  readonly multipart?: MultipartMeta;
  readonly responses: readonly ResponseMeta[];
  readonly errors: readonly string[];
}

export interface OAuthMeta {
  readonly type: 'oauth2';
  /** Full path of the token endpoint. */
  readonly tokenPath: string;
  readonly grants: readonly ('password' | 'client_credentials' | 'refresh_token')[];
  /** Realm of the Basic challenge on a failed client authentication at the token endpoint. */
  readonly clientAuthRealm: string;
  readonly passwordClientId?: string;
  /** The one client the client_credentials grant serves, when the definitions name it. */
  readonly clientCredentialsClientId?: string;
  /** Scopes of the client_credentials grant, when it declares its own (else those of `scopes`). */
  readonly clientCredentialsScopes?: readonly string[];
  readonly scopes: readonly string[];
  readonly accessTokenLifetime: number;
  /** Absent when no grant issues refresh tokens. */
  readonly refreshTokenLifetime?: number;
}

/** Authorization: Bearer; an opaque token the service checks, or a JWT checked here. */
export interface BearerMeta {
  readonly type: 'bearer';
  readonly jwt?: {
    readonly issuer: string;
    readonly audience: string;
    readonly jwksUrl?: string;
    readonly algorithms?: readonly string[];
  };
}

export interface SessionMeta {
  readonly header: string;
  readonly idleTimeout: number;
  readonly tokenLength: number;
}

export interface ApiKeyMeta {
  readonly type: 'apiKey';
  readonly in: ApiKeyLocation;
  /** The header (lower-cased), query parameter or cookie that carries the key. */
  readonly name: string;
  /** The error entry responding to a key that names no one (default: the unauthorized kind's entry). */
  readonly unknownKeyError?: string;
  readonly session?: SessionMeta;
}

export interface BasicMeta {
  readonly type: 'basic';
  readonly realm: string;
}

export interface DigestMeta {
  readonly type: 'digest';
  readonly realm: string;
  readonly algorithms: readonly DigestAlgorithm[];
  readonly nonceLifetime: number;
  readonly privileges?: { readonly resource: string; readonly names: readonly string[] };
}

export type AuthMeta = OAuthMeta | BearerMeta | ApiKeyMeta | BasicMeta | DigestMeta;

export interface InterfaceMeta {
  readonly name: string;
  readonly title: string;
  readonly basePath: string;
  readonly style: InterfaceStyle;
  readonly errorStyle: ErrorStyle;
  readonly bodyLimitBytes?: number;
  readonly errors: Readonly<Record<string, ErrorMeta>>;
  readonly auth: Readonly<Record<string, AuthMeta>>;
  readonly records: Readonly<Record<string, RecordMeta>>;
}
