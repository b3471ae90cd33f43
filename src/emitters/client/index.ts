// The `client` emitter: per interface a typed client class, one method per route, over the
// runtime's one client (auth flows, GET bodies, json:api decoding, errors).
import { Scope, StructureKind, VariableDeclarationKind, type MethodDeclarationStructure, type OptionalKind, type StatementStructures } from 'ts-morph';
import { camelCase, pascalCase } from '../../ir/names.js';
import type { ModuleIr, ParameterIr, RouteIr } from '../../ir/types.js';
import { interfaceModules, type Emitter, type GeneratedFile } from '../contract.js';
import { metaNames } from '../metadata/index.js';
import { docs, printStatements } from '../shared/typescript.js';
import { routeSchemaNames } from '../zod/names.js';
import { clientResult, type ClientResult } from './results.js';

export const clientEmitter: Emitter = {
  name: 'client',
  description: 'typed clients with their auth flows, one method per route',
  emit: ({ ir }) => interfaceModules(ir).map(emitClient),
};

const AUTH_TYPES = { oauth2: 'OAuthCredentials', 'access-key': 'AccessKeyCredentials', digest: 'DigestCredentials' } as const;

function emitClient(module: ModuleIr): GeneratedFile {
  const path = `${module.name}/client.ts`;
  const prefix = pascalCase(module.name);
  const names = metaNames(module);
  const results = new Map(module.routes.map((route) => [route.name, clientResult(module, route)]));
  const runtimeTypes = ['CallOptions', 'ClientOptions', ...([...results.values()].some((result) => result.paged) ? ['Page'] : [])];
  const authTypes = [...new Set(module.auth.map((scheme) => AUTH_TYPES[scheme.type]))].sort();
  const statements: StatementStructures[] = [
    ...(authTypes.length > 0 ? [{ kind: StructureKind.ImportDeclaration as const, isTypeOnly: true, moduleSpecifier: '../runtime/client-auth.js', namedImports: authTypes }] : []),
    { kind: StructureKind.ImportDeclaration, moduleSpecifier: '../runtime/client.js', namedImports: ['ClientCore', ...runtimeTypes.map((name) => `type ${name}`)] },
    { kind: StructureKind.ImportDeclaration, moduleSpecifier: './metadata.js', namedImports: [names.meta, names.routes] },
    { kind: StructureKind.ImportDeclaration, moduleSpecifier: './schemas.js', namespaceImport: 'schemas' },
    { kind: StructureKind.ImportDeclaration, isTypeOnly: true, moduleSpecifier: './types.js', namespaceImport: 'types' },
    {
      kind: StructureKind.Interface,
      name: `${prefix}ClientOptions`,
      isExported: true,
      extends: ["Omit<ClientOptions, 'auth'>"],
      properties: [
        {
          name: 'auth',
          isReadonly: true,
          docs: ['Credentials per auth scheme.'],
          type: `{ ${module.auth.map((scheme) => `readonly ${scheme.name}: ${AUTH_TYPES[scheme.type]}`).join('; ')} }`,
        },
      ],
    },
    {
      kind: StructureKind.VariableStatement,
      declarationKind: VariableDeclarationKind.Const,
      declarations: [{ name: 'responseSchemas', initializer: `{\n${module.routes.map((route) => `${route.name}: schemas.${routeSchemaNames(route).responses}`).join(',\n')}\n}` }],
    },
    {
      kind: StructureKind.Class,
      name: `${prefix}Client`,
      isExported: true,
      docs: [`A typed client of the ${module.interface?.title ?? module.name}: one method per route; auth is handled for you.`],
      properties: [{ name: 'core', scope: Scope.Private, isReadonly: true, type: 'ClientCore' }],
      ctors: [
        {
          parameters: [{ name: 'options', type: `${prefix}ClientOptions` }],
          statements: [`this.core = new ClientCore({ meta: ${names.meta}, routes: ${names.routes}, responseSchemas }, options);`],
        },
      ],
      methods: module.routes.map((route) => clientMethod(route, results.get(route.name) as ClientResult)),
    },
  ];
  return { path, content: printStatements(path, statements), source: module.sourceFile, format: true };
}

function clientMethod(route: RouteIr, result: ClientResult): OptionalKind<MethodDeclarationStructure> {
  const prefix = pascalCase(route.name);
  const members: { text: string; required: boolean }[] = [];
  const group = (key: string, params: readonly ParameterIr[], suffix: string) => {
    if (params.length === 0) return;
    const required = params.some((param) => param.required && param.default === undefined);
    members.push({ text: `readonly ${key}${required ? '' : '?'}: types.${prefix}${suffix}`, required });
  };
  group('params', route.pathParams, 'PathParams');
  group('query', route.query, 'Query');
  group('headers', route.headers, 'Headers');
  if (route.body) members.push({ text: `readonly body${route.bodyRequired ? '' : '?'}: types.${prefix}Body`, required: route.bodyRequired });
  const inputRequired = members.some((member) => member.required);
  const inputType = members.length > 0 ? `{ ${members.map((member) => member.text).join('; ')} }` : 'Record<string, never>';
  return {
    name: camelCase(route.name),
    docs: docs(route.summary ?? route.description),
    parameters: [
      { name: 'input', type: inputType, ...(inputRequired ? {} : { initializer: '{}' }) },
      { name: 'options', type: 'CallOptions', hasQuestionToken: true },
    ],
    returnType: `Promise<${result.type}>`,
    statements: [`return this.core.${result.paged ? 'page' : 'call'}<${result.paged ? result.itemType : result.type}>('${route.name}', input, options);`],
  };
}
