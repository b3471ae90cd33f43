import { compareCodePoints } from '../ir/names.js';

// Diagnostics: every problem a user can cause, with a stable code and a location.
// The codes are documented in docs/diagnostics.md; never renumber one.

export type DiagnosticCode = keyof typeof DIAGNOSTIC_CODES;

export const DIAGNOSTIC_CODES = {
  SVC001: 'file is not valid UTF-8',
  SVC002: 'YAML syntax error',
  SVC003: 'YAML document too large or too deeply nested',
  SVC004: 'too many YAML aliases (alias bomb)',
  SVC005: 'cannot read the definitions folder or a file in it',
  SVC006: 'no definition files found',
  SVC100: 'value does not match the definitions schema',
  SVC101: 'unknown key',
  SVC102: 'missing required key',
  SVC103: 'wrong value type',
  SVC104: 'unknown field type',
  SVC105: 'value not one of the allowed values',
  SVC106: 'value does not match the expected form',
  SVC107: 'number that JSON cannot hold (.inf, .nan)',
  SVC108: 'pattern that can backtrack catastrophically (ReDoS)',
  SVC201: 'unknown record',
  SVC202: 'unknown auth scheme',
  SVC203: 'duplicate route',
  SVC204: 'duplicate name',
  SVC205: 'path parameter used in the path but not declared',
  SVC206: 'path parameter declared but not used in the path',
  SVC207: 'default value of the wrong type',
  SVC208: 'reference cycle that no value can satisfy',
  SVC209: 'unknown field in omit, pick, relation or shortForm',
  SVC210: 'unknown privilege',
  SVC211: 'unknown error kind',
  SVC212: 'incomplete type (record, items or values missing)',
  SVC213: 'coercion only applies to integer and number',
  SVC214: 'name is not usable as an identifier',
  SVC215: 'path template the router cannot serve',
  SVC216: 'total on a response that is not a list',
  SVC217: 'form body with nested or list members',
  SVC218: 'route without a privilege on a scheme with privileges',
  SVC219: 'bodyEntries: each without a list body',
  SVC220: 'query parameter that the body query alternative also names',
  SVC221: 'deepObject style on a path parameter or header',
  SVC222: 'response that cannot be sent as declared',
  SVC223: 'auth scheme written in a form svcgen no longer reads',
  SVC224: 'scopes on a route whose auth scheme has none',
  SVC225: 'unknown scope',
  SVC226: 'unknown or unfit error entry of an auth scheme',
  SVC227: 'password grant without a client id',
  SVC228: 'routesOf that names no interface file, or a routesOf file with more than routes',
  SVC234: 'refresh tokens without a lifetime',
  SVC235: 'form-style query parameter with no written form',
  SVC236: 'structured path parameter or header without style json',
  SVC237: 'cookie parameter with no cookie form',
  SVC238: 'cookie parameter named like the apiKey cookie of its route',
  SVC239: 'route tag that the interface does not declare, or that the route lists twice',
  SVC240: 'header whose declared values a header cannot carry',
  SVC260: 'file or stream beside a body',
  SVC261: 'upload on a GET route',
  SVC262: 'event data that is not a record',
  SVC263: 'when on a response for a class of statuses or default',
  SVC264: 'content on a HEAD route',
  SVC245: 'handler module that does not parse',
  SVC246: 'handler module without a handlers object',
  SVC247: 'handlers object with a spread or computed member',
  SVC248: 'scaffold with the server emitter off',
  SVC249: 'handlers folder inside the output folder',
  SVC250: 'route tag of a handler method that fits several routes',
  SVC251: 'format that does not apply to the type',
  SVC252: 'const that is not a value of its type',
  SVC253: 'unknown named type, or a reference to one that constrains it',
  SVC254: 'tagged union whose variants cannot be told apart',
  SVC255: 'union keys on a type that is not a union',
  SVC270: 'example that is not a value of its type',
  SVC301: 'invalid config file',
  SVC401: 'template error',
} as const;

export interface Diagnostic {
  readonly code: DiagnosticCode;
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

/** Longest message printed whole; a longer one (a huge value quoted back) is cut there. */
const MAX_PRINTED_MESSAGE = 1000;

/** One line per diagnostic, whatever the definitions hold: control characters are escaped, long messages cut. */
export function formatDiagnostic(d: Diagnostic): string {
  const message =
    d.message.length > MAX_PRINTED_MESSAGE
      ? `${d.message.slice(0, MAX_PRINTED_MESSAGE)}… (${d.message.length - MAX_PRINTED_MESSAGE} more characters)`
      : d.message;
  return `${printablePath(d.file)}:${d.line}:${d.column} ${d.code} ${printable(message)}`;
}

/**
 * A file name as printed at the start of a line: quoted (JSON-style) when it holds a colon, white
 * space or a quote, so that a name such as "a.yaml:1:1 SVC000 fine" cannot pass for a location and code.
 */
export function printablePath(path: string): string {
  return /[:\s"\\]/.test(path) ? printable(JSON.stringify(path)) : printable(path);
}

/**
 * Line breaks, terminal escapes and bidirectional overrides in a name or value quoted back to the
 * user, written as escapes: they could otherwise split a diagnostic or disguise it on a terminal.
 */
function printable(text: string): string {
  return text.replace(
    /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g,
    (char) => SHORT_ESCAPES[char] ?? `\\u${(char.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`,
  );
}

const SHORT_ESCAPES: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** Sorted by file, then position, then code: the order a reader fixes them in. */
export function sortDiagnostics(list: readonly Diagnostic[]): Diagnostic[] {
  return [...list].sort(
    (a, b) =>
      compareCodePoints(a.file, b.file) || a.line - b.line || a.column - b.column || compareCodePoints(a.code, b.code),
  );
}

/** What `run` returns, or the diagnostics of the DefinitionsError it throws (sorted, as the error holds them). */
export async function withDiagnostics<T>(run: () => Promise<T>) {
  try {
    return await run();
  } catch (error) {
    if (error instanceof DefinitionsError) return { ok: false as const, diagnostics: error.diagnostics };
    throw error;
  }
}

/** Thrown when definitions are invalid; carries every diagnostic of the run. */
export class DefinitionsError extends Error {
  readonly diagnostics: readonly Diagnostic[];
  constructor(diagnostics: readonly Diagnostic[]) {
    const sorted = sortDiagnostics(diagnostics);
    super(sorted.map(formatDiagnostic).join('\n'));
    this.name = 'DefinitionsError';
    this.diagnostics = sorted;
  }
}
