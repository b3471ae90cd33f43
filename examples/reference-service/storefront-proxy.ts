// The storefront's proxy controller: calls the Store API for one visitor with the right access
// key and that visitor's context token, and hands back the token to keep (it may have rotated).
import { MemoryContextTokenStore, type ContextTokenStore } from '../../generated/runtime/auth/client-auth.js';

export interface ProxiedResult<T> {
  readonly result: T;
  /** The visitor's context token after the call: store it in the visitor's session. */
  readonly contextToken: string | undefined;
  /** True when the Store API issued a different token than the visitor had (login, expiry). */
  readonly rotated: boolean;
}

/**
 * @param createClient builds a Store API client for one visitor's token store, e.g.
 *   `(contextTokens) => new StoreApiClient({ baseUrl, auth: { accessKey: { apiKey: accessKey, contextTokens } } })`.
 */
export function createStorefrontProxy<Client>(createClient: (contextTokens: ContextTokenStore) => Client) {
  return async function forVisitor<T>(
    visitorToken: string | undefined,
    call: (client: Client) => Promise<T>,
  ): Promise<ProxiedResult<T>> {
    const tokens = new MemoryContextTokenStore(visitorToken);
    const result = await call(createClient(tokens));
    const contextToken = tokens.get();
    return { result, contextToken, rotated: contextToken !== visitorToken };
  };
}
