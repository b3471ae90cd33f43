// Auth schemes, error catalogs and the interface block → IR.
import type { AuthSchemeDefinition, DefinitionFile } from '../definitions/schema.js';
import { ERROR_KINDS } from './types.js';
import type { FileContext } from './context.js';
import { compareCodePoints, sortedEntries } from './names.js';
import type { AuthSchemeIr, ErrorIr, ErrorKind, InterfaceIr, OAuthGrantIr, Origin } from './types.js';

export function buildInterface(ctx: FileContext, def: NonNullable<DefinitionFile['interface']>): InterfaceIr {
  const documented = ctx.documented(def, ['interface']);
  return {
    title: def.title,
    basePath: def.basePath,
    style: def.style,
    errorStyle: def.errorStyle,
    versions: [...(def.versions ?? [])].sort(compareCodePoints),
    segmentAliases: sortedEntries(def.segmentAliases).map(([segment, aliases]) => ({
      segment,
      aliases: [...aliases].sort(compareCodePoints),
    })),
    bodyLimitBytes: def.limits?.bodyBytes,
    limitsOrigin: ctx.origin(def.limits?.origin, documented.origin),
    tags: sortedEntries(def.tags).map(([name, tag]) => ({ name, description: tag.description })),
    ...documented,
  };
}

/** `parent`: the interface's origin, which the schemes take by default. */
export function buildAuthSchemes(
  ctx: FileContext,
  defs: Record<string, AuthSchemeDefinition>,
  parent: Origin | undefined,
): AuthSchemeIr[] {
  return sortedEntries(defs).map(([name, def]) => {
    const documented = ctx.documented(def, ['auth', name], parent);
    const { origin } = documented;
    switch (def.type) {
      case 'oauth2': {
        const grants = (['client_credentials', 'password', 'refresh_token'] as const).flatMap(
          (grant): OAuthGrantIr[] => {
            const grantDef = def.grants[grant];
            if (!grantDef) return [];
            if (grant === 'password' && grantDef.clientId === undefined) {
              // There is no built-in client: the definitions name the one client that may send passwords.
              ctx.report(
                'SVC227',
                ['auth', name, 'grants', 'password'],
                'the password grant names no client (expected clientId: <the id of the client that sends user passwords>)',
                true,
              );
            }
            return [
              {
                grant,
                clientId: grantDef.clientId,
                scopes: [...(grantDef.scopes ?? [])],
                issuesRefreshToken: grantDef.issuesRefreshToken ?? grant !== 'client_credentials',
                ...ctx.documented(grantDef, ['auth', name, 'grants', grant], origin),
              },
            ];
          },
        );
        const refreshing = grants.filter((grant) => grant.issuesRefreshToken || grant.grant === 'refresh_token');
        if (refreshing.length > 0 && def.refreshTokenLifetime === undefined) {
          ctx.report(
            'SVC234',
            ['auth', name],
            `the ${refreshing.map((grant) => grant.grant).join(' and ')} grant${refreshing.length > 1 ? 's issue' : ' issues'} ` +
              'refresh tokens, but the scheme gives them no lifetime (expected refreshTokenLifetime: <seconds>)',
            true,
          );
        }
        return {
          type: 'oauth2',
          name,
          tokenPath: def.tokenPath,
          grants,
          clientAuthentication: {
            realm: def.clientAuthentication?.realm ?? name,
            ...ctx.documented(def.clientAuthentication ?? {}, ['auth', name, 'clientAuthentication'], origin),
          },
          accessTokenLifetime: def.accessTokenLifetime,
          refreshTokenLifetime: def.refreshTokenLifetime,
          rotateRefreshTokens: def.rotateRefreshTokens ?? true,
          ...documented,
        };
      }
      case 'bearer': {
        const jwt = def.jwt;
        return {
          type: 'bearer',
          name,
          scopes: [...(def.scopes ?? [])],
          jwt: jwt && {
            issuer: jwt.issuer,
            audience: jwt.audience,
            jwksUrl: jwt.jwksUrl,
            algorithms: [...(jwt.algorithms ?? [])],
            ...ctx.documented(jwt, ['auth', name, 'jwt'], origin),
          },
          ...documented,
        };
      }
      case 'apiKey':
        return {
          type: 'apiKey',
          name,
          in: def.in,
          // Header names are compared lower-cased; query and cookie names as written.
          keyName: def.in === 'header' ? def.name.toLowerCase() : def.name,
          scopes: [...(def.scopes ?? [])],
          unknownKeyError: def.unknownKeyError,
          session: def.session && {
            header: def.session.header.toLowerCase(),
            idleTimeout: def.session.idleTimeout,
            tokenLength: def.session.tokenLength,
          },
          ...documented,
        };
      case 'basic':
        return { type: 'basic', name, realm: def.realm, scopes: [...(def.scopes ?? [])], ...documented };
      case 'digest':
        return {
          type: 'digest',
          name,
          realm: def.realm,
          algorithms: [...def.algorithms],
          qop: [...def.qop],
          nonceLifetime: def.nonceLifetime,
          privileges: def.privileges && { resource: def.privileges.resource, names: [...def.privileges.names] },
          ...documented,
        };
    }
  });
}

/** An apiKey scheme's unknownKeyError names an entry of the catalog that responds 401. */
export function checkAuthErrors(ctx: FileContext, auth: readonly AuthSchemeIr[], errors: readonly ErrorIr[]): void {
  for (const scheme of auth) {
    if (scheme.type !== 'apiKey' || scheme.unknownKeyError === undefined) continue;
    const entry = errors.find((error) => error.name === scheme.unknownKeyError);
    if (entry?.kind === 'unauthorized') continue;
    const fit = errors.filter((error) => error.kind === 'unauthorized').map((error) => error.name);
    const found = entry
      ? `error "${entry.name}" is of kind ${entry.kind}`
      : `unknown error "${scheme.unknownKeyError}"`;
    ctx.report(
      'SVC226',
      ['auth', scheme.name, 'unknownKeyError'],
      `${found} (expected an error of kind unauthorized: ${fit.join(', ') || 'none declared'})`,
    );
  }
}

export function buildErrors(ctx: FileContext, defs: NonNullable<DefinitionFile['errors']>): ErrorIr[] {
  return sortedEntries(defs).map(([name, def]) => {
    const kind = def.kind ?? (ERROR_KINDS as readonly string[]).find((candidate) => candidate === name);
    if (kind === undefined) {
      ctx.report(
        'SVC211',
        ['errors', name],
        `error "${name}" is not an error kind and has no kind: (expected kind: one of ${ERROR_KINDS.join(', ')})`,
        true,
      );
    }
    return {
      name,
      kind: (kind ?? 'badRequest') as ErrorKind,
      status: def.status,
      code: def.code,
      title: def.title,
      message: def.message,
      ...ctx.documented(def, ['errors', name]),
    };
  });
}
