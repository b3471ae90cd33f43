// Checks that valid-looking routes can be served and documented: path templates the router reads
// one way only, totals beside lists, form bodies whose members arrive as the text they are,
// parameters that can be told apart and written, responses that can be sent as declared.
// A cookie carries one text (RFC 6265 cookie-value): only scalars, enums and lists of them, written
// as OpenAPI's cookie style form without explode (name=a,b).
import type { Report } from './context.js';
import { inView } from './types.js';
import type { ErrorIr, Ir, ModuleIr, ParameterIr, RecordIr, RouteIr, TypeIr } from './types.js';
import { PARAMETER_GROUPS } from './route-parameters.js';
import { describeType } from './values.js';
import { checkHeaderText } from './header-text.js';
import { flatRecordFields, isFormMember, isTextValue } from './wire-shapes.js';

/** A placeholder fills a whole segment and is named so that every router reads the same name. */
const PLACEHOLDER_SEGMENT = /^\{[A-Za-z_][A-Za-z0-9_]*\}$/;

export function checkServable(ir: Ir, report: Report): void {
  for (const module of ir.modules) {
    for (const route of module.routes) {
      checkTemplate(route, report);
      checkTotals(route, report);
      checkFormBody(route, ir.records, report);
      checkParameters(route, ir.records, report);
      checkQueryAlternative(route, report);
      checkStatuses(module, route, report);
      checkFormQuery(route, ir.records, report);
      checkKeyCookie(module, route, report);
    }
  }
}

function checkTemplate(route: RouteIr, report: Report): void {
  const part = route.path.split('/').find((part) => /[{}]/.test(part) && !PLACEHOLDER_SEGMENT.test(part));
  if (part === undefined) return;
  report(
    route.location,
    'SVC215',
    `path "${route.path}" of route "${route.name}" has the segment "${part}" (expected a placeholder to fill a whole segment, named with letters, digits and "_", e.g. {itemId})`,
  );
}

function checkTotals(route: RouteIr, report: Report): void {
  for (const response of route.responses)
    if (response.total && (response.body?.kind !== 'list' || response.body.nullable))
      report(
        response.location,
        'SVC216',
        `response ${response.status} of route "${route.name}" has total: true but its body is ${response.body ? describe(response.body) : 'empty'} (expected a list that is not nullable)`,
      );
}

function checkFormBody(route: RouteIr, records: ReadonlyMap<string, RecordIr>, report: Report): void {
  if (!route.bodyFormats.includes('form') || !route.body) return;
  const body = route.body;
  const record = body.kind === 'record' ? records.get(body.record) : undefined;
  let problem = `${article(body.kind)} ${body.kind} body`;
  if (body.kind === 'record' && record) {
    problem = record.fields
      .filter((field) => inView(body, field.name))
      .filter((field) => !isFormMember(field.type))
      .map((field) => `"${field.name}" (${describe(field.type)})`)
      .join(', ');
  }
  if (!problem) return;
  report(
    route.location,
    'SVC217',
    `route "${route.name}" accepts a form body, which arrives as text, with ${problem} (expected members of type string, enum, date, date-time, integer, number or boolean, or bodyFormats: [json])`,
  );
}

function describe(type: TypeIr): string {
  const base = type.kind === 'scalar' ? type.scalar : type.kind;
  return type.nullable ? `a nullable ${base}` : `${article(base)} ${base}`;
}

function article(word: string): string {
  return /^[aeiou]/.test(word) ? 'an' : 'a';
}

/** Each parameter of a route, with the words for its place. */
function placedParameters(route: RouteIr): { param: ParameterIr; place: string }[] {
  return [
    ...PARAMETER_GROUPS.flatMap(({ key, place }) => route[key].map((param) => ({ param, place }))),
    ...route.responses.flatMap((response) =>
      response.headers.map((param) => ({ param, place: `response ${response.status} header` })),
    ),
  ];
}

/** Whether each parameter can be named in a schema and written where it goes, as its style says. */
function checkParameters(route: RouteIr, records: ReadonlyMap<string, RecordIr>, report: Report): void {
  for (const { param, place } of placedParameters(route)) {
    const where = `${place} "${param.name}" of route "${route.name}"`;
    const { location, style, type } = param;
    // `__proto__` as a member of an object literal sets the prototype: no generated schema can name it.
    if (param.name === '__proto__' && place !== 'path parameter')
      report(
        location,
        'SVC214',
        `parameter "__proto__" of route "${route.name}" cannot be a member of a schema (expected another name)`,
      );
    if (place === 'cookie') {
      // A structured value, or a style other than form, has no cookie form every tool writes alike.
      const expected = 'expected a string, number, integer, boolean, date or enum, or a list of them sent as a,b';
      if (!isTextValue(type)) report(location, 'SVC237', `${where} is ${describeType(type)} (${expected})`);
      else if (style !== 'form')
        report(
          location,
          'SVC237',
          `${where} has style ${style}, which cookies do not have (expected no style: a cookie value is one text, a list a,b)`,
        );
      continue;
    }
    if (place === 'query parameter') {
      checkShortForm(param, records, report);
      continue;
    }
    // deepObject (name[key]=value) is a query string notation: a path segment or a header cannot be written that way.
    if (style === 'deepObject')
      report(
        location,
        'SVC221',
        `${where} has style deepObject, which only query parameters have (expected style json, or no style)`,
      );
    // A path segment or a request header is one text: a structured value there needs style json.
    const oneText = place === 'path parameter' || place === 'header';
    if (oneText && style === 'form' && !isTextValue(type) && type.kind !== 'json')
      report(
        location,
        'SVC236',
        `${where} is ${describeType(type)}, which has no plain text form there (expected style json, a scalar or a list of scalars)`,
      );
    if (place !== 'path parameter') checkHeaderText(param, where, report);
  }
}

/** shortForm names two fields of the items of a deepObject list of records. */
function checkShortForm(param: ParameterIr, records: ReadonlyMap<string, RecordIr>, report: Report): void {
  if (!param.shortForm) return;
  const items = param.type.kind === 'list' ? param.type.items : undefined;
  const record = items?.kind === 'record' ? records.get(items.record) : undefined;
  if (!record || param.style !== 'deepObject') {
    report(
      param.location,
      'SVC209',
      `shortForm of query parameter "${param.name}" needs a deepObject list of records (found ${describeType(param.type)} in ${param.style} style)`,
    );
    return;
  }
  const names = record.fields.map((field) => field.name);
  for (const member of [param.shortForm.key, param.shortForm.value]) {
    if (!names.includes(member))
      report(
        param.location,
        'SVC209',
        `shortForm of "${param.name}" names "${member}", not a field of ${record.name} (expected one of: ${names.join(', ')})`,
      );
  }
}

/** The query parameter that may carry a body member must not also be one of the route's own. */
function checkQueryAlternative(route: RouteIr, report: Report): void {
  const member = route.bodyQueryAlternative?.member;
  const twin = route.query.find((param) => param.name === member);
  if (member === undefined || !twin) return;
  report(
    twin.location,
    'SVC220',
    `route "${route.name}" has a query parameter "${member}" and lets the body member "${member}" arrive as that query parameter too (expected another name for one of them)`,
  );
}

/** HTTP sends no body with 204 and 304, no final 1xx response, and one response per status. */
function checkStatuses(module: ModuleIr, route: RouteIr, report: Report): void {
  const errors = new Map<number, ErrorIr>();
  for (const name of route.errors) {
    const error = module.errors.find((candidate) => candidate.name === name);
    if (error && !errors.has(error.status)) errors.set(error.status, error);
  }
  for (const response of route.responses) {
    const where = `response ${response.key} of route "${route.name}"`;
    const error = response.key === String(response.status) ? errors.get(response.status) : undefined;
    let problem: string | undefined;
    if (response.key !== 'default' && response.status < 200)
      problem = `${where} is informational, which is never a final response (expected a status from 200 to 599)`;
    else if ((response.status === 204 || response.status === 304) && response.body)
      problem = `${where} has a body, which HTTP never sends with ${response.status} (expected no body, or another status)`;
    else if (error)
      problem = `${where} has the status of the error "${error.name}" the route lists (expected one response per status: drop one of them)`;
    if (problem) report(response.location, 'SVC222', problem);
    if (response.when !== undefined && response.key !== String(response.status))
      report(
        response.location,
        'SVC263',
        `${where} has when: ${response.when}, but only a response with one status is chosen by a query parameter (expected a status such as ${response.key === 'default' ? '200' : `${response.key[0]}00`}, or no when)`,
      );
  }
}

/**
 * A form-style query value is a scalar, a list of scalars (tag=a&tag=c) or a record whose fields
 * are scalars, each sent as a name of its own (from=1&to=2): a field must not share its name with
 * another query parameter, nor with a field of another form-style record, or the two could not be
 * told apart.
 */
function checkFormQuery(route: RouteIr, records: ReadonlyMap<string, RecordIr>, report: Report): void {
  const names = new Set([
    ...route.query.map((param) => param.name),
    ...(route.bodyQueryAlternative ? [route.bodyQueryAlternative.member] : []),
  ]);
  /** Which form-style record parameter sends each field name: two sending one name cannot be told apart. */
  const fieldOwners = new Map<string, string>();
  for (const param of route.query.filter((candidate) => candidate.style === 'form')) {
    const type = param.type;
    if (isTextValue(type) || type.kind === 'json') continue;
    const fields = flatRecordFields(type, (key) => records.get(key));
    const where = `query parameter "${param.name}" of route "${route.name}"`;
    if (!fields) {
      report(
        param.location,
        'SVC235',
        `${where} is ${describeType(type)} in style form, which has no written form beyond scalars, lists of scalars and records of scalars (expected style deepObject or json)`,
      );
      continue;
    }
    const clash = fields.find((field) => field.name !== param.name && names.has(field.name));
    const shared = fields.find((field) => fieldOwners.has(field.name));
    if (clash)
      report(
        param.location,
        'SVC235',
        `${where} is sent in style form as its fields' own names, and its field "${clash.name}" is also a query parameter of the route (expected another name for one of them, or style deepObject)`,
      );
    else if (shared)
      report(
        param.location,
        'SVC235',
        `${where} is sent in style form as its fields' own names, and its field "${shared.name}" is also a field of the form-style query parameter "${fieldOwners.get(shared.name)}" (expected style deepObject for one of them, or another field name)`,
      );
    for (const field of fields) if (!fieldOwners.has(field.name)) fieldOwners.set(field.name, param.name);
  }
}

/** SVC238: the key cookie and the parameter would be one cookie: the key would reach the handler, or shadow it. */
function checkKeyCookie(module: ModuleIr, route: RouteIr, report: Report): void {
  const scheme = module.auth.find((candidate) => candidate.name === route.auth);
  if (scheme?.type !== 'apiKey' || scheme.in !== 'cookie') return;
  const twin = route.cookies.find((param) => param.name === scheme.keyName);
  if (twin)
    report(
      twin.location,
      'SVC238',
      `cookie "${twin.name}" of route "${route.name}" is the cookie the apiKey scheme "${scheme.name}" reads the key from (expected another name for the parameter)`,
    );
}
