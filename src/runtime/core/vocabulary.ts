// The closed word lists of the definitions format, declared once (issue 32): the definitions schema
// accepts these words, the IR and the emitters name them, and the generated runtime reads them. A leaf
// that imports nothing, so that every output that needs a word can carry it.

/** The route methods, in the order an Allow header names them. HEAD and OPTIONS responses carry no API body. */
export const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];
/**
 * The idempotent methods (RFC 9110 section 9.2.2): applied twice, they have the effect of once, so a client retries
 * them after a failure on the way with or without an idempotency key.
 */
export const IDEMPOTENT_METHODS: readonly HttpMethod[] = ['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE'];

/** How an interface wraps its responses: json:api documents, `{success, data}`, or `{apiAlias}` objects. */
export const INTERFACE_STYLES = ['jsonapi', 'success-envelope', 'api-alias'] as const;
export type InterfaceStyle = (typeof INTERFACE_STYLES)[number];

/** How an interface's errors look: a json:api-like `errors` list, or `{success: false, message}`. */
export const ERROR_STYLES = ['errors-array', 'success-false'] as const;
export type ErrorStyle = (typeof ERROR_STYLES)[number];

/** The errors a definition may declare and override. */
export const ERROR_KINDS = [
  'badRequest',
  'validation',
  'parameterMissing',
  'unauthorized',
  'forbidden',
  'notFound',
  'methodNotAllowed',
  'notAcceptable',
  'conflict',
  'payloadTooLarge',
  'unsupportedMediaType',
  'tooManyRequests',
  'serviceUnavailable',
] as const;
/** Those and the runtime's own response to a route with no handler. */
export type ErrorKind = (typeof ERROR_KINDS)[number] | 'notImplemented';

/** How a structured query value is written: `a=1&a=2`, `a[b]=1`, or JSON text. */
export const PARAMETER_STYLES = ['form', 'deepObject', 'json'] as const;
export type ParameterStyle = (typeof PARAMETER_STYLES)[number];

/** The media types a request body may come in. */
export const BODY_FORMATS = ['json', 'form'] as const;
export type BodyFormat = (typeof BODY_FORMATS)[number];

export const RELATION_KINDS = ['to-one', 'to-many'] as const;
export type RelationKind = (typeof RELATION_KINDS)[number];

/** Where an API key travels. */
export const API_KEY_LOCATIONS = ['header', 'query', 'cookie'] as const;
export type ApiKeyLocation = (typeof API_KEY_LOCATIONS)[number];

/** Strongest first: the order in which a Digest client prefers the offered algorithms. */
export const DIGEST_ALGORITHMS = ['SHA-256', 'MD5'] as const;
export type DigestAlgorithm = (typeof DIGEST_ALGORITHMS)[number];
