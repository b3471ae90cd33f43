// The `server` emitter: per interface a typed handler interface (one method per route) and a
// Fastify plugin factory that binds the handlers to the runtime's one server implementation.
import { camelCase, pascalCase } from '../../ir/names.js';
import type { ModuleIr, RouteIr } from '../../ir/types.js';
import { interfaceModules, type Emitter, type GeneratedFile } from '../contract.js';
import { metaNames } from '../metadata/index.js';
import { call, exported, functionType, id, local, object, path, property, typeLiteral, typeOf, typeRef, type MethodSignature, type PropertySignature, type TopLevel } from '../shared/code/ast.js';
import { printFile } from '../shared/code/print-file.js';
import { routeSchemaNames } from '../zod/names.js';
import { handlerResult, hasSessions } from './handler-types.js';

export const serverEmitter: Emitter = {
  name: 'server',
  description: 'Fastify plugins with a typed handler interface per interface',
  emit: ({ ir }) => interfaceModules(ir).map(emitServer),
};

function emitServer(module: ModuleIr): GeneratedFile {
  const prefix = pascalCase(module.name);
  const plugin = `${camelCase(module.name).replace(/_$/, '')}Plugin`;
  const sessions = hasSessions(module);
  const typeParams = sessions ? ['Session'] : undefined;
  const withSession = (name: string) => typeRef(name, sessions ? [typeRef('Session')] : []);
  const names = metaNames(module);
  const title = module.interface?.title ?? module.name;
  const authOptions = module.auth.map((scheme) => ({
    name: scheme.name,
    type: scheme.type === 'oauth2' ? 'OAuthOptions' : scheme.type === 'digest' ? 'DigestOptions' : 'AccessKeyOptions',
  }));
  const usesListResult = module.routes.some((route) => handlerResult(module, route).counted);
  const authTypes = [...new Set(authOptions.map((option) => option.type))].sort();
  const statements: TopLevel[] = [
    { declaration: { kind: 'import', typeOnly: true, from: 'fastify', names: ['FastifyPluginAsync', 'FastifyRequest'] } },
    { declaration: { kind: 'import', typeOnly: true, from: 'zod', names: ['z'] } },
    ...(usesListResult ? [{ declaration: { kind: 'import' as const, typeOnly: true, from: '../runtime/responses.js', names: ['ListResult'] } }] : []),
    ...(authTypes.length > 0 ? [{ declaration: { kind: 'import' as const, typeOnly: true, from: '../runtime/server-auth.js', names: authTypes } }] : []),
    { declaration: { kind: 'import', from: '../runtime/server.js', names: ['createInterfacePlugin', 'type HandlerContext'] } },
    { declaration: { kind: 'import', from: './metadata.js', names: [names.meta, names.routes] } },
    { declaration: { kind: 'import', from: './schemas.js', namespace: 'schemas' } },
    { declaration: { kind: 'import', typeOnly: true, from: './types.js', namespace: 'types' } },
    exported(
      { kind: 'interface', name: `${prefix}Handlers`, typeParams, members: module.routes.map((route) => ({ method: true as const, ...handlerMethod(module, route, sessions) })) },
      `The business logic of the ${title}: one method per route. Return records or throw the runtime's typed errors (NotFound, Validation, ParameterMissing, Forbidden); envelopes and error bodies are made for you.`,
    ),
    exported(
      {
        kind: 'interface',
        name: `${prefix}AuthOptions`,
        typeParams,
        members: authOptions.map((option) => ({ name: option.name, type: option.type === 'AccessKeyOptions' ? typeRef(option.type, [typeRef(sessions ? 'Session' : 'unknown')]) : typeRef(option.type), readonly: true })),
      },
      'Credential checks and stores, per auth scheme.',
    ),
    exported({
      kind: 'interface',
      name: `${prefix}ServerOptions`,
      typeParams,
      members: [
        { name: 'handlers', type: withSession(`${prefix}Handlers`), readonly: true },
        { name: 'auth', type: withSession(`${prefix}AuthOptions`), readonly: true },
        {
          name: 'onInternalError',
          type: functionType([{ name: 'error', type: typeRef('unknown') }, { name: 'request', type: typeRef('FastifyRequest') }], typeRef('void')),
          optional: true,
          readonly: true,
          docs: 'Called with errors that are not the client\'s fault.',
        },
      ],
    }),
    local({ kind: 'const', name: 'routeSchemas', value: routeSchemasTable(module) }),
    exported(
      {
        kind: 'function',
        name: plugin,
        typeParams,
        params: [{ name: 'options', type: withSession(`${prefix}ServerOptions`) }],
        returns: typeRef('FastifyPluginAsync'),
        body: [
          {
            kind: 'return',
            value: call('createInterfacePlugin', [object([property('meta', id(names.meta)), property('routes', id(names.routes)), property('schemas', id('routeSchemas'))]), id('options')]),
          },
        ],
      },
      `The ${title} as a Fastify plugin: register it on a Fastify 5 instance.`,
    ),
  ];
  return { path: `${module.name}/server.ts`, content: printFile(statements), source: module.sourceFile, format: false };
}

function handlerMethod(module: ModuleIr, route: RouteIr, sessions: boolean): MethodSignature {
  const schemaNames = routeSchemaNames(route);
  const members: PropertySignature[] = [];
  const input = (name: string, schema: string) => members.push({ name, type: typeRef('z.output', [typeOf(`schemas.${schema}`)]), readonly: true });
  if (route.pathParams.length > 0) input('params', schemaNames.pathParams);
  if (route.query.length > 0) input('query', schemaNames.query);
  if (route.headers.length > 0) input('headers', schemaNames.headers);
  if (route.body) input('body', schemaNames.body);
  return {
    name: camelCase(route.name),
    docs: route.summary ?? route.description,
    params: [
      { name: 'input', type: typeLiteral(members) },
      { name: 'context', type: typeRef('HandlerContext', sessions ? [typeRef('Session')] : []) },
    ],
    returns: typeRef('Promise', [handlerResult(module, route).type]),
  };
}

function routeSchemasTable(module: ModuleIr) {
  const rows = module.routes.map((route) => {
    const names = routeSchemaNames(route);
    const parts = [];
    if (route.pathParams.length > 0) parts.push(property('pathParams', path(`schemas.${names.pathParams}`)));
    if (route.query.length > 0) parts.push(property('query', path(`schemas.${names.query}`)));
    if (route.headers.length > 0) parts.push(property('headers', path(`schemas.${names.headers}`)));
    if (route.body) parts.push(property('body', path(`schemas.${names.body}`)));
    return property(route.name, object(parts));
  });
  return object(rows, { expanded: true });
}
