// The `zod` emitter: one schemas.ts per module with a schema per record and, per route, schemas
// for path, query, headers, body and each response body.
import { compareCodePoints } from '../../ir/names.js';
import type { FieldIr, ModuleIr, ParameterIr, RecordIr, RouteIr } from '../../ir/types.js';
import type { Emitter, GeneratedFile } from '../contract.js';
import { asConst, call, exported, getter, jsonValue, method, object, property, type Expr, type ObjectMember, type TopLevel } from '../shared/code/ast.js';
import { printFile } from '../shared/code/print-file.js';
import { crossModuleImports, referencedRecords } from '../shared/imports.js';
import { moduleRecordReferences } from '../types/index.js';
import { recordSchemaName, schemaExpression, usedHelpers, type Reading, type RecordLookup } from './schema-expression.js';
import { routeSchemaNames } from './names.js';

export const zodEmitter: Emitter = {
  name: 'zod',
  description: 'zod 4 schemas of records and of each route\'s path, query, headers, body and responses',
  emit: ({ ir }) => ir.modules.map((module) => emitModuleSchemas(module, ir.records)),
};

interface SchemaConstant {
  readonly name: string;
  readonly value: Expr;
  readonly docs?: string | undefined;
}

function emitModuleSchemas(module: ModuleIr, records: RecordLookup): GeneratedFile {
  const path = `${module.name}/schemas.ts`;
  const constants = [...module.records.map((record) => recordSchema(record, records)), ...module.routes.flatMap((route) => routeSchemas(route, records))];
  const helpers = new Set<string>();
  for (const constant of constants) usedHelpers(constant.value, helpers);
  const statements: TopLevel[] = [
    { declaration: { kind: 'import', from: 'zod', names: ['z'] } },
    ...(helpers.size > 0 ? [{ declaration: { kind: 'import' as const, from: '../runtime/zod-text.js', names: [...helpers].sort(compareCodePoints) } }] : []),
    ...crossModuleImports({ fromModule: module.name, records: moduleRecordReferences(module), file: 'schemas', nameOf: recordSchemaName, typeOnly: false }),
    ...constants.map((constant) => exported({ kind: 'const', name: constant.name, value: constant.value }, constant.docs)),
  ];
  return { path, content: printFile(statements), source: module.sourceFile, format: false };
}

/** Record fields that name records are getters, so records may refer to each other in any order. */
function recordSchema(record: RecordIr, records: RecordLookup): SchemaConstant {
  const members = record.fields.map((field): ObjectMember => {
    const expression = fieldSchema(field, records);
    return referencedRecords(field.type).size > 0 ? getter(field.name, expression) : property(field.name, expression);
  });
  return { name: recordSchemaName(record.key), value: call('z.strictObject', [object(members, { expanded: true })]), docs: record.description };
}

function fieldSchema(field: FieldIr, records: RecordLookup): Expr {
  return withPresence(schemaExpression(field.type, 'json', records), field.required, field.default);
}

function withPresence(expression: Expr, required: boolean, defaultValue: unknown): Expr {
  if (defaultValue !== undefined) return method(expression, 'default', [jsonValue(defaultValue, { expanded: false })]);
  return required ? expression : method(expression, 'optional');
}

function parameterSchema(param: ParameterIr, reading: Reading, records: RecordLookup): Expr {
  const expression = param.style === 'json' ? call('jsonText', [schemaExpression(param.type, 'json', records)]) : schemaExpression(param.type, reading, records);
  return withPresence(expression, param.required, param.default);
}

function parameterObject(params: readonly ParameterIr[], reading: Reading, strict: boolean, records: RecordLookup): Expr {
  const members = params.map((param) => property(param.name, parameterSchema(param, reading, records)));
  return call(strict ? 'z.strictObject' : 'z.object', [object(members, { expanded: true })]);
}

function routeSchemas(route: RouteIr, records: RecordLookup): SchemaConstant[] {
  const names = routeSchemaNames(route);
  const constants: SchemaConstant[] = [];
  if (route.pathParams.length > 0) constants.push({ name: names.pathParams, value: parameterObject(route.pathParams, 'text', true, records) });
  // Query and headers tolerate members they do not name: proxies and browsers add their own.
  if (route.query.length > 0) constants.push({ name: names.query, value: parameterObject(route.query, 'text', false, records) });
  if (route.headers.length > 0) constants.push({ name: names.headers, value: parameterObject(route.headers, 'text', false, records) });
  if (route.body) constants.push({ name: names.body, value: schemaExpression(route.body, 'json', records) });
  const responses = route.responses.map((response) => property(response.status, response.body ? schemaExpression(response.body, 'json', records) : call('z.undefined')));
  constants.push({ name: names.responses, value: asConst(object(responses, { expanded: true })) });
  return constants;
}


