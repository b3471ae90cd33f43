// The `types` emitter: one types.ts per module with its records and, per route, the parameters,
// body and responses, as plain TypeScript (no runtime dependency).
import { pascalCase } from '../../ir/names.js';
import type { FieldIr, ModuleIr, ParameterIr, RecordIr, RouteIr } from '../../ir/types.js';
import type { Emitter, GeneratedFile } from '../contract.js';
import { exported, typeRef, type PropertySignature, type TopLevel } from '../shared/code/ast.js';
import { printFile } from '../shared/code/print-file.js';
import { crossModuleImports, recordTypeName, referencedRecords } from '../shared/imports.js';
import { typeExpression } from './type-expression.js';

export const typesEmitter: Emitter = {
  name: 'types',
  description: 'TypeScript types of records, route parameters, bodies and responses',
  emit: ({ ir }) => ir.modules.map(emitModuleTypes),
};

function emitModuleTypes(module: ModuleIr): GeneratedFile {
  const statements: TopLevel[] = [
    ...crossModuleImports({ fromModule: module.name, records: moduleRecordReferences(module), file: 'types', nameOf: recordTypeName, typeOnly: true }),
    ...module.records.map(recordInterface),
    ...module.routes.flatMap(routeTypes),
  ];
  return { path: `${module.name}/types.ts`, content: printFile(statements), source: module.sourceFile, format: false };
}

export function moduleRecordReferences(module: ModuleIr): Set<string> {
  const keys = new Set<string>();
  for (const record of module.records) for (const field of record.fields) referencedRecords(field.type, keys);
  for (const route of module.routes) {
    for (const param of [...route.pathParams, ...route.query, ...route.headers]) referencedRecords(param.type, keys);
    if (route.body) referencedRecords(route.body, keys);
    for (const response of route.responses) if (response.body) referencedRecords(response.body, keys);
  }
  return keys;
}

function recordInterface(record: RecordIr): TopLevel {
  return exported({ kind: 'interface', name: recordTypeName(record.key), members: record.fields.map(fieldProperty) }, record.description);
}

function fieldProperty(field: FieldIr): PropertySignature {
  return { name: field.name, type: typeExpression(field.type), optional: !field.required, docs: field.description };
}

function parameterProperty(param: ParameterIr): PropertySignature {
  return { name: param.name, type: typeExpression(param.type), optional: !param.required || param.default !== undefined, docs: param.description };
}

/** Per route: parameters, body and the body of each response by status. */
function routeTypes(route: RouteIr): TopLevel[] {
  const prefix = pascalCase(route.name);
  const statements: TopLevel[] = [];
  const group = (suffix: string, params: readonly ParameterIr[]) => {
    if (params.length > 0) statements.push(exported({ kind: 'interface', name: `${prefix}${suffix}`, members: params.map(parameterProperty) }));
  };
  group('PathParams', route.pathParams);
  group('Query', route.query);
  group('Headers', route.headers);
  if (route.body) statements.push(exported({ kind: 'type-alias', name: `${prefix}Body`, type: typeExpression(route.body) }));
  const responses = route.responses.map((response): PropertySignature => ({
    name: response.status,
    type: response.body ? typeExpression(response.body) : typeRef('void'),
    docs: response.description,
  }));
  statements.push(exported({ kind: 'interface', name: `${prefix}Responses`, members: responses }, route.summary ?? route.description));
  return statements;
}
