// Checks one loaded file against the definitions schema and turns zod issues into located diagnostics.
import type * as z from 'zod';
import { closest } from '../ir/names.js';
import type { Diagnostic, DiagnosticCode } from './diagnostics.js';
import type { LoadedFile } from './load.js';
import { positionOf, type YamlPath } from './positions.js';
import { DefinitionFileSchema, FIELD_TYPES } from './schema.js';
import { isMapping } from './schema-values.js';
import { didYouMean, formatAsType } from './suggestions.js';
import { describePath } from './unusable-values.js';

/** The whole-file check, for a file that does not check out entry by entry: its diagnostics, located. */
export function validateFileSchema(loaded: LoadedFile) {
  const result = DefinitionFileSchema.safeParse(loaded.value, { reportInput: true, error: allowedKeysMessage });
  if (result.success) return { definition: result.data, diagnostics: [] };
  const diagnostics = result.error.issues.flatMap((issue) => issueToDiagnostics(loaded, issue));
  return { definition: undefined, diagnostics };
}

/**
 * The message of an unknown-key issue: the keys its object allows, for the diagnostic's "expected
 * one of" (only the raw issue knows the object; the other issues keep zod's messages).
 */
function allowedKeysMessage(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.code !== 'unrecognized_keys') return undefined;
  return Object.keys((issue.inst as z.core.$ZodObject)._zod.def.shape).join(', ');
}

function issueToDiagnostics(loaded: LoadedFile, issue: z.core.$ZodIssue): Diagnostic[] {
  const path = issue.path as (string | number)[];
  const located = (code: DiagnosticCode, message: string, atKey = false, at = path): Diagnostic => {
    const { line, column } = positionOf(loaded.positions, at, { atKey });
    return { code, file: loaded.file, line, column, message };
  };
  const where = describePath(path);
  switch (issue.code) {
    case 'unrecognized_keys':
      return issue.keys.map((key) => {
        const hint = closest(key, issue.message.split(', '));
        const expected = `${hint !== undefined ? `did you mean "${hint}"? ` : ''}expected one of: ${issue.message}`;
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
    case 'invalid_union': {
      // A type that is no string (or absent) fails both readings (a type word, a named type) alike: say it once.
      const first = path.at(-1) === 'type' && !issue.discriminator ? issue.errors[0]?.[0] : undefined;
      if (first) return issueToDiagnostics(loaded, { ...first, path: [...path, ...first.path] });
      // Only a discriminated union whose discriminator matches no option gives its options.
      if ('options' in issue && issue.discriminator !== undefined) {
        const options = (issue.options ?? []).map(String);
        // The issue's input is the whole object; what was found is its discriminator member.
        const found = isMapping(issue.input) ? issue.input[issue.discriminator] : undefined;
        const expected = `expected one of: ${options.join(', ')}`;
        if (found === undefined) return [located('SVC102', `${missingKey(path)} (${expected})`)];
        const renamed = renamedAuthScheme(path, loaded.value);
        if (renamed) return [located('SVC223', renamed)];
        return [located('SVC105', `${where} is ${JSON.stringify(found)} (${didYouMean(found, options)}${expected})`)];
      }
      if (path.at(-1) === 'additionalFields' && !isMapping(issue.input))
        return [located('SVC105', otherMembersValue(where, issue.input))];
      return [located('SVC100', `${where}: ${issue.message}`)];
    }
    case 'invalid_key':
      return issue.issues.map((inner) => {
        const message = `key ${JSON.stringify(path.at(-1))} in ${describePath(path.slice(0, -1))} is not valid (expected ${inner.message})`;
        return located('SVC106', message, true);
      });
    case 'invalid_format':
      // A type is a type word or a named type ("<file>.<name>"): a word that is neither is a misspelt type word.
      if (path.at(-1) === 'type' && typeof issue.input === 'string') {
        const hint = didYouMean(issue.input, FIELD_TYPES) || formatAsType(issue.input);
        const expected = `${hint}expected one of: ${FIELD_TYPES.join(', ')}, or a named type "<file>.<name>"`;
        return [located('SVC104', `unknown field type ${JSON.stringify(issue.input)} (${expected})`)];
      }
      return [located('SVC106', `${where} is ${JSON.stringify(issue.input)} (expected ${issue.message})`)];
    case 'too_small':
    case 'too_big':
      return [located('SVC106', `${where} is out of range (${issue.message})`)];
    default:
      return [located('SVC100', `${where}: ${issue.message}`)];
  }
}

/**
 * A record's `additionalFields` that is neither `true`, `ignore` nor a type (`ignored`, `false`): what it takes,
 * where zod's union would only say "Invalid input".
 */
function otherMembersValue(where: string, found: unknown): string {
  const expected = 'true (keep any value), ignore (accept and leave out), or a type such as { type: string }';
  const closed = found === false ? 'leave additionalFields out for a closed record; ' : '';
  return `${where} is ${JSON.stringify(found)} (${didYouMean(found, ['ignore'])}${closed}expected ${expected})`;
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

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  return `${typeof value} ${JSON.stringify(value)}`;
}
