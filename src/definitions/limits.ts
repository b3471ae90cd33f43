// Limits that keep a hostile definition file from exhausting time or memory, and the options every
// definition text is parsed with (a whole file or one chunk of it: both must read YAML alike).

export const MAX_FILE_BYTES = 4 * 1024 * 1024;
export const MAX_ALIAS_COUNT = 100;
export const MAX_DEPTH = 64;
/**
 * YAML tokens per file. Parsing costs about ten times as much per token as counting them, so a
 * file of millions of one-character items is refused after the count (12,000 records of a few
 * fields each are under 800,000 tokens; the largest definition here is about 6,000).
 */
export const MAX_TOKENS = 1_000_000;
/** Values that aliases may add to a document, beyond those written in it (each expansion counts again). */
export const MAX_ALIAS_EXPANSION = 100_000;

/**
 * uniqueKeys is checked after parsing in linear time (the parser's own check is quadratic in the
 * keys of a mapping); stringKeys refuses lists and mappings as keys, which no definition has and
 * which would otherwise be stringified at a cost that grows with the cube of their nesting.
 */
export const YAML_PARSE_OPTIONS = { prettyErrors: false, uniqueKeys: false, stringKeys: true, strict: true } as const;
