// Client authentication at the OAuth 2.0 token endpoint (RFC 6749 section 2.3.1): HTTP Basic
// (client_secret_basic) or client_id and client_secret in the body (client_secret_post), never both.
// This module only reads who the client says it is; the grants check the credentials.

/** The client as the request names it, and how. */
export interface ClientCredentials {
  /** 'basic' when the Authorization header carried them: a failure then gets a Basic challenge. */
  readonly method: 'basic' | 'body' | 'none';
  readonly clientId: string | undefined;
  /** With Basic, '' when the header names a public client (no secret); undefined when not sent. */
  readonly clientSecret: string | undefined;
}

/** What the token endpoint reads from the request: the body's client fields and the Authorization header. */
export interface ClientAuthInput {
  readonly bodyClientId: string | undefined;
  readonly bodyClientSecret: string | undefined;
  readonly authorization: string | undefined;
}

// token68 of RFC 9110 section 11.2; the length cap keeps hostile headers cheap.
const BASIC = /^Basic[ ]+([A-Za-z0-9+/]{1,4096}={0,2})[ ]*$/i;

/** The client's credentials, or a description of why the request is malformed (invalid_request). */
export function readClientCredentials(input: ClientAuthInput): ClientCredentials | string {
  const { authorization, bodyClientId, bodyClientSecret } = input;
  if (authorization === undefined || authorization.trim() === '') {
    return {
      method: bodyClientId === undefined && bodyClientSecret === undefined ? 'none' : 'body',
      clientId: bodyClientId,
      clientSecret: bodyClientSecret,
    };
  }
  const basic = parseBasic(authorization);
  if (typeof basic === 'string') return basic;
  // One authentication method per request (RFC 6749 section 2.3): a secret in the body as well is refused;
  // client_id may repeat in the body (section 3.2.1) but must then name the same client.
  if (bodyClientSecret !== undefined) {
    return 'The client credentials were sent both in the Authorization header and in the body; use one.';
  }
  if (bodyClientId !== undefined && bodyClientId !== basic.clientId) {
    return 'The client_id in the body differs from the one in the Authorization header.';
  }
  return { method: 'basic', ...basic };
}

function parseBasic(authorization: string): { clientId: string; clientSecret: string } | string {
  const token = BASIC.exec(authorization)?.[1];
  if (token === undefined) return 'The Authorization header must be HTTP Basic client credentials.';
  const decoded = Buffer.from(token, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return 'The Basic credentials must be "client_id:client_secret".';
  // RFC 6749 section 2.3.1: id and secret are form-urlencoded before they are joined and base64-encoded.
  const clientId = formDecode(decoded.slice(0, colon));
  const clientSecret = formDecode(decoded.slice(colon + 1));
  if (clientId === undefined || clientSecret === undefined) {
    return 'The Basic credentials are not application/x-www-form-urlencoded.';
  }
  if (clientId === '') return 'The Basic credentials name no client_id.';
  return { clientId, clientSecret };
}

function formDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

/** The WWW-Authenticate value of a 401 invalid_client (RFC 6749 section 5.2), as a quoted-string realm. */
export function basicChallenge(realm: string): string {
  return `Basic realm="${realm.replace(/["\\]/g, '\\$&')}"`;
}
