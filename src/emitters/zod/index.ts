// The `zod` emitter: one schemas.ts per module with a schema per record and, per route, schemas
// for path, query, headers, body and each response body.
import { StructureKind, VariableDeclarationKind, type StatementStructures, type VariableStatementStructure } from 'ts-morph';
import { compareCodePoints, propertyKey } from '../../ir/names.js';
import type { FieldIr, ModuleIr, ParameterIr, RecordIr, RouteIr, TypeIr } from '../../ir/types.js';
import type { Emitter, GeneratedFile } from '../contract.js';
import { crossModuleImports, referencedRecords } from '../shared/imports.js';
import { docs, printStatements } from '../shared/typescript.js';
import { moduleRecordReferences } from '../types/index.js';
import { recordSchemaName, schemaExpression, usedHelpers, type Reading, type RecordLookup } from './schema-expression.js';
import { routeSchemaNames } from './names.js';

export const zodEmitter: Emitter = {
  name: 'zod',
  description: 'zod 4 schemas of records and of each route\'s path, query, headers, body and responses',
  emit: ({ ir }) => ir.modules.map((module) => emitModuleSchemas(module, ir.records)),
};

function emitModuleSchemas(module: ModuleIr, records: RecordLookup): GeneratedFile {
  const path = `${module.name}/schemas.ts`;
  const declarations = [...module.records.map((record) => recordSchema(record, records)), ...module.routes.flatMap((route) => routeSchemas(route, records))];
  const helpers = [...new Set(declarations.flatMap((statement) => usedHelpers(initializerText(statement))))].sort(compareCodePoints);
  const statements: StatementStructures[] = [
    { kind: StructureKind.ImportDeclaration, moduleSpecifier: 'zod', namedImports: ['z'] },
    ...(helpers.length > 0 ? [{ kind: StructureKind.ImportDeclaration as const, moduleSpecifier: '../runtime/zod-text.js', namedImports: helpers }] : []),
    ...crossModuleImports({ fromModule: module.name, records: moduleRecordReferences(module), file: 'schemas', nameOf: recordSchemaName, typeOnly: false }),
    ...declarations,
  ];
  return { path, content: printStatements(path, statements), source: module.sourceFile, format: true };
}

function initializerText(statement: VariableStatementStructure): string {
  return statement.declarations.map((declaration) => String(declaration.initializer ?? '')).join('\n');
}

function constant(name: string, initializer: string, description?: string): VariableStatementStructure {
  return {
    kind: StructureKind.VariableStatement,
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: docs(description),
    declarations: [{ name, initializer }],
  };
}

/** Record fields that name records are getters, so records may refer to each other in any order. */
function recordSchema(record: RecordIr, records: RecordLookup): VariableStatementStructure {
  const members = record.fields.map((field) => {
    const expression = fieldSchema(field, records);
    return referencedRecords(field.type).size > 0
      ? `get ${propertyKey(field.name)}() { return ${expression}; }`
      : `${propertyKey(field.name)}: ${expression}`;
  });
  return constant(recordSchemaName(record.key), `z.strictObject({\n${members.join(',\n')}\n})`, record.description);
}

function fieldSchema(field: FieldIr, records: RecordLookup): string {
  return withPresence(schemaExpression(field.type, 'json', records), field.required, field.default);
}

function withPresence(expression: string, required: boolean, defaultValue: unknown): string {
  if (defaultValue !== undefined) return `${expression}.default(${JSON.stringify(defaultValue)})`;
  return required ? expression : `${expression}.optional()`;
}

function parameterSchema(param: ParameterIr, reading: Reading, records: RecordLookup): string {
  const expression = param.style === 'json' ? `jsonText(${schemaExpression(param.type, 'json', records)})` : schemaExpression(param.type, reading, records);
  return withPresence(expression, param.required, param.default);
}

function parameterObject(params: readonly ParameterIr[], reading: Reading, strict: boolean, records: RecordLookup): string {
  const members = params.map((param) => `${propertyKey(param.name)}: ${parameterSchema(param, reading, records)}`);
  return `${strict ? 'z.strictObject' : 'z.object'}({\n${members.join(',\n')}\n})`;
}

function routeSchemas(route: RouteIr, records: RecordLookup): VariableStatementStructure[] {
  const names = routeSchemaNames(route);
  const statements: VariableStatementStructure[] = [];
  if (route.pathParams.length > 0) statements.push(constant(names.pathParams, parameterObject(route.pathParams, 'text', true, records)));
  // Query and headers tolerate members they do not name: proxies and browsers add their own.
  if (route.query.length > 0) statements.push(constant(names.query, parameterObject(route.query, 'text', false, records)));
  if (route.headers.length > 0) statements.push(constant(names.headers, parameterObject(route.headers, 'text', false, records)));
  if (route.body) statements.push(constant(names.body, bodySchema(route.body, records)));
  const responses = route.responses.map((response) => `${response.status}: ${response.body ? schemaExpression(response.body, 'json', records) : 'z.undefined()'}`);
  statements.push(constant(names.responses, `{\n${responses.join(',\n')}\n} as const`));
  return statements;
}

function bodySchema(type: TypeIr, records: RecordLookup): string {
  return schemaExpression(type, 'json', records);
}
