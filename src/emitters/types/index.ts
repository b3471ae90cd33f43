// The `types` emitter: one types.ts per module with its records and, per route, the parameters,
// body and responses, as plain TypeScript (no runtime dependency).
import { StructureKind, type InterfaceDeclarationStructure, type OptionalKind, type PropertySignatureStructure, type StatementStructures } from 'ts-morph';
import { pascalCase, propertyKey } from '../../ir/names.js';
import type { FieldIr, ModuleIr, ParameterIr, RecordIr, RouteIr } from '../../ir/types.js';
import type { Emitter, GeneratedFile } from '../contract.js';
import { crossModuleImports, recordTypeName, referencedRecords } from '../shared/imports.js';
import { docs, printStatements } from '../shared/typescript.js';
import { typeExpression } from './type-expression.js';

export const typesEmitter: Emitter = {
  name: 'types',
  description: 'TypeScript types of records, route parameters, bodies and responses',
  emit: ({ ir }) => ir.modules.map(emitModuleTypes),
};

function emitModuleTypes(module: ModuleIr): GeneratedFile {
  const path = `${module.name}/types.ts`;
  const statements: StatementStructures[] = [
    ...crossModuleImports({ fromModule: module.name, records: moduleRecordReferences(module), file: 'types', nameOf: recordTypeName, typeOnly: true }),
    ...module.records.map(recordInterface),
    ...module.routes.flatMap(routeTypes),
  ];
  return { path, content: printStatements(path, statements), source: module.sourceFile, format: true };
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

function recordInterface(record: RecordIr): InterfaceDeclarationStructure {
  return {
    kind: StructureKind.Interface,
    name: recordTypeName(record.key),
    isExported: true,
    docs: docs(record.description),
    properties: record.fields.map(fieldProperty),
  };
}

function fieldProperty(field: FieldIr): OptionalKind<PropertySignatureStructure> {
  return {
    name: propertyKey(field.name),
    type: typeExpression(field.type),
    hasQuestionToken: !field.required,
    docs: docs(field.description),
  };
}

function parameterProperty(param: ParameterIr): OptionalKind<PropertySignatureStructure> {
  return {
    name: propertyKey(param.name),
    type: typeExpression(param.type),
    hasQuestionToken: !param.required || param.default !== undefined,
    docs: docs(param.description),
  };
}

/** Per route: parameters, body and the body of each response by status. */
function routeTypes(route: RouteIr): StatementStructures[] {
  const prefix = pascalCase(route.name);
  const statements: StatementStructures[] = [];
  const group = (suffix: string, params: readonly ParameterIr[]) => {
    if (params.length === 0) return;
    statements.push({ kind: StructureKind.Interface, name: `${prefix}${suffix}`, isExported: true, properties: params.map(parameterProperty) });
  };
  group('PathParams', route.pathParams);
  group('Query', route.query);
  group('Headers', route.headers);
  if (route.body) {
    statements.push({ kind: StructureKind.TypeAlias, name: `${prefix}Body`, isExported: true, type: typeExpression(route.body) });
  }
  statements.push({
    kind: StructureKind.Interface,
    name: `${prefix}Responses`,
    isExported: true,
    docs: docs(route.summary ?? route.description),
    properties: route.responses.map((response) => ({
      name: String(response.status),
      type: response.body ? typeExpression(response.body) : 'void',
      docs: docs(response.description),
    })),
  });
  return statements;
}
