// The `client` emitter: per interface a typed client class, one method per route, over the
// runtime's one client (auth flows, GET bodies, json:api decoding, errors). Each route's method and
// response schemas row are a part, printed from what they are made from (clientMethodView).
import { isSuccess } from '../../ir/responses.js';
import { symbols } from '../../ir/symbols.js';
import type { AuthSchemeIr, ModuleIr, RouteIr } from '../../ir/types.js';
import { interfaceModules, moduleParts, type Emitter } from '../contract.js';
import { part, type PartedFile } from '../parts.js';
import {
  assign,
  call,
  exported,
  id,
  indexed,
  literal,
  local,
  member,
  newCall,
  object,
  path,
  property,
  stringType,
  typeLiteral,
  typeRef,
  union,
  type ClassMethod,
  type MemberText,
  type TopLevel,
  type TypeNode,
} from '../shared/code/ast.js';
import { pick } from '../shared/pick.js';
import { classMethodText, printFile, objectMemberText } from '../shared/code/print-file.js';
import { runtimeImports } from '../shared/imports.js';
import { routeInputs, type RouteInput } from '../shared/route-inputs.js';
import { clientResult, pagingOf, resultShape, type Paging } from './results.js';
import { routeResponseType } from '../server/handler-types.js';
import { moduleWire } from '../wire/index.js';
import { routeDocs } from '../shared/doc-text.js';
import { DECLARED_ERROR_IMPORTS, declaredErrorStatements } from './declared-errors.js';

/** Typed clients with their auth flows, one method per route. */
export const clientEmitter: Emitter = ({ ir }) => interfaceModules(ir).map(emitClient);

/** Per auth scheme type: the runtime module of its client side, the scheme object and the credentials type. */
const AUTH_RUNTIME: Record<AuthSchemeIr['type'], { module: string; value: string; type: string }> = {
  oauth2: { module: 'auth/oauth/client-oauth', value: 'oauthClientAuth', type: 'OAuthCredentials' },
  bearer: { module: 'auth/client-auth', value: 'bearerClientAuth', type: 'BearerCredentials' },
  apiKey: { module: 'auth/client-auth', value: 'apiKeyClientAuth', type: 'ApiKeyCredentials' },
  basic: { module: 'auth/client-auth', value: 'basicClientAuth', type: 'BasicCredentials' },
  digest: { module: 'auth/digest/digest-client', value: 'digestClientAuth', type: 'DigestCredentials' },
};

/** The errors a client throws, re-exported by every client so callers can catch them by class. */
export const ERROR_CLASSES = [
  'ApiClientError',
  'NetworkError',
  'RedirectError',
  'RequestNotSentError',
  'ResponseTooLargeError',
  'ResponseValidationError',
  'TimeoutError',
  'UnreadableResponseError',
];

/** A route's method of the client class and its row of the response schemas table. */
type RouteMembers = { readonly methods: readonly MemberText[]; readonly row: MemberText };

function emitClient(module: ModuleIr): PartedFile<RouteMembers> {
  const views = module.routes.map((route) => clientMethodView(module, route));
  const parts = views.map((view) => part('client/route', view.name, view, printRouteMembers));
  return moduleParts(module, 'client', parts, (members) => printFile(clientStatements(module, views, members)));
}

/** The client file's statements, its routes' members printed already. */
function clientStatements(
  module: ModuleIr,
  views: readonly ClientMethodView[],
  members: readonly RouteMembers[],
): TopLevel[] {
  const [meta, routes] = [symbols.meta(module.name), symbols.routes(module.name)];
  const auth = module.auth.map((scheme) => ({ name: scheme.name, ...AUTH_RUNTIME[scheme.type] }));
  const clientOptionsWithoutAuth = typeRef('Omit', [typeRef('ClientOptions'), stringType('auth')]);
  const runtimeTypes = ['CallOptions', 'ClientOptions', ...(views.some((view) => view.result.paged) ? ['Page'] : [])];
  const handIn = moduleWire(module)?.emit.clientHandIn;
  const rows = members.map((member) => member.row);
  // fetch cannot send a GET body: only an API with such routes imports the transport that can (and needs undici).
  const getBodies = module.routes.some((route) => route.method === 'GET' && route.body !== undefined);
  const declaredErrors = declaredErrorStatements(module);
  return [
    ...runtimeImports([
      ...auth.map(({ module, value, type }) => ({ module, names: [value, `type ${type}`] })),
      { module: 'client/client', names: ['ClientCore', ...runtimeTypes.map((name) => `type ${name}`)] },
      ...(handIn ? [{ module: handIn.module, names: [handIn.value] }] : []),
      ...(getBodies ? [{ module: 'client/client-get-body', names: ['undiciGetBody'] }] : []),
      ...fileImports(views),
      ...(declaredErrors.length > 0 ? [DECLARED_ERROR_IMPORTS] : []),
    ]),
    { declaration: { kind: 'import', from: './metadata.js', names: [meta, routes] } },
    { declaration: { kind: 'import', from: './schemas.js', namespace: 'schemas' } },
    { declaration: { kind: 'import', typeOnly: true, from: './types.js', namespace: 'types' } },
    { declaration: { kind: 're-export', from: '../runtime/client/client-errors.js', names: ERROR_CLASSES } },
    // An API without auth schemes takes no credentials: its options have no auth member to mistype.
    exported(
      auth.length === 0
        ? { kind: 'type-alias', name: symbols.clientOptions(module.name), type: clientOptionsWithoutAuth }
        : {
            kind: 'interface',
            name: symbols.clientOptions(module.name),
            extends: [clientOptionsWithoutAuth],
            members: [
              {
                name: 'auth',
                readonly: true,
                optional: true,
                docs: 'Credentials for the auth schemes this caller holds; a route of another scheme is not sent.',
                type: typeLiteral(
                  auth.map(({ name, type }) => ({ name, type: typeRef(type), readonly: true, optional: true })),
                ),
              },
            ],
          },
    ),
    local({ kind: 'const', name: 'responseSchemas', value: object(rows, { expanded: true }) }),
    ...declaredErrors,
    exported(
      {
        kind: 'class',
        name: symbols.client(module.name),
        fields: [{ name: 'core', modifiers: 'private readonly', type: typeRef('ClientCore') }],
        constructorParams: [{ name: 'options', type: typeRef(symbols.clientOptions(module.name)) }],
        constructorBody: [
          {
            kind: 'expression',
            expression: assign(
              path('this.core'),
              newCall('ClientCore', [
                object([
                  property('meta', id(meta)),
                  property('routes', id(routes)),
                  property('responseSchemas', id('responseSchemas')),
                  ...(auth.length > 0
                    ? [property('authSchemes', object(auth.map(({ name, value }) => property(name, id(value)))))]
                    : []),
                  ...(handIn ? [property('jsonApi', id(handIn.value))] : []),
                  ...(getBodies ? [property('getBodyTransport', id('undiciGetBody'))] : []),
                ]),
                id('options'),
              ]),
            ),
          },
        ],
        methods: members.flatMap((member) => member.methods),
      },
      `A typed client of the ${module.interface?.title ?? module.name}: one method per route; auth is handled for you.`,
    ),
  ];
}

/** Whether a client method's input must be given: some part of it is required. */
export function clientInputRequired(route: RouteIr): boolean {
  return routeInputs(route).some(({ key }) => inputPartRequired(route, key));
}

function inputPartRequired(route: RouteIr, key: RouteInput['key']): boolean {
  return key === 'body'
    ? route.bodyRequired
    : route[key].some((param) => param.required && param.default === undefined);
}

type ClientMethodView = ReturnType<typeof clientMethodView>;

/** What a client method is made from: the route's name, docs, its inputs (each required or not) and its result. */
function clientMethodView(module: ModuleIr, route: RouteIr) {
  return {
    name: route.name,
    docs: routeDocs(route),
    inputs: routeInputs(route).map(({ input, part, key }) => ({
      input,
      part,
      required: inputPartRequired(route, key),
    })),
    result: resultShape(module, route),
    // A counted list that is no json:api page (whose Page.each() iterates) gets an iterating <operation>All.
    paging: moduleWire(module)?.emit.pagesLists ? undefined : pagingOf(module, route),
    routes: symbols.routes(module.name),
    upload: route.upload !== undefined,
    multipart: route.multipart && {
      files: route.multipart.files.map((part) => pick(part, 'name', 'required')),
      fields: route.multipart.fields.map((part) => pick(part, 'name', 'required', 'values')),
    },
    // The response a call resolves to is a file: the first success response with a body or a file is one.
    fileResponse:
      route.responses.find((response) => isSuccess(response) && (response.body || response.file))?.file !== undefined,
    // The call opens an event stream: its success response is one. Its events are the response type's members.
    eventStatus: route.responses.find((response) => isSuccess(response) && response.events)?.key,
  };
}

/** What a client with file routes imports: the call that streams them, and the types of its input and response. */
function fileImports(views: readonly ClientMethodView[]): { module: string; names: string[] }[] {
  const uploads = views.some((view) => view.upload);
  const downloads = views.some((view) => view.fileResponse);
  const forms = views.some((view) => view.multipart)
    ? [{ module: 'client/client-multipart', names: ['multipartCall', 'type FilePart'] }]
    : [];
  const events = views.some((view) => view.eventStatus !== undefined)
    ? [
        {
          module: 'client/client-event-stream',
          names: ['eventStreamCall', 'type EventStream', 'type EventStreamOptions'],
        },
      ]
    : [];
  if (!uploads && !downloads) return [...forms, ...events];
  const types = [...(uploads ? ['type FileUpload'] : []), ...(downloads ? ['type DownloadedFile'] : [])];
  return [{ module: 'client/client-file', names: ['fileCall', ...types] }, ...forms, ...events];
}

/** A route's methods of the client class and its row of the response schemas table, each one body deep. */
function printRouteMembers(view: ClientMethodView): RouteMembers {
  const row = property(view.name, path(`schemas.${symbols.routeSchema(view.name, 'Responses')}`));
  const methods = [clientMethod(view), ...(view.paging ? [allItemsMethod(view, view.paging)] : [])];
  return { methods: methods.map((method) => classMethodText(method, 1)), row: objectMemberText(row, 1) };
}

/** `<operation>All(input, options)`: the items of every page of a counted list, as an async iterator. */
function allItemsMethod(view: ClientMethodView, paging: Paging): ClassMethod {
  const method = clientMethod(view);
  const list = routeResponseType(view.name, 'Responses', view.result.keys[0] as string);
  const item = indexed(list, typeRef('number'));
  return {
    ...method,
    name: `${method.name}All`,
    docs: `Every item of ${method.name}, page after page (by its \`${paging}\` parameter), fetched as the loop reaches them; stops at \`total\`.`,
    returns: typeRef('AsyncGenerator', [item, typeRef('void'), typeRef('undefined')]),
    body: [
      {
        kind: 'return',
        value: call(
          member(path('this.core'), 'all'),
          [literal(view.name), id('input'), id('options'), literal(paging)],
          [item],
        ),
      },
    ],
  };
}

/** The body a streamed route takes: a file upload, or a multipart form's parts by name. */
function bodyType(view: ClientMethodView, input: RouteInput['input']): TypeNode | undefined {
  if (input !== 'body') return undefined;
  if (view.upload) return typeRef('FileUpload');
  if (!view.multipart) return undefined;
  const member = (part: { name: string; required: boolean }, type: TypeNode) => ({
    name: part.name,
    type,
    optional: !part.required,
    readonly: true,
  });
  return typeLiteral([
    ...view.multipart.files.map((part) => member(part, typeRef('FilePart'))),
    ...view.multipart.fields.map((part) =>
      member(part, part.values ? union(part.values.map(stringType)) : typeRef('string')),
    ),
  ]);
}

function clientMethod(view: ClientMethodView): ClassMethod {
  const eventType = view.eventStatus !== undefined && routeResponseType(view.name, 'Responses', view.eventStatus);
  const result = eventType
    ? { type: typeRef('EventStream', [eventType]), itemType: undefined }
    : view.fileResponse
      ? { type: typeRef('DownloadedFile') }
      : clientResult(view.name, view.result);
  const inputType =
    view.inputs.length > 0
      ? typeLiteral(
          view.inputs.map(({ input, part, required }) => ({
            name: input,
            type: bodyType(view, input) ?? typeRef(`types.${symbols.routeType(view.name, part)}`),
            optional: !required,
            readonly: true,
          })),
        )
      : typeRef('Record', [typeRef('string'), typeRef('never')]);
  const inputRequired = view.inputs.some((input) => input.required);
  const streamed = view.upload || view.fileResponse || view.multipart || eventType;
  const helper = eventType ? id('eventStreamCall') : view.multipart ? id('multipartCall') : id('fileCall');
  const core = streamed ? helper : member(path('this.core'), result.itemType ? 'page' : 'call');
  const args = streamed
    ? [path('this.core'), member(id(view.routes), view.name), id('input'), id('options')]
    : [literal(view.name), id('input'), id('options')];
  return {
    name: symbols.operation(view.name),
    docs: view.docs,
    params: [
      { name: 'input', type: inputType, ...(inputRequired ? {} : { initializer: object([]) }) },
      { name: 'options', type: typeRef(eventType ? 'EventStreamOptions' : 'CallOptions'), optional: true },
    ],
    returns: typeRef('Promise', [result.type]),
    body: [{ kind: 'return', value: call(core, args, [eventType || (result.itemType ?? result.type)]) }],
  };
}
