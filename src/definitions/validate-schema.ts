// Checks one loaded file against the definitions schema and turns zod issues into located diagnostics.
import type { z } from 'zod';
import { closest } from '../ir/names.js';
import type { Diagnostic, DiagnosticCode } from './diagnostics.js';
import type { LoadedFile } from './load.js';
import { positionOf, type YamlPath } from './positions.js';
import { DefinitionFileSchema, type DefinitionFile } from './schema.js';
import { isMapping } from './schema-values.js';
import { didYouMean } from './suggestions.js';
import { describePath } from './unusable-values.js';

/** The whole-file check, for a file that does not check out entry by entry: its diagnostics, located. */
export function validateFileSchema(loaded: LoadedFile): {
  definition: DefinitionFile | undefined;
  diagnostics: Diagnostic[];
} {
  const result = DefinitionFileSchema.safeParse(loaded.value, { reportInput: true });
  if (result.success) return { definition: result.data, diagnostics: [] };
  const diagnostics = result.error.issues.flatMap((issue) => issueToDiagnostics(loaded, issue as Issue));
  return { definition: undefined, diagnostics };
}

type Issue = z.core.$ZodIssue & { input?: unknown };

function issueToDiagnostics(loaded: LoadedFile, issue: Issue): Diagnostic[] {
  const path = issue.path as (string | number)[];
  const located = (code: DiagnosticCode, message: string, atKey = false, at = path): Diagnostic => {
    const { line, column } = positionOf(loaded.positions, at, { atKey });
    return { code, file: loaded.file, line, column, message };
  };
  const where = describePath(path);
  switch (issue.code) {
    case 'unrecognized_keys':
      return issue.keys.map((key) => {
        const known = allowedKeys(path, loaded.value);
        const hint = closest(key, known);
        const expected = `${hint.length ? `did you mean "${hint[0]}"? ` : ''}expected one of: ${known.join(', ')}`;
        const message = `unknown key "${key}"${where ? ` in ${where}` : ''} (${expected})`;
        return located('SVC101', message, true, [...path, key]);
      });
    case 'invalid_type': {
      const expected = describeExpected(issue.expected);
      if (issue.input === undefined) return [located('SVC102', `${missingKey(path)} (expected ${expected})`)];
      if (path.length === 0) {
        const found = issue.input === null ? 'empty or null' : describeValue(issue.input);
        const message = `the document is ${found} (expected a mapping with name: and the file's definitions)`;
        return [located('SVC103', message)];
      }
      return [located('SVC103', `${where} is ${describeValue(issue.input)} (expected ${expected})`)];
    }
    case 'invalid_value': {
      const allowed = issue.values.map((value) => String(value));
      const expected = allowed.join(', ');
      if (issue.input === undefined) return [located('SVC102', `${missingKey(path)} (expected one of: ${expected})`)];
      const found = JSON.stringify(issue.input);
      const hint = didYouMean(issue.input, allowed);
      if (path.at(-1) === 'type')
        return [located('SVC104', `unknown field type ${found} (${hint}expected one of: ${expected})`)];
      return [located('SVC105', `${where} is ${found} (${hint}expected one of: ${expected})`)];
    }
    case 'invalid_union':
      if ('discriminator' in issue && (issue as { note?: string }).note === 'No matching discriminator') {
        const options = ((issue as { options?: unknown[] }).options ?? []).map(String);
        // The issue's input is the whole object; what was found is its discriminator member.
        const discriminator = String((issue as { discriminator: unknown }).discriminator);
        const found = isMapping(issue.input) ? issue.input[discriminator] : undefined;
        const expected = `expected one of: ${options.join(', ')}`;
        if (found === undefined) return [located('SVC102', `${missingKey(path)} (${expected})`)];
        const renamed = renamedAuthScheme(path, loaded.value);
        if (renamed) return [located('SVC223', renamed)];
        return [located('SVC105', `${where} is ${JSON.stringify(found)} (${didYouMean(found, options)}${expected})`)];
      }
      return [located('SVC100', `${where}: ${issue.message}`)];
    case 'invalid_key':
      return issue.issues.map((inner) => {
        const message = `key ${JSON.stringify(path.at(-1))} in ${describePath(path.slice(0, -1))} is not valid (expected ${inner.message})`;
        return located('SVC106', message, true);
      });
    case 'invalid_format':
      return [located('SVC106', `${where} is ${JSON.stringify(issue.input)} (expected ${issue.message})`)];
    case 'too_small':
    case 'too_big':
      return [located('SVC106', `${where} is out of range (${issue.message})`)];
    default:
      return [located('SVC100', `${where}: ${issue.message}`)];
  }
}

/**
 * An auth scheme written for svcgen before the schemes were named by what they are: what to write
 * instead, spelled out from the scheme's own values.
 */
function renamedAuthScheme(path: YamlPath, root: unknown): string | undefined {
  if (path.length !== 3 || path[0] !== 'auth' || path[2] !== 'type' || !isMapping(root)) return undefined;
  const auth = root['auth'];
  const scheme = isMapping(auth) ? auth[String(path[1])] : undefined;
  if (!isMapping(scheme) || scheme['type'] !== 'access-key') return undefined;
  const header = typeof scheme['header'] === 'string' ? scheme['header'] : '<header>';
  const session = scheme['session'] !== undefined ? '; session: stays as written' : '';
  return (
    `auth scheme type "access-key" is now "apiKey" (expected type: apiKey, in: header, name: ${header} ` +
    `in place of type: access-key, header: ${header}${session}; the server hook is verifyApiKey(key), returning { subject })`
  );
}

function missingKey(path: YamlPath): string {
  const parent = describePath(path.slice(0, -1));
  return `missing required key "${String(path.at(-1))}"${parent ? ` in ${parent}` : ''}`;
}

/** zod's names for expected types, in the words of a YAML file. */
function describeExpected(expected: string): string {
  if (expected === 'object' || expected === 'record' || expected === 'map') return 'a mapping';
  if (expected === 'array') return 'a list';
  return expected;
}

/** Just enough of a zod schema's definition to walk it. */
export interface SchemaDef {
  readonly type: string;
  readonly shape?: Record<string, { _zod: { def: SchemaDef } }>;
  readonly innerType?: { _zod: { def: SchemaDef } };
  readonly valueType?: { _zod: { def: SchemaDef } };
  readonly element?: { _zod: { def: SchemaDef } };
  readonly getter?: () => { _zod: { def: SchemaDef } };
  readonly options?: readonly { _zod: { def: SchemaDef } }[];
  readonly discriminator?: string;
  readonly values?: readonly unknown[];
}

/** The keys the definitions schema allows in the mapping at `path`, for unknown-key messages. */
function allowedKeys(path: YamlPath, root: unknown): string[] {
  let def: SchemaDef | undefined = unwrap(DefinitionFileSchema._zod.def as unknown as SchemaDef, root);
  let value: unknown = root;
  for (const segment of path) {
    const next: { _zod: { def: SchemaDef } } | undefined =
      def?.type === 'object'
        ? def.shape?.[String(segment)]
        : def?.type === 'record'
          ? def.valueType
          : def?.type === 'array'
            ? def.element
            : undefined;
    value = isMapping(value) || Array.isArray(value) ? (value as Record<string, unknown>)[String(segment)] : undefined;
    def = next ? unwrap(next._zod.def, value) : undefined;
  }
  return def?.type === 'object' ? Object.keys(def.shape ?? {}) : [];
}

function unwrap(def: SchemaDef, value: unknown): SchemaDef {
  if ((def.type === 'optional' || def.type === 'nullable' || def.type === 'default') && def.innerType)
    return unwrap(def.innerType._zod.def, value);
  if (def.type === 'lazy' && def.getter) return unwrap(def.getter()._zod.def, value);
  if (def.type === 'union' && def.discriminator !== undefined && isMapping(value)) {
    const tag = value[def.discriminator];
    const option = def.options?.find((candidate) =>
      candidate._zod.def.shape?.[def.discriminator as string]?._zod.def.values?.includes(tag),
    );
    if (option) return unwrap(option._zod.def, value);
  }
  return def;
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  return `${typeof value} ${JSON.stringify(value)}`;
}
