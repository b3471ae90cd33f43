// The `zod` emitter: one schemas.ts per module with a schema per record and, per route, schemas
// for path, query, headers, cookies, body and each response body. Each record, named type and route is a
// part printed from a view of the IR without source positions, with the defaults of the partial
// records it names.
import type {
  EventStreamIr,
  ModuleIr,
  NamedTypeIr,
  ParameterIr,
  RecordIr,
  RecordKey,
  RouteIr,
  TypeIr,
} from '../../ir/types.js';
import { recordsDeclaredByType } from './annotated-records.js';
import { moduleParts, type Emitter } from '../contract.js';
import { part, type PartedFile } from '../parts.js';
import {
  arrow,
  asConst,
  call,
  exported,
  getter,
  id,
  method,
  literal,
  object,
  property,
  typeRef,
  type Expr,
  type ObjectMember,
  type TypeNode,
  responseKey,
} from '../shared/code/ast.js';
import { printFile, printStatement } from '../shared/code/print-file.js';
import { recordImports, referencedRecords, runtimeImports, typesOfRoute } from '../shared/imports.js';
import { pick } from '../shared/pick.js';
import { hasFormBodySchema } from '../shared/route-inputs.js';
import {
  isInheritedName,
  listSchemaAround,
  lookupField,
  lookupFor,
  schemaExpression,
  helperImports,
  usedHelpers,
  withPresence,
  isNamedUnionOfRecords,
  type NamedUnions,
  type RecordLookup,
} from './schema-expression.js';
import { symbols } from '../../ir/symbols.js';
import { compareCodePoints } from '../../ir/names.js';
import { PARAMETER_GROUPS, requestParameters } from '../../ir/route-parameters.js';

/** Zod 4 schemas of records and of each route's path, query, headers, cookies, body and responses. */
export const zodEmitter: Emitter = ({ ir }) => {
  const declaredByType = recordsDeclaredByType(ir.modules);
  return ir.modules.map((module) => emitModuleSchemas(module, ir.records, declaredByType));
};

interface SchemaConstant {
  readonly name: string;
  readonly value: Expr;
  readonly docs?: string | undefined;
  /** The TypeScript type it is declared with, where inferring it is too deep (annotated-records.ts). */
  readonly type?: TypeNode | undefined;
}

function emitModuleSchemas(
  module: ModuleIr,
  records: RecordLookup,
  declaredByType: ReadonlySet<RecordKey>,
): PartedFile<PrintedSchemas> {
  const imports = recordImports(module, 'schemas');
  // Written once as their own constant, and read by name wherever this file uses them (NamedUnions).
  const namedUnions = module.types
    .filter((named) => isNamedUnionOfRecords(named.type))
    .map((named) => named.key)
    .sort(compareCodePoints);
  const parts = [
    ...module.records.map((record) =>
      part('zod/record', record.key, recordView(record, records, declaredByType.has(record.key), namedUnions), (view) =>
        printSchemas([recordSchema(view, new Map(view.lookup))]),
      ),
    ),
    ...module.types.map((named) =>
      part('zod/named', named.key, namedTypeView(named, records), (view) => printSchemas([namedTypeSchema(view)])),
    ),
    ...module.routes.map((route) =>
      part('zod/route', route.name, routeView(route, records, namedUnions), (view) =>
        printSchemas(routeSchemas(view, new Map(view.lookup))),
      ),
    ),
  ];
  return moduleParts(module, 'schemas', parts, (printed) => {
    const helpers = new Set(printed.flatMap((each) => each.helpers));
    const namesTypes = printed.some((each) => each.namesTypes);
    return printFile([
      { declaration: { kind: 'import', from: 'zod', names: ['z'] } },
      ...(namesTypes
        ? [{ declaration: { kind: 'import' as const, typeOnly: true, from: './types.js', namespace: 'types' } }]
        : []),
      ...runtimeImports(helperImports(helpers)),
      ...imports,
      ...printed.flatMap((each) => each.texts),
    ]);
  });
}

type PrintedSchemas = { readonly texts: string[]; readonly helpers: string[]; readonly namesTypes: boolean };

/** The printed constants of one record or route, and the runtime helpers they use. */
function printSchemas(constants: readonly SchemaConstant[]): PrintedSchemas {
  const helpers = new Set<string>();
  for (const constant of constants) usedHelpers(constant.value, helpers);
  return {
    texts: constants.map((constant) =>
      printStatement(
        exported({ kind: 'const', name: constant.name, type: constant.type, value: constant.value }, constant.docs),
      ),
    ),
    helpers: [...helpers],
    namesTypes: constants.some((constant) => constant.type !== undefined),
  };
}

type ParameterView = Pick<ParameterIr, 'name' | 'type' | 'required' | 'default' | 'style'>;
type RecordView = ReturnType<typeof recordView>;
type RouteView = ReturnType<typeof routeView>;

function recordView(record: RecordIr, records: RecordLookup, declaredByType: boolean, namedUnions: readonly string[]) {
  return {
    key: record.key,
    namedUnions: namedUnions.filter((key) => record.fields.some((field) => namesType(field.type, key))),
    declaredByType,
    docs: record.description,
    fields: record.fields.map(lookupField),
    additionalFields: record.additionalFields,
    ignoresOtherMembers: record.ignoresOtherMembers === true,
    lookup: lookupFor(
      [...record.fields.map((field) => field.type), ...(record.additionalFields ? [record.additionalFields] : [])],
      records,
    ),
  };
}

function routeView(route: RouteIr, records: RecordLookup, namedUnions: readonly string[]) {
  const formBody = hasFormBodySchema(route, records);
  return {
    name: route.name,
    namedUnions: namedUnions.filter((key) => typesOfRoute(route).some((type) => namesType(type, key))),
    groups: PARAMETER_GROUPS.map(({ part, key }) => ({
      part,
      params: route[key].map((param) => pick(param, 'name', 'type', 'required', 'default', 'style')),
    })),
    body: route.body,
    bodyEntries: route.bodyEntries,
    formBody,
    responses: route.responses.map((response) => pick(response, 'key', 'body', 'events')),
    lookup: lookupFor(typesOfRoute(route), records, [
      ...requestParameters(route)
        .filter((param) => param.style !== 'json')
        .map((param) => param.type),
      // A form body with numbers or booleans is read from its text too (formBodySchema).
      ...(formBody && route.body ? [route.body] : []),
    ]),
  };
}

/** Record fields that name records are getters, so records may refer to each other in any order. */
function recordSchema(record: RecordView, records: RecordLookup): SchemaConstant {
  const named = new Set(record.namedUnions);
  const members = record.fields.map((field): ObjectMember => {
    const schema = withPresence(schemaExpression(field.type, 'json', records, named), field.required, field.default);
    const expression = ownLookup(field.name, schema);
    return referencedRecords(field.type).size > 0 ? getter(field.name, expression) : property(field.name, expression);
  });
  // zod's plain object leaves out the members it does not name (`additionalFields: ignore`); a strict one refuses them.
  const closed = call(record.ignoresOtherMembers ? 'z.object' : 'z.strictObject', [
    object(members, { expanded: true }),
  ]);
  // An open record keeps the members it does not name, each checked against their type.
  const others = record.additionalFields;
  return {
    name: symbols.recordSchema(record.key),
    value: others ? method(closed, 'catchall', [otherMembersSchema(others, records)]) : closed,
    docs: record.docs,
    type: record.declaredByType
      ? typeRef('z.ZodType', [typeRef(`types.${symbols.recordType(record.key)}`)])
      : undefined,
  };
}

/**
 * `export const customerIdSchema = z.guid();` for a team's own code; generated schemas spell a named type
 * out where it is used, so no declaration order across files matters.
 */
function namedTypeSchema(view: ReturnType<typeof namedTypeView>): SchemaConstant {
  return {
    name: symbols.namedSchema(view.key),
    value: schemaExpression(view.type, 'json', new Map(view.lookup)),
    docs: view.description,
  };
}

/** What a named type's schema is printed from: declared without null, with the records it names. */
function namedTypeView(named: NamedTypeIr, records: RecordLookup) {
  const type = { ...named.type, nullable: false };
  return { key: named.key, type, description: named.description, lookup: lookupFor([type], records) };
}

/** Lazy where it names a record, which may be declared further down the file. */
function otherMembersSchema(type: TypeIr, records: RecordLookup): Expr {
  const schema = schemaExpression(type, 'json', records);
  return referencedRecords(type).size > 0 ? call('z.lazy', [arrow([], schema)]) : schema;
}

/** Whether a type is the named type `key` or holds it, at any depth (not looking into other named types). */
function namesType(type: TypeIr, key: string): boolean {
  if (type.named !== undefined) return type.named === key;
  if (type.kind === 'list') return namesType(type.items, key);
  if (type.kind === 'map') return namesType(type.values, key);
  return type.kind === 'union' && type.variants.some((variant) => namesType(variant, key));
}

/** A member named like an Object member would otherwise read Object.prototype's when absent. */
function ownLookup(name: string, expression: Expr): Expr {
  return isInheritedName(name) ? call('ownMember', [expression]) : expression;
}

/** Parameters arrive as text; a JSON-styled one is JSON inside the text. */
function parameterSchema(param: ParameterView, records: RecordLookup): Expr {
  const expression =
    param.style === 'json'
      ? call('jsonText', [schemaExpression(param.type, 'json', records)])
      : schemaExpression(param.type, 'text', records);
  return ownLookup(param.name, withPresence(expression, param.required, param.default));
}

function routeSchemas(route: RouteView, records: RecordLookup): SchemaConstant[] {
  const named = new Set(route.namedUnions);
  const name = (part: Parameters<typeof symbols.routeSchema>[1]) => symbols.routeSchema(route.name, part);
  const constants = route.groups
    .filter((group) => group.params.length > 0)
    .map(({ part, params }): SchemaConstant => {
      const members = params.map((param) => property(param.name, parameterSchema(param, records)));
      // Query, headers and cookies tolerate members they do not name: proxies and browsers add their own.
      const value = call(part === 'PathParams' ? 'z.strictObject' : 'z.object', [object(members, { expanded: true })]);
      return { name: name(part), value };
    });
  if (route.body?.kind === 'list' && route.bodyEntries === 'each') {
    // Named apart: the server validates each entry with it, and the body is the list of them.
    constants.push({
      name: name('BodyEntry'),
      value: schemaExpression(route.body.items, 'json', records, named),
      docs: 'One entry of the body, validated on its own.',
    });
    constants.push({ name: name('Body'), value: listSchemaAround(route.body, id(name('BodyEntry'))) });
  } else if (route.body)
    constants.push({ name: name('Body'), value: schemaExpression(route.body, 'json', records, named) });
  // Only where a member reads differently from text (a number, a boolean): otherwise the body schema reads forms too.
  if (route.formBody && route.body)
    constants.push({
      name: name('FormBody'),
      value: schemaExpression(route.body, 'text', records),
      docs: 'The body sent as a form: each member read from its text, as query parameters are.',
    });
  const responses = route.responses.map((response) =>
    property(
      responseKey(response.key),
      response.events
        ? eventSchema(response.events, records, named)
        : response.body
          ? schemaExpression(response.body, 'json', records, named)
          : call('z.undefined'),
    ),
  );
  constants.push({ name: name('Responses'), value: asConst(object(responses, { expanded: true })) });
  return constants;
}

/** An event stream's schema is of one event: `{ event, data, id? }`, told apart by its name. */
function eventSchema(stream: EventStreamIr, records: RecordLookup, named: NamedUnions): Expr {
  const events = stream.events.map((event) =>
    call('z.strictObject', [
      object([
        property('event', call('z.literal', [literal(event.name)])),
        property('data', schemaExpression(event.type, 'json', records, named)),
        property('id', withPresence(call('z.string'), false, undefined)),
      ]),
    ]),
  );
  return call('z.discriminatedUnion', [literal('event'), { kind: 'array', elements: events }]);
}
