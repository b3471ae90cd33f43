// The OAuth 2.0 token endpoint of an oauth2 scheme, as an operation of its own: the grants as
// oneOf (JSON or form body), the token response, and RFC 6749 section 5.2 errors that also
// carry the platform's errors array.
import { camelCase, pascalCase } from '../../ir/names.js';
import type { OAuthGrantIr, OAuthSchemeIr } from '../../ir/types.js';
import type { Components } from './components.js';
import { errorEntrySchema } from '../wire/errors-array.js';
import {
  FORM_MEDIA,
  JSON_MEDIA,
  originMark,
  paragraphs,
  sortedObject,
  type HeaderObject,
  type OperationObject,
  type ReferenceObject,
  type ResponseObject,
  type SchemaObject,
} from './types.js';

const NO_STORE: Record<string, HeaderObject> = {
  'cache-control': { required: true, schema: { type: 'string', const: 'no-store' } },
  pragma: { required: true, schema: { type: 'string', const: 'no-cache' } },
};

const RETRY_AFTER: Record<string, HeaderObject> = {
  ...NO_STORE,
  'retry-after': { required: true, description: 'Seconds to wait.', schema: { type: 'integer', minimum: 1 } },
};

/** What a token operation reads of its module. */
export interface TokenModule {
  readonly name: string;
  /** The operation ids of the module's routes, which the token operation's must differ from. */
  readonly routeNames: readonly string[];
  readonly bodyLimitBytes: number | undefined;
}

export function tokenOperation(module: TokenModule, scheme: OAuthSchemeIr, components: Components): OperationObject {
  const grants = scheme.grants.map((grant) => ({ grant: grant.grant, ref: grantSchema(scheme, grant, components) }));
  const request: SchemaObject = {
    oneOf: grants.map(({ ref }) => ref),
    discriminator: {
      propertyName: 'grant_type',
      mapping: sortedObject(grants.map(({ grant, ref }) => [grant, ref.$ref])),
    },
  };
  const names = new Set(module.routeNames);
  let operationId = `${camelCase(scheme.name)}Token`;
  while (names.has(operationId)) operationId = `${operationId}Endpoint`;
  const errorBody = tokenErrorSchema(scheme, components);
  const bytes = module.bodyLimitBytes;
  // The interface's own body limit, or the server's default.
  const bodyLimit = bytes === undefined ? 'the server accepts' : `${bytes} bytes`;
  const error = (description: string, headers: ResponseObject['headers'] = NO_STORE) => ({
    description,
    headers,
    content: { [JSON_MEDIA]: { schema: errorBody } },
  });
  return {
    operationId,
    summary: 'Issues an access token',
    description:
      paragraphs(
        scheme.description,
        clientAuthenticationText(scheme),
        `Grants: ${scheme.grants.map((grant) => grant.grant).join(', ')}.`,
      ) ?? '',
    tags: [module.name],
    ...originMark(scheme.origin),
    requestBody: { required: true, content: { [JSON_MEDIA]: { schema: request }, [FORM_MEDIA]: { schema: request } } },
    responses: {
      '200': {
        description: 'The token (RFC 6749 section 5.1).',
        headers: NO_STORE,
        content: { [JSON_MEDIA]: { schema: tokenResponseSchema(scheme, components) } },
      },
      '400': error(
        'invalid_request, invalid_grant (bad user credentials or an invalid, expired or revoked refresh token), unsupported_grant_type or invalid_scope.',
      ),
      '401': error('invalid_client: the client is unknown or its credentials are invalid.', {
        ...NO_STORE,
        'www-authenticate': {
          required: true,
          description: 'The Basic challenge (RFC 6749 section 5.2).',
          schema: { type: 'string', const: basicChallenge(scheme) },
        },
      }),
      '413': error(`invalid_request: the request body is larger than ${bodyLimit}.`),
      '415': error('invalid_request: the body is neither application/json nor application/x-www-form-urlencoded.'),
      '429': error(
        'temporarily_unavailable: too many failed attempts for this user or client, where the server limits them.',
        RETRY_AFTER,
      ),
      '503': error(
        'temporarily_unavailable: the service cannot store tokens now, e.g. its storage is full.',
        RETRY_AFTER,
      ),
    },
    security: [],
  };
}

/** How clients authenticate at the token endpoint (RFC 6749 section 2.3.1), and the challenge a failure gets. */
export function clientAuthenticationText(scheme: OAuthSchemeIr): string {
  const how =
    scheme.clientAuthentication.description ??
    'Client authentication: HTTP Basic (client_secret_basic, id and secret form-urlencoded) or client_id and client_secret in the body (client_secret_post), never both.';
  return `${how} A failed client authentication gets 401 invalid_client with WWW-Authenticate: ${basicChallenge(scheme)}.`;
}

function basicChallenge(scheme: OAuthSchemeIr): string {
  return `Basic realm="${scheme.clientAuthentication.realm.replace(/["\\]/g, '\\$&')}"`;
}

const CLIENT_FIELDS = new Set(['client_id', 'client_secret']);
const VIA_BASIC = 'In the body (client_secret_post) or through HTTP Basic (client_secret_basic), never both.';

function grantSchema(scheme: OAuthSchemeIr, grant: OAuthGrantIr, components: Components): ReferenceObject {
  const scope: SchemaObject = {
    type: 'string',
    description: `Space-separated scopes${grant.scopes.length > 0 ? ` (${grant.scopes.join(' ')})` : ''}; default: all the client may have.`,
  };
  const clientId: SchemaObject = {
    type: 'string',
    description: VIA_BASIC,
    ...(grant.clientId !== undefined && { enum: [grant.clientId] }),
  };
  const fields: Record<OAuthGrantIr['grant'], [string, SchemaObject][]> = {
    password: [
      ['client_id', clientId],
      ['password', { type: 'string' }],
      ['username', { type: 'string' }],
    ],
    client_credentials: [
      ['client_id', { ...clientId, description: `The integration id. ${VIA_BASIC}` }],
      ['client_secret', { type: 'string', description: `The integration secret. ${VIA_BASIC}` }],
    ],
    refresh_token: [
      ['client_id', clientId],
      ['refresh_token', { type: 'string' }],
    ],
  };
  const own = fields[grant.grant];
  return components.define(
    'schemas',
    {
      owner: `oauth:${scheme.name}:${grant.grant}`,
      preferred: `${pascalCase(scheme.name)}${pascalCase(grant.grant)}Grant`,
    },
    () => ({
      type: 'object',
      ...(grant.description !== undefined && { description: grant.description }),
      ...originMark(grant.origin, scheme.origin),
      properties: sortedObject([
        ['grant_type', { type: 'string', const: grant.grant }],
        ['scope', scope],
        ['scopes', { ...scope, description: `The platform's name for scope. ${scope.description ?? ''}`.trim() }],
        ...own,
      ]),
      // Client credentials may come through HTTP Basic instead (RFC 6749 section 2.3.1),
      // so the body need not carry them.
      required: ['grant_type', ...own.map(([name]) => name).filter((name) => !CLIENT_FIELDS.has(name))].sort(),
    }),
  );
}

function tokenResponseSchema(scheme: OAuthSchemeIr, components: Components): ReferenceObject {
  const noRefresh = scheme.grants.filter((grant) => !grant.issuesRefreshToken).map((grant) => grant.grant);
  return components.define(
    'schemas',
    { owner: `oauth:${scheme.name}:token`, preferred: `${pascalCase(scheme.name)}TokenResponse` },
    () => ({
      type: 'object',
      properties: {
        access_token: { type: 'string', description: 'Send as "Authorization: Bearer <access_token>".' },
        expires_in: {
          type: 'integer',
          minimum: 1,
          description: `Lifetime of the access token in seconds (${scheme.accessTokenLifetime}).`,
        },
        refresh_token: {
          type: 'string',
          description: `For the refresh_token grant${noRefresh.length > 0 ? `; not issued by ${noRefresh.join(', ')}` : ''}.`,
        },
        token_type: { type: 'string', const: 'Bearer' },
      },
      required: ['access_token', 'expires_in', 'token_type'],
    }),
  );
}

function tokenErrorSchema(scheme: OAuthSchemeIr, components: Components): ReferenceObject {
  const entry = errorEntrySchema(components);
  return components.define(
    'schemas',
    { owner: `oauth:${scheme.name}:error`, preferred: `${pascalCase(scheme.name)}TokenError` },
    () => ({
      type: 'object',
      description: 'RFC 6749 section 5.2 error, with the platform errors array as well.',
      properties: {
        error: {
          type: 'string',
          enum: [
            'invalid_request',
            'invalid_client',
            'invalid_grant',
            'unsupported_grant_type',
            'invalid_scope',
            'temporarily_unavailable',
          ],
        },
        error_description: { type: 'string' },
        errors: { type: 'array', items: entry },
      },
      required: ['error', 'error_description', 'errors'],
    }),
  );
}
