// Which declared answer an HTTP status falls under, as OpenAPI orders them: the answer keyed with that
// status, else the answer for its class (`4XX`), else `default`.

/** An answer's key: a status (`"200"`), a class of statuses (`"4XX"`) or `"default"`. */
export type AnswerKey = string;

const CLASS = /^[1-5]XX$/;

/** Whether the key names a class of statuses such as `4XX`. */
export function isStatusClass(key: AnswerKey): boolean {
  return CLASS.test(key);
}

/** The key of the answer that covers `status`, among the keys a route declares; undefined when none does. */
export function answerKeyFor(keys: readonly AnswerKey[], status: number): AnswerKey | undefined {
  const exact = String(status);
  if (keys.includes(exact)) return exact;
  const statusClass = `${exact[0]}XX`;
  if (keys.includes(statusClass)) return statusClass;
  return keys.includes('default') ? 'default' : undefined;
}

/** Whether an answer with this key may carry the status: its own, one of its class, or any for default. */
export function keyCovers(key: AnswerKey, status: number): boolean {
  if (key === 'default') return true;
  if (CLASS.test(key)) return key[0] === String(status)[0] && status >= 100 && status <= 599;
  return key === String(status);
}

/** The answer's key: the status its metadata names, or its class or default. */
export function keyOf(response: { readonly status: number; readonly key?: AnswerKey }): AnswerKey {
  return response.key ?? String(response.status);
}

/** The declared answer an incoming status falls under: its own, else its class's, else default's. */
export function declaredAnswer<T extends { readonly status: number; readonly key?: AnswerKey }>(
  responses: readonly T[],
  status: number,
): T | undefined {
  const key = answerKeyFor(responses.map(keyOf), status);
  return key === undefined ? undefined : responses.find((response) => keyOf(response) === key);
}
