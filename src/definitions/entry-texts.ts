// Which parsed definition entries came whole from one cached chunk of text, and that chunk's key
// (chunk-cache.ts: a hash of everything the chunk is parsed from). The value is a function of
// that text, so what is remembered of the value can be remembered by the key instead: no need to
// serialise and hash the value again (validate-by-entry.ts). Filled as a split file is assembled.
const keys = new WeakMap<object, string>();

export function recordEntryText(entry: unknown, chunkKey: string): void {
  if (typeof entry === 'object' && entry !== null) keys.set(entry, chunkKey);
}

/** The key of the chunk text this entry was parsed from, if it was parsed alone from one. */
export function entryTextKey(entry: unknown): string | undefined {
  return typeof entry === 'object' && entry !== null ? keys.get(entry) : undefined;
}
