// Which declared response an HTTP status falls under, as OpenAPI orders them: the response keyed with that
// status, else the response for its class (`4XX`), else `default`.

/** A response's key: a status (`"200"`), a class of statuses (`"4XX"`) or `"default"`. */
export type ResponseKey = string;

/** The first digit of a class of statuses, as a key names it (`4` of `4XX`). */
export type StatusClass = '1' | '2' | '3' | '4' | '5';
/** A decimal digit, for spelling out the statuses of a class in types. */
export type Digit = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9';
/** The number a text spells (`AsNumber<'404'>` is 404). */
export type AsNumber<Text> = Text extends `${infer Status extends number}` ? Status : never;
/** Every status of a class: `ClassStatuses<'4'>` is 400 | 401 | … | 499. */
export type ClassStatuses<Class extends StatusClass> = AsNumber<`${Class}${Digit}${Digit}`>;

const CLASS = /^[1-5]XX$/;

/** Whether the key names a class of statuses such as `4XX`. */
export function isStatusClass(key: ResponseKey): boolean {
  return CLASS.test(key);
}

/** The key of the response that covers `status`, among the keys a route declares; undefined when none does. */
export function responseKeyFor(keys: readonly ResponseKey[], status: number): ResponseKey | undefined {
  const exact = String(status);
  if (keys.includes(exact)) return exact;
  const statusClass = `${exact[0]}XX`;
  if (keys.includes(statusClass)) return statusClass;
  return keys.includes('default') ? 'default' : undefined;
}

/** Whether a response with this key may carry the status: its own, one of its class, or any for default. */
export function keyCovers(key: ResponseKey, status: number): boolean {
  if (key === 'default') return true;
  if (CLASS.test(key)) return key[0] === String(status)[0] && status >= 100 && status <= 599;
  return key === String(status);
}

/** The response's key: the status its metadata names, or its class or default. */
export function keyOf(response: { readonly status: number; readonly key?: ResponseKey }): ResponseKey {
  return response.key ?? String(response.status);
}

/** The declared response an incoming status falls under: its own, else its class's, else default's. */
export function declaredResponse<T extends { readonly status: number; readonly key?: ResponseKey }>(
  responses: readonly T[],
  status: number,
): T | undefined {
  const key = responseKeyFor(responses.map(keyOf), status);
  return key === undefined ? undefined : responses.find((response) => keyOf(response) === key);
}
