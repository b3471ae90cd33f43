// The `types` emitter: one types.ts per module with its records and, per route, the parameters,
// body and responses, as plain TypeScript (no runtime dependency). Each record, named type and route is
// a part printed from a view of the IR without source positions.
import type { EventStreamIr, ModuleIr, NamedTypeIr, RecordIr, RouteIr, TypeIr } from '../../ir/types.js';
import { moduleParts, type Emitter } from '../contract.js';
import { part, type PartedFile } from '../parts.js';
import {
  exported,
  stringType,
  typeLiteral,
  typeRef,
  union,
  type PropertySignature,
  type TopLevel,
  type TypeNode,
  responseKey,
} from '../shared/code/ast.js';
import { printFile, printStatement } from '../shared/code/print-file.js';
import { symbols, type RoutePart } from '../../ir/symbols.js';
import { recordImports } from '../shared/imports.js';
import { pick } from '../shared/pick.js';
import { PARAMETER_GROUPS } from '../../ir/route-parameters.js';
import { typeExpression } from './type-expression.js';
import { withDeprecation } from '../shared/doc-text.js';
import { handlerHeaders } from '../../ir/responses.js';

/** TypeScript types of records, route parameters, bodies and responses. */
export const typesEmitter: Emitter = ({ ir }) => ir.modules.map(emitModuleTypes);

function emitModuleTypes(module: ModuleIr): PartedFile<string | string[]> {
  const imports = recordImports(module, 'types');
  return moduleParts<string | string[]>(
    module,
    'types',
    [
      ...module.records.map((record) =>
        part('types/record', record.key, recordView(record), (view) => printStatement(recordInterface(view))),
      ),
      ...module.types.map((named) =>
        part('types/named', named.key, pick(named, 'key', 'type', 'description'), (view) =>
          printStatement(namedTypeAlias(view)),
        ),
      ),
      ...module.routes.map((route) =>
        part('types/route', route.name, routeView(route), (view) => routeTypes(view).map(printStatement)),
      ),
    ],
    (printed) => printFile([...imports, ...printed.flat()]),
  );
}

/** `export type CustomerId = string;`: declared without null, which each use that may be null adds. */
function namedTypeAlias(named: Pick<NamedTypeIr, 'key' | 'type' | 'description'>): TopLevel {
  const type = typeExpression({ ...named.type, nullable: false });
  return exported({ kind: 'type-alias', name: symbols.namedType(named.key), type }, named.description);
}

interface MemberView {
  readonly name: string | number;
  readonly type: TypeIr | undefined;
  readonly optional: boolean;
  readonly description: string | undefined;
  /** An event stream response: its member is the union of its events. */
  readonly events?: EventStreamIr | undefined;
}

type RecordView = ReturnType<typeof recordView>;
type RouteView = ReturnType<typeof routeView>;

function recordView(record: RecordIr) {
  return {
    key: record.key,
    docs: record.description,
    fields: record.fields.map((field) => ({
      ...pick(field, 'name', 'type'),
      description: withDeprecation(field.description, field.deprecated),
      optional: !field.required,
    })),
    additionalFields: record.additionalFields,
  };
}

function routeView(route: RouteIr) {
  return {
    name: route.name,
    docs: route.summary ?? route.description,
    groups: PARAMETER_GROUPS.map(({ part, key }) => ({
      part,
      params: route[key].map((param) => ({
        ...pick(param, 'name', 'type', 'description'),
        optional: !param.required || param.default !== undefined,
      })),
    })),
    body: route.body,
    responseHeaders: route.responses
      .filter((response) => handlerHeaders(response).length > 0)
      .map((response) => ({
        key: responseKey(response.key),
        headers: handlerHeaders(response).map((param): MemberView => ({
          ...pick(param, 'name', 'type', 'description'),
          optional: !param.required,
        })),
      })),
    responses: route.responses.map((response): MemberView => ({
      name: responseKey(response.key),
      type: response.body,
      optional: false,
      description: response.description,
      events: response.events,
    })),
  };
}

function recordInterface(record: RecordView): TopLevel {
  const members = record.fields.map(memberSignature);
  if (record.additionalFields) members.push(otherMembers(record.additionalFields, members));
  return exported({ kind: 'interface', name: symbols.recordType(record.key), members }, record.docs);
}

/**
 * An open record's index signature. TypeScript holds each named member to it, so it takes their types too
 * (`& Record<string, T>` would instead make a value with its named members impossible to write).
 */
function otherMembers(type: TypeIr, named: readonly PropertySignature[]): PropertySignature {
  const others = typeExpression(type);
  const all =
    others.kind === 'reference' && others.name === 'unknown'
      ? others
      : union([others, ...named.map((member) => member.type)]);
  return { name: 'key', index: true, type: dedupe(all) };
}

/** A union without repeated members (each printed once). */
function dedupe(type: TypeNode): TypeNode {
  if (type.kind !== 'union') return type;
  const seen = new Map(type.types.map((member) => [JSON.stringify(member), member]));
  return union([...seen.values()]);
}

/**
 * A member whose type is missing is `void` (a response without a body). An optional member also
 * takes `undefined`, as the zod schemas' output does: under exactOptionalPropertyTypes a handler's
 * input (`{...body, id}`) is then assignable to the record it creates.
 */
function memberSignature(member: MemberView): PropertySignature {
  const type = member.events ? eventUnion(member.events) : member.type ? typeExpression(member.type) : typeRef('void');
  return {
    name: member.name,
    type: member.optional ? union([type, typeRef('undefined')]) : type,
    optional: member.optional,
    docs: member.description,
  };
}

/** Per route: parameters, body and the body of each response by status. */
function routeTypes(route: RouteView): TopLevel[] {
  const name = (part: RoutePart) => symbols.routeType(route.name, part);
  const statements = route.groups
    .filter((group) => group.params.length > 0)
    .map(({ part, params }) => exported({ kind: 'interface', name: name(part), members: params.map(memberSignature) }));
  if (route.body)
    statements.push(exported({ kind: 'type-alias', name: name('Body'), type: typeExpression(route.body) }));
  statements.push(
    exported({ kind: 'interface', name: name('Responses'), members: route.responses.map(memberSignature) }, route.docs),
  );
  if (route.responseHeaders.length > 0) {
    // The headers a handler sets and a client reads, by response: all declared but Location, which the runtime fills.
    const members = route.responseHeaders.map(({ key, headers }) => ({
      name: key,
      type: typeLiteral(headers.map(memberSignature)),
    }));
    statements.push(exported({ kind: 'interface', name: name('ResponseHeaders'), members }));
  }
  return statements;
}

/** One event of an event stream, `{ event: 'name'; data: Data; id?: string }`, for each of its events. */
function eventUnion(stream: EventStreamIr): TypeNode {
  return union(
    stream.events.map((event) =>
      typeLiteral([
        { name: 'event', type: stringType(event.name) },
        { name: 'data', type: typeExpression(event.type) },
        { name: 'id', type: union([typeRef('string'), typeRef('undefined')]), optional: true },
      ]),
    ),
  );
}
