// The `server` emitter: per interface a typed handler interface (one method per route) and a
// Fastify plugin factory that binds the handlers to the runtime's one server implementation.
import { StructureKind, VariableDeclarationKind, type MethodSignatureStructure, type OptionalKind, type StatementStructures } from 'ts-morph';
import { camelCase, pascalCase } from '../../ir/names.js';
import type { ModuleIr, RouteIr } from '../../ir/types.js';
import { interfaceModules, type Emitter, type GeneratedFile } from '../contract.js';
import { metaNames } from '../metadata/index.js';
import { docs, printStatements } from '../shared/typescript.js';
import { routeSchemaNames } from '../zod/names.js';
import { handlerResultType, hasSessions } from './handler-types.js';

export const serverEmitter: Emitter = {
  name: 'server',
  description: 'Fastify plugins with a typed handler interface per interface',
  emit: ({ ir }) => interfaceModules(ir).map(emitServer),
};

function emitServer(module: ModuleIr): GeneratedFile {
  const path = `${module.name}/server.ts`;
  const prefix = pascalCase(module.name);
  const plugin = `${camelCase(module.name).replace(/_$/, '')}Plugin`;
  const sessions = hasSessions(module);
  const generic = sessions ? '<Session>' : '';
  const names = metaNames(module);
  const authOptions = module.auth.map((scheme) => ({
    name: scheme.name,
    type: scheme.type === 'oauth2' ? 'OAuthOptions' : scheme.type === 'digest' ? 'DigestOptions' : sessions ? 'AccessKeyOptions<Session>' : 'AccessKeyOptions<unknown>',
  }));
  const usesListResult = module.routes.some((route) => handlerResultType(module, route).startsWith('ListResult<'));
  const authTypes = [...new Set(authOptions.map((option) => option.type.replace(/<.*>$/, '')))].sort();
  const statements: StatementStructures[] = [
    { kind: StructureKind.ImportDeclaration, isTypeOnly: true, moduleSpecifier: 'fastify', namedImports: ['FastifyPluginAsync', 'FastifyRequest'] },
    { kind: StructureKind.ImportDeclaration, isTypeOnly: true, moduleSpecifier: 'zod', namedImports: ['z'] },
    ...(usesListResult ? [{ kind: StructureKind.ImportDeclaration as const, isTypeOnly: true, moduleSpecifier: '../runtime/responses.js', namedImports: ['ListResult'] }] : []),
    ...(authTypes.length > 0 ? [{ kind: StructureKind.ImportDeclaration as const, isTypeOnly: true, moduleSpecifier: '../runtime/server-auth.js', namedImports: authTypes }] : []),
    { kind: StructureKind.ImportDeclaration, moduleSpecifier: '../runtime/server.js', namedImports: ['createInterfacePlugin', 'type HandlerContext'] },
    { kind: StructureKind.ImportDeclaration, moduleSpecifier: './metadata.js', namedImports: [names.meta, names.routes] },
    { kind: StructureKind.ImportDeclaration, moduleSpecifier: './schemas.js', namespaceImport: 'schemas' },
    { kind: StructureKind.ImportDeclaration, isTypeOnly: true, moduleSpecifier: './types.js', namespaceImport: 'types' },
    {
      kind: StructureKind.Interface,
      name: `${prefix}Handlers${generic}`,
      isExported: true,
      docs: [`The business logic of the ${module.interface?.title ?? module.name}: one method per route. Return records or throw the runtime's typed errors (NotFound, Validation, ParameterMissing, Forbidden); envelopes and error bodies are made for you.`],
      methods: module.routes.map((route) => handlerMethod(module, route, sessions)),
    },
    {
      kind: StructureKind.Interface,
      name: `${prefix}AuthOptions${generic}`,
      isExported: true,
      docs: ['Credential checks and stores, per auth scheme.'],
      properties: authOptions.map((option) => ({ name: option.name, type: option.type, isReadonly: true })),
    },
    {
      kind: StructureKind.Interface,
      name: `${prefix}ServerOptions${generic}`,
      isExported: true,
      properties: [
        { name: 'handlers', type: `${prefix}Handlers${generic}`, isReadonly: true },
        { name: 'auth', type: `${prefix}AuthOptions${generic}`, isReadonly: true },
        { name: 'onInternalError', type: '(error: unknown, request: FastifyRequest) => void', hasQuestionToken: true, isReadonly: true, docs: ['Called with errors that are not the client\'s fault.'] },
      ],
    },
    {
      kind: StructureKind.VariableStatement,
      declarationKind: VariableDeclarationKind.Const,
      declarations: [{ name: 'routeSchemas', initializer: routeSchemasTable(module) }],
    },
    {
      kind: StructureKind.Function,
      name: `${plugin}${generic}`,
      isExported: true,
      docs: [`The ${module.interface?.title ?? module.name} as a Fastify plugin: register it on a Fastify 5 instance.`],
      parameters: [{ name: 'options', type: `${prefix}ServerOptions${generic}` }],
      returnType: 'FastifyPluginAsync',
      statements: [`return createInterfacePlugin({ meta: ${names.meta}, routes: ${names.routes}, schemas: routeSchemas }, options);`],
    },
  ];
  return { path, content: printStatements(path, statements), source: module.sourceFile, format: true };
}

function handlerMethod(module: ModuleIr, route: RouteIr, sessions: boolean): OptionalKind<MethodSignatureStructure> {
  const schemaNames = routeSchemaNames(route);
  const members: string[] = [];
  if (route.pathParams.length > 0) members.push(`readonly params: z.output<typeof schemas.${schemaNames.pathParams}>`);
  if (route.query.length > 0) members.push(`readonly query: z.output<typeof schemas.${schemaNames.query}>`);
  if (route.headers.length > 0) members.push(`readonly headers: z.output<typeof schemas.${schemaNames.headers}>`);
  if (route.body) members.push(`readonly body: z.output<typeof schemas.${schemaNames.body}>`);
  return {
    name: camelCase(route.name),
    docs: docs(route.summary ?? route.description),
    parameters: [
      { name: 'input', type: `{ ${members.join('; ')} }` },
      { name: 'context', type: sessions ? 'HandlerContext<Session>' : 'HandlerContext' },
    ],
    returnType: `Promise<${handlerResultType(module, route)}>`,
  };
}

function routeSchemasTable(module: ModuleIr): string {
  const rows = module.routes.map((route) => {
    const names = routeSchemaNames(route);
    const parts: string[] = [];
    if (route.pathParams.length > 0) parts.push(`pathParams: schemas.${names.pathParams}`);
    if (route.query.length > 0) parts.push(`query: schemas.${names.query}`);
    if (route.headers.length > 0) parts.push(`headers: schemas.${names.headers}`);
    if (route.body) parts.push(`body: schemas.${names.body}`);
    return `${route.name}: { ${parts.join(', ')} }`;
  });
  return `{\n${rows.join(',\n')}\n}`;
}
