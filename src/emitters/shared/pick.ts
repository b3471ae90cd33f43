// What a remembered part is made from, copied out of the IR: only the members it prints, so its key
// leaves out source positions and prose it never shows, and moving a definition reprints nothing.

/** `value` with only `keys`, in that order. */
export function pick<T, K extends keyof T>(value: T, ...keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, value[key]])) as Pick<T, K>;
}
