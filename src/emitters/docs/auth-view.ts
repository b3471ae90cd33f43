// The auth schemes of a page and its limits (body size, lifetimes, bounded parameters).
import { tokenUrl, type AuthSchemeIr, type InterfaceIr, type ModuleIr, type Origin } from '../../ir/types.js';
import { codeSpan, inline } from './markdown.js';
import type { AuthView, FactView, LimitView } from './page-types.js';
import { range } from './type-text.js';
import { origin, text } from './view-helpers.js';

export function authView(module: ModuleIr, scheme: AuthSchemeIr): AuthView {
  const fact = (label: string, value: string, from: Origin = scheme.origin): FactView => ({
    label,
    value: inline(value),
    ...origin(from),
  });
  const facts: FactView[] = [];
  const pushScopes = (scopes: readonly string[]) => {
    if (scopes.length > 0) facts.push(fact('Scopes', scopes.join(', ')));
  };
  let type: string;
  switch (scheme.type) {
    case 'oauth2': {
      type = 'OAuth 2.0';
      facts.push(fact('Token endpoint', `POST ${tokenUrl(module, scheme)}`));
      const client = scheme.clientAuthentication;
      const how = client.description ?? 'HTTP Basic or client_id and client_secret in the body, never both';
      facts.push(fact('Client authentication', `${how} (realm ${client.realm})`, client.origin));
      for (const grant of scheme.grants) {
        const details = [
          grant.clientId !== undefined ? `client_id ${grant.clientId}` : undefined,
          grant.scopes.length > 0 ? `scopes ${grant.scopes.join(' ')}` : undefined,
          `refresh token ${grant.issuesRefreshToken ? 'issued' : 'not issued'}`,
        ].filter(Boolean);
        const described = `${grant.description ? `${grant.description} ` : ''}(${details.join(', ')})`;
        facts.push(fact(`Grant ${codeSpan(grant.grant)}`, described, grant.origin));
      }
      facts.push(fact('Access token lifetime', `${scheme.accessTokenLifetime} s`));
      if (scheme.refreshTokenLifetime !== undefined) {
        const rotated = scheme.rotateRefreshTokens ? ', rotated on use' : '';
        facts.push(fact('Refresh token lifetime', `${scheme.refreshTokenLifetime} s${rotated}`));
      }
      break;
    }
    case 'bearer':
      type = scheme.jwt ? 'Bearer token, JWT (RFC 6750, RFC 7519)' : 'Bearer token (RFC 6750)';
      if (scheme.jwt) {
        facts.push(fact('Issuer', scheme.jwt.issuer, scheme.jwt.origin));
        facts.push(fact('Audience', scheme.jwt.audience, scheme.jwt.origin));
        if (scheme.jwt.jwksUrl !== undefined) facts.push(fact('Signing keys', scheme.jwt.jwksUrl, scheme.jwt.origin));
        if (scheme.jwt.algorithms.length > 0)
          facts.push(fact('Algorithms', scheme.jwt.algorithms.join(', '), scheme.jwt.origin));
      }
      pushScopes(scheme.scopes);
      break;
    case 'apiKey':
      type = `API key (${scheme.in})`;
      facts.push(fact(`Key ${scheme.in === 'query' ? 'query parameter' : scheme.in}`, scheme.keyName));
      pushScopes(scheme.scopes);
      if (scheme.session) {
        facts.push(fact('Session header', `${scheme.session.header} (request and every response)`));
        facts.push(fact('Session idle timeout', `${scheme.session.idleTimeout} s`));
        facts.push(fact('Session token length', `${scheme.session.tokenLength} characters`));
      }
      break;
    case 'basic':
      type = 'HTTP Basic (RFC 7617)';
      facts.push(fact('Realm', scheme.realm));
      pushScopes(scheme.scopes);
      break;
    case 'digest':
      type = 'HTTP Digest (RFC 7616)';
      facts.push(fact('Realm', scheme.realm));
      facts.push(fact('Algorithms', scheme.algorithms.join(', ')));
      facts.push(fact('qop', scheme.qop.join(', ')));
      facts.push(fact('Nonce lifetime', `${scheme.nonceLifetime} s`));
      if (scheme.privileges)
        facts.push(fact('Privileges', `${scheme.privileges.names.join(', ')} on ${scheme.privileges.resource}`));
      break;
  }
  const { recordsOrigins: origins } = module;
  return { name: scheme.name, type, description: text(scheme.description), facts, ...origin(scheme.origin), origins };
}

export function limitViews(module: ModuleIr): LimitView[] {
  const iface = module.interface as InterfaceIr;
  const limits: LimitView[] = [];
  const limit = (what: string, value: string, from: Origin) => limits.push({ what, value, ...origin(from) });
  if (iface.bodyLimitBytes !== undefined)
    limit('Request body size', `${iface.bodyLimitBytes} bytes`, iface.limitsOrigin);
  for (const scheme of module.auth) {
    if (scheme.type === 'oauth2') limit('Access token lifetime', `${scheme.accessTokenLifetime} s`, scheme.origin);
    if (scheme.type === 'apiKey' && scheme.session)
      limit('Session idle timeout', `${scheme.session.idleTimeout} s`, scheme.origin);
    if (scheme.type === 'digest') limit('Digest nonce lifetime', `${scheme.nonceLifetime} s`, scheme.origin);
  }
  for (const route of module.routes) {
    for (const param of route.query) {
      const bounds = range(param.type.constraints.minimum, param.type.constraints.maximum);
      if (bounds === undefined && param.default === undefined) continue;
      const value = [bounds, param.default !== undefined ? `default ${JSON.stringify(param.default)}` : undefined]
        .filter(Boolean)
        .join(', ');
      limit(inline(`${route.name}: ${param.name}`), inline(value), param.origin);
    }
  }
  return limits;
}
