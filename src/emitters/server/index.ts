// The `server` emitter: per interface a typed handler interface (one method per route) and a
// Fastify plugin factory that binds the handlers to the runtime's one server implementation. Each
// route's handler method and schemas row are a part, printed from what they are made from (handlerView).
import { symbols, type RoutePart } from '../../ir/symbols.js';
import type { AuthSchemeIr, ModuleIr, RecordIr, RecordKey, RouteIr } from '../../ir/types.js';
import { interfaceModules, moduleParts, type Emitter } from '../contract.js';
import { part, type PartedFile } from '../parts.js';
import {
  array,
  call,
  exported,
  functionType,
  id,
  local,
  object,
  path,
  property,
  stringType,
  typeLiteral,
  typeOf,
  typeRef,
  union,
  type MethodSignature,
  type PropertySignature,
  type MemberText,
  type TopLevel,
  type TypeNode,
} from '../shared/code/ast.js';
import { printFile, interfaceMemberText, objectMemberText } from '../shared/code/print-file.js';
import { runtimeImports } from '../shared/imports.js';
import { hasFormBodySchema, routeInputs, type RouteInput } from '../shared/route-inputs.js';
import { handlerResultShape, handlerResultType, hasSessions } from './handler-types.js';
import { moduleWire } from '../wire/index.js';
import { routeDocs } from '../shared/doc-text.js';

/** Fastify plugins with a typed handler interface per interface. */
export const serverEmitter: Emitter = ({ ir }) => interfaceModules(ir).map((module) => emitServer(module, ir.records));

/** A route's method of the handlers interface and its row of the route schemas table. */
type RouteMembers = { readonly method: MemberText; readonly row: MemberText };

function emitServer(module: ModuleIr, records: ReadonlyMap<RecordKey, RecordIr>): PartedFile<RouteMembers> {
  const sessions = hasSessions(module);
  const views = module.routes.map((route) => handlerView(module, route, sessions, records));
  const parts = views.map((view) => part('server/route', view.name, view, printRouteMembers));
  return moduleParts(module, 'server', parts, (members) =>
    printFile(serverStatements(module, sessions, views, members)),
  );
}

/** The server file's statements, its routes' members printed already. */
function serverStatements(
  module: ModuleIr,
  sessions: boolean,
  views: readonly HandlerView[],
  members: readonly RouteMembers[],
): TopLevel[] {
  const typeParams = sessions ? ['Session'] : undefined;
  const withSession = (name: string) => typeRef(name, sessions ? [typeRef('Session')] : []);
  const [meta, routes] = [symbols.meta(module.name), symbols.routes(module.name)];
  const title = module.interface?.title ?? module.name;
  const authOptions = module.auth.map((scheme) => ({ name: scheme.name, ...schemeRuntime(scheme) }));
  // A principal's kind is its scheme's type (server-auth.ts).
  const principalKinds = [...new Set(module.auth.map((scheme) => scheme.type))];
  const handIn = moduleWire(module)?.emit.serverHandIn;
  const rows = members.map((member) => member.row);
  const keyed = module.routes.some((route) => route.idempotencyKey !== undefined);
  return [
    {
      declaration: { kind: 'import', typeOnly: true, from: 'fastify', names: ['FastifyPluginAsync', 'FastifyRequest'] },
    },
    { declaration: { kind: 'import', typeOnly: true, from: 'zod', names: ['z'] } },
    ...runtimeImports([
      ...(views.some((view) => view.result.counted)
        ? [{ module: 'server/responses', names: ['type ListResult'] }]
        : []),
      ...(views.some((view) => view.result.answers)
        ? [{ module: 'server/respond', names: ['type DeclaredAnswers'] }]
        : []),
      ...(views.some((view) => view.bodyEntries)
        ? [{ module: 'server/body-entries', names: ['type BodyEntries'] }]
        : []),
      ...mediaImports(module),
      ...authOptions.map(({ module, value, type }) => ({ module, names: [value, `type ${type}`] })),
      ...(handIn ? [{ module: handIn.module, names: [handIn.value] }] : []),
      ...(keyed ? [{ module: 'stores/idempotency', names: ['type IdempotencyOptions'] }] : []),
      { module: 'server/server', names: ['createInterfacePlugin', 'type HandlerContext'] },
      { module: 'server/cors', names: ['type CorsOptions'] },
      ...(principalKinds.length > 0 ? [{ module: 'auth/server-auth', names: ['type PrincipalOf'] }] : []),
      { module: 'stores/throttle', names: ['type LoginThrottle'] },
    ]),
    { declaration: { kind: 'import', from: './metadata.js', names: [meta, routes] } },
    { declaration: { kind: 'import', from: './schemas.js', namespace: 'schemas' } },
    { declaration: { kind: 'import', typeOnly: true, from: './types.js', namespace: 'types' } },
    exported(
      {
        kind: 'type-alias',
        name: symbols.handlerContext(module.name),
        typeParams,
        type: typeRef('HandlerContext', [
          sessions ? typeRef('Session') : typeRef('unknown'),
          principalKinds.length > 0
            ? typeRef('PrincipalOf', [union(principalKinds.map(stringType))])
            : typeRef('never'),
        ]),
      },
      `What a handler gets beside its input: its principal comes from one of the ${title}'s auth schemes.`,
    ),
    exported(
      {
        kind: 'interface',
        name: symbols.handlers(module.name),
        typeParams,
        members: members.map((member) => member.method),
      },
      `The business logic of the ${title}: one method per route. Return records or throw the runtime's typed errors (NotFound, Validation, ParameterMissing, Forbidden); envelopes and error bodies are made for you.${
        views.some((view) => view.result.answers)
          ? " A route's own error responses are sent with respond(status, body) (runtime/server/respond.ts)."
          : ''
      }`,
    ),
    // An API without auth schemes has no credential checks to give: no auth options at all, so that
    // nothing a team writes under `auth` type-checks.
    ...(authOptions.length === 0
      ? []
      : [
          exported(
            {
              kind: 'interface',
              name: symbols.authOptions(module.name),
              typeParams,
              members: authOptions.map((option) => ({
                name: option.name,
                type: typeRef(option.type, option.type === 'ApiKeySessionOptions' ? [typeRef('Session')] : []),
                readonly: true,
              })),
            },
            'Credential checks and stores, per auth scheme.',
          ),
        ]),
    exported({
      kind: 'interface',
      name: symbols.serverOptions(module.name),
      typeParams,
      members: [
        { name: 'handlers', type: withSession(symbols.handlers(module.name)), readonly: true },
        ...(authOptions.length === 0
          ? []
          : [{ name: 'auth', type: withSession(symbols.authOptions(module.name)), readonly: true }]),
        option(
          'onInternalError',
          functionType(
            [
              { name: 'error', type: typeRef('unknown') },
              { name: 'request', type: typeRef('FastifyRequest') },
            ],
            typeRef('void'),
          ),
          "Called with errors that are not the client's fault.",
        ),
        option(
          'loginThrottle',
          union([typeRef('LoginThrottle'), typeRef('false')]),
          'Throttles the credential checks handlers run through context.checkCredential; false turns it off.',
        ),
        option(
          'publicOrigin',
          typeRef('string'),
          'scheme://host[:port] of Location values and links. Default: the address the request arrived at, never Host.',
        ),
        option(
          'trustedHosts',
          typeRef('ReadonlyArray', [typeRef('string')]),
          'Host header values (host[:port]) that may stand for the origin of a request instead.',
        ),
        option(
          'validateResponses',
          typeRef('boolean'),
          'Judges each handler result by its response definition before sending (default true); a breach is a 500.',
        ),
        option(
          'development',
          typeRef('boolean'),
          'A result that breaks its definition, undeclared members too, is a 500 naming each bad member. Not in production.',
        ),
        option(
          'cors',
          typeRef('CorsOptions'),
          "Allows cross-origin calls from these origins' pages (browsers); default none.",
        ),
        ...(keyed
          ? [
              option(
                'idempotency',
                typeRef('IdempotencyOptions'),
                'Where responses to idempotency keys are kept, and how long (default: in memory, 24 hours).',
              ),
            ]
          : []),
      ],
    }),
    local({ kind: 'const', name: 'routeSchemas', value: object(rows, { expanded: true }) }),
    exported(
      {
        kind: 'function',
        name: symbols.plugin(module.name),
        typeParams,
        params: [{ name: 'options', type: withSession(symbols.serverOptions(module.name)) }],
        returns: typeRef('FastifyPluginAsync'),
        body: [
          {
            kind: 'return',
            value: call('createInterfacePlugin', [
              object([
                property('meta', id(meta)),
                property('routes', id(routes)),
                property('schemas', id('routeSchemas')),
                ...(authOptions.length > 0
                  ? [property('authSchemes', object(authOptions.map(({ name, value }) => property(name, id(value)))))]
                  : []),
                ...(handIn ? [property('jsonApi', id(handIn.value))] : []),
                ...(streamedMedia(module).length > 0
                  ? [property('media', array(streamedMedia(module).map(({ value }) => id(value))))]
                  : []),
              ]),
              id('options'),
            ]),
          },
        ],
      },
      `The ${title} as a Fastify plugin: register it on a Fastify 5 instance.`,
    ),
  ];
}

/** The streamed bodies and responses the API uses: their runtime module, value for the plugin, and handler types. */
function streamedMedia(module: ModuleIr): { module: string; value: string; types: string[] }[] {
  const uploads = module.routes.some((route) => route.upload);
  const downloads = module.routes.some((route) => route.responses.some((response) => response.file));
  const forms = module.routes.some((route) => route.multipart);
  const events = module.routes.some((route) => route.responses.some((response) => response.events));
  return [
    ...(uploads || downloads
      ? [{ module: 'server/octet-stream', value: 'fileMedia', types: downloads ? ['type FileResponse'] : [] }]
      : []),
    ...(forms ? [{ module: 'server/multipart', value: 'multipartMedia', types: ['type MultipartBody'] }] : []),
    ...(events
      ? [{ module: 'server/event-stream', value: 'eventStreamMedia', types: ['type EventStreamResponse'] }]
      : []),
  ];
}

/** What the generated server imports for them: the media values, and the types its handlers take and give. */
function mediaImports(module: ModuleIr): { module: string; names: string[] }[] {
  const uploads = module.routes.some((route) => route.upload);
  return [
    ...streamedMedia(module).map(({ module, value, types }) => ({ module, names: [value, ...types] })),
    ...(uploads ? [{ module: 'server/uploaded-file', names: ['type UploadedFile'] }] : []),
  ];
}

/** An optional setting of the server options. */
function option(name: string, type: TypeNode, docs: string): PropertySignature {
  return { name, type, docs, optional: true, readonly: true };
}

/**
 * The runtime module of an auth scheme, the scheme object the plugin gets from it and the options type a
 * server takes for it: only what the scheme needs (no session hooks without sessions, jose only for JWTs).
 */
function schemeRuntime(scheme: AuthSchemeIr): { module: string; value: string; type: string } {
  switch (scheme.type) {
    case 'oauth2':
      return {
        module: 'auth/oauth/oauth-scheme',
        value: 'oauthScheme',
        // Only the password grant checks users' passwords (verifyPassword).
        type: scheme.grants.some((grant) => grant.grant === 'password') ? 'OAuthOptions' : 'OAuthClientOptions',
      };
    case 'bearer':
      return scheme.jwt
        ? { module: 'auth/bearer/bearer-jwt', value: 'jwtBearerScheme', type: 'JwtBearerOptions' }
        : { module: 'auth/bearer/bearer-server', value: 'bearerScheme', type: 'BearerOptions' };
    case 'apiKey':
      return {
        module: 'auth/api-key/api-key-server',
        value: 'apiKeyScheme',
        type: scheme.session ? 'ApiKeySessionOptions' : 'ApiKeyOptions',
      };
    case 'basic':
      return { module: 'auth/basic/basic-server', value: 'basicScheme', type: 'BasicOptions' };
    case 'digest':
      return { module: 'auth/digest/digest-server', value: 'digestScheme', type: 'DigestOptions' };
  }
}

type HandlerView = ReturnType<typeof handlerView>;

/** A route's method of the handlers interface and its row of the route schemas table, both one body deep. */
function printRouteMembers(view: HandlerView): RouteMembers {
  return {
    method: interfaceMemberText(handlerMethod(view), 1),
    row: objectMemberText(routeSchemasRow(view), 1),
  };
}

function handlerView(module: ModuleIr, route: RouteIr, sessions: boolean, records: ReadonlyMap<RecordKey, RecordIr>) {
  return {
    name: route.name,
    docs: routeDocs(route),
    inputs: routeInputs(route),
    bodyEntries: route.bodyEntries === 'each',
    formBody: hasFormBodySchema(route, records),
    upload: route.upload && { mediaTypes: route.upload.mediaTypes },
    multipart: route.multipart && {
      files: route.multipart.files.map((part) => part.name),
      fileMediaTypes: route.multipart.files.map((part) => ({ name: part.name, type: mediaTypeUnion(part.mediaTypes) })),
      fields: route.multipart.fields.map((part) => part.name),
    },
    bodyOptional: !route.bodyRequired,
    result: handlerResultShape(module, route),
    sessions,
    context: symbols.handlerContext(module.name),
  };
}

function handlerMethod(view: HandlerView): { readonly method: true } & MethodSignature {
  return {
    method: true,
    name: symbols.operation(view.name),
    docs: view.docs,
    params: [
      {
        name: 'input',
        type: typeLiteral(
          view.inputs.map((input) => ({ name: input.input, type: inputType(view, input), readonly: true })),
        ),
      },
      { name: 'context', type: typeRef(view.context, view.sessions ? [typeRef('Session')] : []) },
    ],
    returns: typeRef('Promise', [handlerResultType(view.name, view.result)]),
  };
}

/**
 * What the handler gets for an input: the schema's output; for a body judged entry by entry, each entry's result;
 * for an optional body, undefined when the request has none.
 */
function inputType(view: HandlerView, { input, part }: RouteInput): TypeNode {
  const output = (schema: RoutePart | 'BodyEntry') =>
    typeRef('z.output', [typeOf(`schemas.${symbols.routeSchema(view.name, schema)}`)]);
  if (input !== 'body') return output(part);
  const type = bodyType(view, output(part), output('BodyEntry'));
  return view.bodyOptional ? union([type, typeRef('undefined')]) : type;
}

/** The body as the handler gets it when the request has one: streamed (an upload, a form) or judged by its schema. */
function bodyType(view: HandlerView, whole: TypeNode, entry: TypeNode): TypeNode {
  if (view.upload) return typeRef('UploadedFile', [mediaTypeUnion(view.upload.mediaTypes)]);
  if (view.multipart) {
    const { files, fields, fileMediaTypes } = view.multipart;
    const names = (list: readonly string[]) => (list.length > 0 ? union(list.map(stringType)) : typeRef('never'));
    const mediaTypes = fileMediaTypes.length > 0 ? [typeLiteral(fileMediaTypes)] : [];
    return typeRef('MultipartBody', [names(files), names(fields), ...mediaTypes]);
  }
  return view.bodyEntries ? typeRef('BodyEntries', [entry]) : whole;
}

/**
 * The media types a file may have, as the handler sees them: a union of those declared, or any (`string`) where one
 * is a range (`image/*`), which the definitions cannot declare but an imported document may.
 */
function mediaTypeUnion(mediaTypes: readonly string[]): TypeNode {
  return mediaTypes.some((type) => type.includes('*')) ? typeRef('string') : union(mediaTypes.map(stringType));
}

/** `name: { pathParams: schemas.…, …, responses }`: the table's keys differ from the handler input names. */
function routeSchemasRow(view: HandlerView) {
  const schema = (part: Parameters<typeof symbols.routeSchema>[1]) =>
    path(`schemas.${symbols.routeSchema(view.name, part)}`);
  // An upload or a multipart form has no schema: it goes to the handler as it arrives.
  const rows = view.inputs
    .filter(({ key }) => !((view.upload || view.multipart) && key === 'body'))
    .map(({ key, part }) => property(key, schema(part)));
  if (view.bodyEntries) rows.push(property('bodyEntry', schema('BodyEntry')));
  if (view.formBody) rows.push(property('formBody', schema('FormBody')));
  rows.push(property('responses', schema('Responses')));
  return property(view.name, object(rows));
}
