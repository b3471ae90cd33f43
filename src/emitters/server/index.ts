// The `server` emitter: per interface a typed handler interface (one method per route) and a
// Fastify plugin factory that binds the handlers to the runtime's one server implementation.
// The per-route parts are printed one by one, remembered by a small view of the route.
import { camelCase, pascalCase } from '../../ir/names.js';
import type { ModuleIr, RouteIr } from '../../ir/types.js';
import { interfaceModules, type Emitter, type GeneratedFile } from '../contract.js';
import { metaNames } from '../metadata/index.js';
import { call, exported, functionType, id, local, object, path, property, typeLiteral, typeOf, typeRef, type MethodSignature, type TopLevel, type TypeNode } from '../shared/code/ast.js';
import { printFile } from '../shared/code/print-file.js';
import { interfacePiece, objectPiece, pieceRefs, printWithPieces } from '../shared/code/print-pieces.js';
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
  const results = module.routes.map((route) => ({ route, ...handlerResult(module, route) }));
  const usesListResult = results.some((result) => result.counted);
  const handlerPieces = results.map(({ route, type }) => interfacePiece('server/handler', handlerView(route, type, sessions), handlerMethod));
  const tablePieces = module.routes.map((route) => objectPiece('server/route-schemas', { name: route.name, schemas: routeInputSchemas(route) }, routeSchemasRow));
  const authTypes = [...new Set(authOptions.map((option) => option.type))].sort();
  const statements: (TopLevel | string)[] = [
    { declaration: { kind: 'import', typeOnly: true, from: 'fastify', names: ['FastifyPluginAsync', 'FastifyRequest'] } },
    { declaration: { kind: 'import', typeOnly: true, from: 'zod', names: ['z'] } },
    ...(usesListResult ? [{ declaration: { kind: 'import' as const, typeOnly: true, from: '../runtime/responses.js', names: ['ListResult'] } }] : []),
    ...(authTypes.length > 0 ? [{ declaration: { kind: 'import' as const, typeOnly: true, from: '../runtime/server-auth.js', names: authTypes } }] : []),
    { declaration: { kind: 'import', from: '../runtime/server.js', names: ['createInterfacePlugin', 'type HandlerContext'] } },
    { declaration: { kind: 'import', from: './metadata.js', names: [names.meta, names.routes] } },
    { declaration: { kind: 'import', from: './schemas.js', namespace: 'schemas' } },
    { declaration: { kind: 'import', typeOnly: true, from: './types.js', namespace: 'types' } },
    printWithPieces(
      exported(
        { kind: 'interface', name: `${prefix}Handlers`, typeParams, members: pieceRefs(handlerPieces) },
        `The business logic of the ${title}: one method per route. Return records or throw the runtime's typed errors (NotFound, Validation, ParameterMissing, Forbidden); envelopes and error bodies are made for you.`,
      ),
      handlerPieces,
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
    printWithPieces(local({ kind: 'const', name: 'routeSchemas', value: object(pieceRefs(tablePieces), { expanded: true }) }), tablePieces),
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

/** The route's input schemas by input name (params, query, headers, body). */
function routeInputSchemas(route: RouteIr): [string, string][] {
  const names = routeSchemaNames(route);
  const schemas: [string, string][] = [];
  if (route.pathParams.length > 0) schemas.push(['params', names.pathParams]);
  if (route.query.length > 0) schemas.push(['query', names.query]);
  if (route.headers.length > 0) schemas.push(['headers', names.headers]);
  if (route.body) schemas.push(['body', names.body]);
  return schemas;
}

type HandlerView = ReturnType<typeof handlerView>;

function handlerView(route: RouteIr, result: TypeNode, sessions: boolean) {
  return { name: route.name, docs: route.summary ?? route.description, inputs: routeInputSchemas(route), result, sessions };
}

function handlerMethod(view: HandlerView): { readonly method: true } & MethodSignature {
  return {
    method: true,
    name: camelCase(view.name),
    docs: view.docs,
    params: [
      { name: 'input', type: typeLiteral(view.inputs.map(([name, schema]) => ({ name, type: typeRef('z.output', [typeOf(`schemas.${schema}`)]), readonly: true }))) },
      { name: 'context', type: typeRef('HandlerContext', view.sessions ? [typeRef('Session')] : []) },
    ],
    returns: typeRef('Promise', [view.result]),
  };
}

/** `name: { pathParams: schemas.…, … }`: the table's keys differ from the handler input names. */
function routeSchemasRow({ name, schemas }: { readonly name: string; readonly schemas: readonly [string, string][] }) {
  const key = (input: string) => (input === 'params' ? 'pathParams' : input);
  return property(name, object(schemas.map(([input, schema]) => property(key(input), path(`schemas.${schema}`)))));
}
