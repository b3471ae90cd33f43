// Checks that valid-looking routes can be served: path templates the router reads one way only,
// totals beside lists, form bodies whose members arrive as the text they are.
import type { Diagnostic } from '../definitions/diagnostics.js';
import type { Ir, RecordIr, RouteIr, TypeIr } from './types.js';

/** A placeholder fills a whole segment and is named so that every router reads the same name. */
const PLACEHOLDER_SEGMENT = /^\{[A-Za-z_][A-Za-z0-9_]*\}$/;
/** What a form body carries as text: no numbers, booleans, lists or nested records. */
const TEXT_KINDS = new Set(['string', 'date', 'date-time']);

export function checkServable(ir: Ir): Diagnostic[] {
  const found: Diagnostic[] = [];
  for (const module of ir.modules) {
    for (const route of module.routes) {
      found.push(...checkTemplate(route), ...checkTotals(route), ...checkFormBody(route, ir.records), ...checkProtoNames(route));
    }
  }
  return found;
}

function checkTemplate(route: RouteIr): Diagnostic[] {
  for (const part of route.path.split('/')) {
    if (!part.includes('{') && !part.includes('}')) continue;
    if (PLACEHOLDER_SEGMENT.test(part)) continue;
    return [
      {
        ...route.location,
        code: 'SVC215',
        message: `path "${route.path}" of route "${route.name}" has the segment "${part}" (expected a placeholder to fill a whole segment, named with letters, digits and "_", e.g. {itemId})`,
      },
    ];
  }
  return [];
}

function checkTotals(route: RouteIr): Diagnostic[] {
  return route.responses
    .filter((response) => response.total && (response.body?.kind !== 'list' || response.body.nullable))
    .map((response) => ({
      ...response.location,
      code: 'SVC216' as const,
      message: `response ${response.status} of route "${route.name}" has total: true but its body is ${response.body ? describe(response.body) : 'empty'} (expected a list that is not nullable)`,
    }));
}

function checkFormBody(route: RouteIr, records: ReadonlyMap<string, RecordIr>): Diagnostic[] {
  if (!route.bodyFormats.includes('form') || !route.body) return [];
  const body = route.body;
  const record = body.kind === 'record' ? records.get(body.record) : undefined;
  let problem = `${article(body.kind)} ${body.kind} body`;
  if (body.kind === 'record' && record) {
    problem = record.fields
      .filter((field) => (body.pick.length === 0 || body.pick.includes(field.name)) && !body.omit.includes(field.name))
      .filter((field) => !isText(field.type))
      .map((field) => `"${field.name}" (${describe(field.type)})`)
      .join(', ');
  }
  if (!problem) return [];
  return [{ ...route.location, code: 'SVC217', message: `route "${route.name}" accepts a form body, which arrives as text, with ${problem} (expected members of type string, enum, date or date-time, or bodyFormats: [json])` }];
}

function isText(type: TypeIr): boolean {
  return type.kind === 'enum' || (type.kind === 'scalar' && TEXT_KINDS.has(type.scalar));
}

function describe(type: TypeIr): string {
  const base = type.kind === 'scalar' ? type.scalar : type.kind;
  return type.nullable ? `a nullable ${base}` : `${article(base)} ${base}`;
}

function article(word: string): string {
  return /^[aeiou]/.test(word) ? 'an' : 'a';
}

/** `__proto__` as a member of an object literal sets the prototype: no generated schema can name it. */
function checkProtoNames(route: RouteIr): Diagnostic[] {
  const params = [...route.query, ...route.headers, ...route.responses.flatMap((response) => response.headers)];
  return params
    .filter((param) => param.name === '__proto__')
    .map((param) => ({ ...param.location, code: 'SVC214' as const, message: `parameter "__proto__" of route "${route.name}" cannot be a member of a schema (expected another name)` }));
}
