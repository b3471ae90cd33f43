// The `server` emitter: per interface a typed handler interface (one method per route) and a
// Fastify plugin factory that binds the handlers to the runtime's one server implementation.
// The per-route parts are printed one by one, remembered by a small view of the route.
import { camelCase, pascalCase } from '../../ir/names.js';
import type { ModuleIr, RouteIr } from '../../ir/types.js';
import { interfaceModules, type Emitter, type GeneratedFile } from '../contract.js';
import { metaNames } from '../metadata/index.js';
import { call, exported, functionType, id, local, object, path, property, typeLiteral, typeOf, typeRef, union, type MethodSignature, type TopLevel, type TypeNode } from '../shared/code/ast.js';
import { printFile } from '../shared/code/print-file.js';
import { interfacePiece, objectPiece, pieceRefs, printWithPieces } from '../shared/code/print-pieces.js';
import { routeSchemaNames } from '../zod/names.js';
import { handlerResultShape, handlerResultType, hasSessions } from './handler-types.js';

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
  const views = module.routes.map((route) => handlerView(module, route, sessions));
  const usesListResult = views.some((view) => view.result.counted);
  const usesBodyEntries = views.some((view) => view.bodyEntries);
  const handlerPieces = views.map((view) => interfacePiece('server/handler', view.name, view, handlerMethod));
  const tablePieces = views.map(({ name, inputs, bodyEntries }) => objectPiece('server/route-schemas', name, { name, inputs, bodyEntries }, routeSchemasRow));
  const authTypes = [...new Set(authOptions.map((option) => option.type))].sort();
  const statements: (TopLevel | string)[] = [
    { declaration: { kind: 'import', typeOnly: true, from: 'fastify', names: ['FastifyPluginAsync', 'FastifyRequest'] } },
    { declaration: { kind: 'import', typeOnly: true, from: 'zod', names: ['z'] } },
    ...(usesListResult ? [{ declaration: { kind: 'import' as const, typeOnly: true, from: '../runtime/responses.js', names: ['ListResult'] } }] : []),
    ...(usesBodyEntries ? [{ declaration: { kind: 'import' as const, typeOnly: true, from: '../runtime/body-entries.js', names: ['BodyEntries'] } }] : []),
    ...(authTypes.length > 0 ? [{ declaration: { kind: 'import' as const, typeOnly: true, from: '../runtime/server-auth.js', names: authTypes } }] : []),
    { declaration: { kind: 'import', from: '../runtime/server.js', names: ['createInterfacePlugin', 'type HandlerContext'] } },
    { declaration: { kind: 'import', typeOnly: true, from: '../runtime/throttle.js', names: ['LoginThrottle'] } },
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
        {
          name: 'loginThrottle',
          type: union([typeRef('LoginThrottle'), typeRef('false')]),
          optional: true,
          readonly: true,
          docs: 'Throttles the credential checks handlers run through context.checkCredential; false turns it off.',
        },
        {
          name: 'validateResponses',
          type: typeRef('boolean'),
          optional: true,
          readonly: true,
          docs: 'Judges each handler result by its response definition before sending (default true); a breach is a 500.',
        },
        {
          name: 'development',
          type: typeRef('boolean'),
          optional: true,
          readonly: true,
          docs: 'A result that breaks its definition, undeclared members too, is a 500 naming each bad member. Not in production.',
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

/** The route's inputs, by the handler's name for them. */
function routeInputs(route: RouteIr): HandlerInput[] {
  const inputs: HandlerInput[] = [];
  if (route.pathParams.length > 0) inputs.push('params');
  if (route.query.length > 0) inputs.push('query');
  if (route.headers.length > 0) inputs.push('headers');
  if (route.body) inputs.push('body');
  return inputs;
}

type HandlerInput = 'params' | 'query' | 'headers' | 'body';

/** An input's schema name, and its key in the route schemas table. */
function inputSchema(routeName: string, input: HandlerInput): { schema: string; key: string } {
  const names = routeSchemaNames({ name: routeName });
  if (input === 'params') return { schema: names.pathParams, key: 'pathParams' };
  return { schema: names[input], key: input };
}

type HandlerView = ReturnType<typeof handlerView>;

function handlerView(module: ModuleIr, route: RouteIr, sessions: boolean) {
  return {
    name: route.name,
    docs: route.summary ?? route.description,
    inputs: routeInputs(route),
    bodyEntries: route.bodyEntries === 'each',
    result: handlerResultShape(module, route),
    sessions,
  };
}

function handlerMethod(view: HandlerView): { readonly method: true } & MethodSignature {
  return {
    method: true,
    name: camelCase(view.name),
    docs: view.docs,
    params: [
      { name: 'input', type: typeLiteral(view.inputs.map((name) => ({ name, type: inputType(view, name), readonly: true }))) },
      { name: 'context', type: typeRef('HandlerContext', view.sessions ? [typeRef('Session')] : []) },
    ],
    returns: typeRef('Promise', [handlerResultType(view.name, view.result)]),
  };
}

/** What the handler gets for an input: the schema's output; for a body judged entry by entry, each entry's result. */
function inputType(view: HandlerView, input: HandlerInput): TypeNode {
  if (input === 'body' && view.bodyEntries) {
    return typeRef('BodyEntries', [typeRef('z.output', [typeOf(`schemas.${routeSchemaNames(view).bodyEntry}`)])]);
  }
  return typeRef('z.output', [typeOf(`schemas.${inputSchema(view.name, input).schema}`)]);
}

/** `name: { pathParams: schemas.…, …, responses }`: the table's keys differ from the handler input names. */
function routeSchemasRow({ name, inputs, bodyEntries }: Pick<HandlerView, 'name' | 'inputs' | 'bodyEntries'>) {
  const rows = inputs.map((input) => {
    const { schema, key } = inputSchema(name, input);
    return property(key, path(`schemas.${schema}`));
  });
  if (bodyEntries) rows.push(property('bodyEntry', path(`schemas.${routeSchemaNames({ name }).bodyEntry}`)));
  rows.push(property('responses', path(`schemas.${routeSchemaNames({ name }).responses}`)));
  return property(name, object(rows));
}
