// One executable case (or more) per rule of the diff table (src/diff/classify.ts): a change to a small
// lending-library definition that `svcgen diff` must report as that kind. The record is keyed by
// ChangeKind, so a new rule without a case (or a stated reason why none can run) fails to compile.
//
// The base has a request-only record (draft, createBook's body) and a response-only one (book), so a
// directional rule gets one case per direction; query parameters live on getBook, a list on listBooks.
import type { ChangeKind } from '../../src/diff/types.js';

export type Doc = any;

export interface VerdictCase {
  readonly name: string;
  /** Turns the base definition into the head definition. */
  readonly edit: (doc: Doc) => void;
  /** Changes BASE for this case first (base and head), when the rule needs a base BASE does not have. */
  readonly from?: (doc: Doc) => void;
}

/** A rule no generated client or server can show on the wire or in types: why, said once. */
export interface NotExecutable {
  readonly reason: string;
}

export const BASE: Doc = {
  interface: { title: 'Lending library', basePath: '/lend', style: 'api-alias', errorStyle: 'errors-array' },
  errors: {
    badRequest: { status: 400, message: 'Invalid request' },
    notFound: { status: 404, message: 'No book {id}' },
  },
  records: {
    draft: {
      fields: {
        title: { type: 'string', maxLength: 12 },
        shelf: { type: 'enum', values: ['a', 'b'] },
        weight: { type: 'number' },
        pages: { type: 'integer', required: false },
        note: { type: 'string', required: false },
        copies: { type: 'integer', required: false, default: 1 },
        stamp: { type: 'string', required: false, readOnly: true },
      },
    },
    book: {
      fields: {
        id: { type: 'integer', readOnly: true },
        title: { type: 'string', maxLength: 12 },
        shelf: { type: 'enum', values: ['a', 'b'] },
        weight: { type: 'number' },
        pages: { type: 'integer', required: false },
        note: { type: 'string', required: false },
      },
    },
    legacy: { fields: { code: { type: 'string' } } },
    // An absent optional body is read as the empty record, so one takes only records without required fields.
    search: { fields: { text: { type: 'string', required: false } } },
  },
  routes: {
    createBook: {
      method: 'POST',
      path: '/books',
      body: { type: 'record', record: 'draft' },
      responses: { '201': { body: { type: 'record', record: 'book' } } },
      errors: ['badRequest'],
    },
    getBook: {
      method: 'GET',
      path: '/books/{id}',
      pathParams: { id: { type: 'integer' } },
      query: {
        lang: { type: 'string', maxLength: 5 },
        tags: { type: 'list', items: { type: 'string' } },
        limit: { type: 'integer', maximum: 100, default: 20 },
      },
      responses: { '200': { body: { type: 'record', record: 'book' } } },
      errors: ['notFound'],
    },
    listBooks: {
      method: 'GET',
      path: '/books',
      responses: { '200': { body: { type: 'list', items: { type: 'record', record: 'book' } } } },
    },
    ping: { method: 'POST', path: '/ping', responses: { '204': {} } },
    // Files: an upload of a scan, and the scan as a file response.
    putScan: {
      method: 'PUT',
      path: '/scans',
      upload: { mediaTypes: ['image/png', 'image/jpeg'], maxBytes: 64 },
      responses: { '204': {} },
    },
    postForm: {
      method: 'POST',
      path: '/forms',
      multipart: {
        files: { scan: { mediaTypes: ['image/png'] } },
        fields: { title: { type: 'string' }, note: { type: 'string', required: false } },
      },
      responses: { '204': {} },
    },
    getScan: {
      method: 'GET',
      path: '/scans',
      responses: { '200': { file: { mediaTypes: ['image/png', 'image/jpeg'] } } },
    },
  },
};

const draft = (d: Doc) => d.records.draft.fields;
const book = (d: Doc) => d.records.book.fields;
const query = (d: Doc) => d.routes.getBook.query;
const cookies = (d: Doc) => (d.routes.getBook.cookies ??= {});

const BOOLEAN = { type: 'boolean' };

/** A union of scalars and a tagged union of records, in the request record and in the response record. */
function withUnions(d: Doc): void {
  const tagged = () => ({
    type: 'union',
    discriminator: { property: 'kind', mapping: { card: 'card', cash: 'cash' } },
    variants: [
      { type: 'record', record: 'card' },
      { type: 'record', record: 'cash' },
    ],
  });
  d.records.card = { fields: { kind: { type: 'string' }, number: { type: 'string' } } };
  d.records.cash = { fields: { kind: { type: 'string' }, amount: { type: 'integer' } } };
  d.records.voucher = { fields: { kind: { type: 'string' }, code: { type: 'string' } } };
  for (const fields of [draft(d), book(d)]) {
    fields.ref = { type: 'union', variants: [{ type: 'string' }, { type: 'integer' }, { type: 'number' }] };
    fields.paidBy = tagged();
  }
}

/** A route that responds with an event stream: a loan is lent, then returned. */
function withEvents(d: Doc): void {
  d.records.lent = { fields: { book: { type: 'integer' }, until: { type: 'string' } } };
  d.records.returned = { fields: { book: { type: 'integer' } } };
  d.routes.watchLoans = {
    method: 'GET',
    path: '/loans/events',
    responses: {
      '200': {
        events: { lent: { type: 'record', record: 'lent' }, returned: { type: 'record', record: 'returned' } },
      },
    },
  };
}

/** ping also declares a response at 409, which its handler answers with respond(409, body). */
function withAnswer(d: Doc): void {
  d.routes.ping.responses['409'] = { envelope: 'none', body: { type: 'record', record: 'legacy' } };
}

/** A DELETE route with an idempotency key. */
function withDelete(d: Doc): void {
  d.routes.dropBook = {
    method: 'DELETE',
    path: '/books/{id}',
    pathParams: { id: { type: 'integer' } },
    idempotencyKey: 'Idempotency-Key',
    responses: { '204': {} },
  };
}

const stream = (d: Doc) => d.routes.watchLoans.responses['200'].events;
const form = (d: Doc) => d.routes.postForm.multipart;

const NAMED_TYPES =
  'on the wire a named type is its definition, judged where it is used; only code naming its TypeScript type ' +
  "notices (test/workflow/diff-cases.test.ts), and each case's files are renamed per case, which a reference names";

const IDEMPOTENCY =
  'a client retries only after a failure on the way or a 503, which these servers never give; then a server that ' +
  "does not read the client's key applies the request twice: nothing fails, the booking is made twice";

export const CASES: Readonly<Record<ChangeKind, readonly VerdictCase[] | NotExecutable>> = {
  'record-added': [
    { name: 'a record is added', edit: (d) => (d.records.shelf = { fields: { code: { type: 'string' } } }) },
  ],
  'record-removed': [{ name: 'an unused record is removed', edit: (d) => delete d.records.legacy }],
  'named-type-added': { reason: NAMED_TYPES },
  'named-type-removed': { reason: NAMED_TYPES },
  'field-added-optional': [
    {
      name: 'optional field added to a request body',
      edit: (d) => (draft(d).isbn = { type: 'string', required: false }),
    },
    { name: 'optional field added to a response', edit: (d) => (book(d).isbn = { type: 'string', required: false }) },
  ],
  'field-added-required': [
    { name: 'required field added to a request body', edit: (d) => (draft(d).isbn = { type: 'string' }) },
    { name: 'required field added to a response', edit: (d) => (book(d).isbn = { type: 'string' }) },
    {
      name: 'required field added to an event record',
      from: withEvents,
      edit: (d) => (d.records.returned.fields.late = { type: 'boolean' }),
    },
  ],
  'field-removed': [
    { name: 'optional field removed from a request body', edit: (d) => delete draft(d).note },
    { name: 'optional field removed from a response', edit: (d) => delete book(d).note },
  ],
  'required-field-removed': [
    { name: 'required field removed from a request body', edit: (d) => delete draft(d).weight },
    { name: 'required field removed from a response', edit: (d) => delete book(d).weight },
  ],
  'became-required': [
    { name: 'request field becomes required', edit: (d) => (draft(d).pages.required = true) },
    // Reported as became-required alone: the default is what made it optional for the writer.
    {
      name: 'required request field loses its default',
      edit: (d) => (delete draft(d).copies.default, delete draft(d).copies.required),
    },
    { name: 'response field becomes required', edit: (d) => (book(d).pages.required = true) },
    { name: 'an optional text part becomes required', edit: (d) => (form(d).fields.note.required = true) },
  ],
  'became-optional': [
    { name: 'request field becomes optional', edit: (d) => (draft(d).weight.required = false) },
    { name: 'response field becomes optional', edit: (d) => (book(d).weight.required = false) },
    { name: 'a required text part becomes optional', edit: (d) => (form(d).fields.title.required = false) },
    { name: 'a required file part becomes optional', edit: (d) => (form(d).files.scan.required = false) },
    { name: 'an upload becomes optional', edit: (d) => (d.routes.putScan.bodyRequired = false) },
    { name: 'a multipart form becomes optional', edit: (d) => (d.routes.postForm.bodyRequired = false) },
  ],
  'read-only-added': [{ name: 'request field becomes read-only', edit: (d) => (draft(d).note.readOnly = true) }],
  'read-only-removed': [{ name: 'request field is no longer read-only', edit: (d) => delete draft(d).stamp.readOnly }],
  'default-added': [{ name: 'optional request field gets a default', edit: (d) => (draft(d).pages.default = 10) }],
  'default-removed': [
    { name: 'optional request field loses its default', edit: (d) => delete draft(d).copies.default },
  ],
  'default-changed': {
    reason:
      'a caller that leaves the value out gets another value: the same values are accepted and nothing fails, so ' +
      'the break is in meaning only (kept breaking for clients, who asked for the old default)',
  },
  'relation-changed': { reason: 'relations shape json:api documents; this case runs on plain JSON (not covered yet)' },
  'resource-type-changed': [
    { name: 'response record gets an apiAlias', edit: (d) => (d.records.book.apiAlias = 'book') },
  ],
  'record-opened': [
    { name: 'a request record is opened', edit: (d) => (d.records.draft.additionalFields = { type: 'string' }) },
    { name: 'a response record is opened', edit: (d) => (d.records.book.additionalFields = { type: 'string' }) },
  ],
  'record-ignores-others': [
    {
      name: 'a request record ignores other members',
      edit: (d) => (d.records.draft.additionalFields = 'ignore'),
    },
    {
      name: 'a response record stops ignoring other members',
      from: (d) => (d.records.book.additionalFields = 'ignore'),
      edit: (d) => delete d.records.book.additionalFields,
    },
  ],
  'record-closed': [
    {
      name: 'a request record is closed',
      from: (d) => (d.records.draft.additionalFields = true),
      edit: (d) => delete d.records.draft.additionalFields,
    },
    {
      name: 'a response record is closed',
      from: (d) => (d.records.book.additionalFields = { type: 'string' }),
      edit: (d) => delete d.records.book.additionalFields,
    },
  ],

  'type-changed': [
    { name: 'number becomes string in a response', edit: (d) => (book(d).weight.type = 'string') },
    {
      name: 'format uuid becomes email in a response',
      from: (d) => (book(d).note.format = 'uuid'),
      edit: (d) => (book(d).note.format = 'email'),
    },
    {
      name: "an open record's other members change type in a response",
      from: (d) => (d.records.book.additionalFields = { type: 'string' }),
      edit: (d) => (d.records.book.additionalFields = { type: 'integer' }),
    },
    {
      name: "an event's data becomes another record",
      from: withEvents,
      edit: (d) => (stream(d).lent = { type: 'record', record: 'returned' }),
    },
    {
      name: 'a field of an event record changes type',
      from: withEvents,
      edit: (d) => (d.records.lent.fields.until.type = 'integer'),
    },
    {
      name: 'a pattern is replaced by one that takes other values in a request',
      from: (d) => Object.assign(draft(d).note, { pattern: '^[a-z]+$', example: 'abc' }),
      edit: (d) => Object.assign(draft(d).note, { pattern: '^[0-9]+$', example: '123' }),
    },
    {
      name: 'const changes in a request',
      from: (d) => (draft(d).note.const = 'v1'),
      edit: (d) => (draft(d).note.const = 'v2'),
    },
  ],
  'type-narrowed': [
    { name: 'number becomes integer in a request', edit: (d) => (draft(d).weight.type = 'integer') },
    { name: 'number becomes integer in a response', edit: (d) => (book(d).weight.type = 'integer') },
  ],
  'type-widened': [
    { name: 'integer becomes number in a request', edit: (d) => (draft(d).pages.type = 'number') },
    { name: 'integer becomes number in a response', edit: (d) => (book(d).pages.type = 'number') },
  ],
  'constraint-tightened': [
    { name: 'maxLength lowered in a request', edit: (d) => (draft(d).title.maxLength = 4) },
    { name: 'maxLength lowered in a response', edit: (d) => (book(d).title.maxLength = 4) },
    { name: 'query parameter maxLength lowered', edit: (d) => (query(d).lang.maxLength = 2) },
    { name: 'format uuid added in a request', edit: (d) => (draft(d).note.format = 'uuid') },
    { name: 'format uuid added in a response', edit: (d) => (book(d).note.format = 'uuid') },
    {
      name: 'int64 becomes int32 in a request',
      from: (d) => (draft(d).pages.format = 'int64'),
      edit: (d) => (draft(d).pages.format = 'int32'),
    },
    { name: 'const added in a request', edit: (d) => (draft(d).note.const = 'v1') },
    {
      name: 'an inclusive maximum made exclusive in a request',
      from: (d) => (draft(d).pages.maximum = 10),
      edit: (d) => {
        delete draft(d).pages.maximum;
        draft(d).pages.exclusiveMaximum = 10;
      },
    },
    {
      name: "a text part's maxLength is lowered",
      from: (d) => (form(d).fields.title.maxLength = 12),
      edit: (d) => (form(d).fields.title.maxLength = 4),
    },
  ],
  'constraint-relaxed': [
    {
      name: 'an exclusive maximum made inclusive in a response',
      from: (d) => (book(d).pages.exclusiveMaximum = 10),
      edit: (d) => {
        delete book(d).pages.exclusiveMaximum;
        book(d).pages.maximum = 10;
      },
    },
    { name: 'maxLength raised in a request', edit: (d) => (draft(d).title.maxLength = 30) },
    { name: 'maxLength raised in a response', edit: (d) => (book(d).title.maxLength = 30) },
    {
      name: "a text part's maxLength is raised",
      from: (d) => (form(d).fields.title.maxLength = 4),
      edit: (d) => (form(d).fields.title.maxLength = 12),
    },
    {
      name: 'format time removed in a response',
      from: (d) => (book(d).note.format = 'time'),
      edit: (d) => delete book(d).note.format,
    },
    {
      name: 'const removed in a response',
      from: (d) => (book(d).note.const = 'v1'),
      edit: (d) => delete book(d).note.const,
    },
  ],
  'enum-value-added': [
    { name: 'enum value added in a request', edit: (d) => draft(d).shelf.values.push('c') },
    { name: 'enum value added in a response', edit: (d) => book(d).shelf.values.push('c') },
    {
      name: 'a text part takes one more value',
      from: (d) => (form(d).fields.kind = { type: 'enum', values: ['a', 'b'] }),
      edit: (d) => form(d).fields.kind.values.push('c'),
    },
  ],
  'enum-value-removed': [
    { name: 'enum value removed in a request', edit: (d) => draft(d).shelf.values.pop() },
    { name: 'enum value removed in a response', edit: (d) => book(d).shelf.values.pop() },
    {
      name: 'a text part takes one value less',
      from: (d) => (form(d).fields.kind = { type: 'enum', values: ['a', 'b'] }),
      edit: (d) => form(d).fields.kind.values.pop(),
    },
  ],
  'union-variant-added': [
    { name: 'union variant added in a request', from: withUnions, edit: (d) => draft(d).ref.variants.push(BOOLEAN) },
    { name: 'union variant added in a response', from: withUnions, edit: (d) => book(d).ref.variants.push(BOOLEAN) },
    {
      name: 'tagged union variant added in a response',
      from: withUnions,
      edit: (d) => book(d).paidBy.variants.push({ type: 'record', record: 'voucher' }),
    },
  ],
  'union-variant-removed': [
    { name: 'union variant removed in a request', from: withUnions, edit: (d) => draft(d).ref.variants.pop() },
    { name: 'union variant removed in a response', from: withUnions, edit: (d) => book(d).ref.variants.pop() },
  ],
  'union-discriminator-changed': [
    {
      name: 'a tagged union variant is named by another value in a request',
      from: withUnions,
      edit: (d) => (draft(d).paidBy.discriminator.mapping = { bank: 'card', cash: 'cash' }),
    },
    {
      name: 'a tagged union variant is named by another value in a response',
      from: withUnions,
      edit: (d) => (book(d).paidBy.discriminator.mapping = { bank: 'card', cash: 'cash' }),
    },
  ],
  'coercion-added': [{ name: 'request number also read from digits', edit: (d) => (draft(d).pages.coerce = true) }],
  'coercion-removed': {
    reason: 'only a caller that sends a number as digits notices, and the generated client always sends numbers',
  },

  'route-added': [
    {
      name: 'a route is added',
      edit: (d) => (d.routes.countBooks = { method: 'GET', path: '/count', responses: { '204': {} } }),
    },
  ],
  'route-removed': [{ name: 'a route is removed', edit: (d) => delete d.routes.listBooks }],
  'route-renamed': [
    {
      name: 'a route is renamed, same method and path',
      edit: (d) => ((d.routes.findBook = d.routes.getBook), delete d.routes.getBook),
    },
  ],
  'method-changed': [{ name: 'POST becomes PUT', edit: (d) => (d.routes.createBook.method = 'PUT') }],
  'path-changed': [
    { name: 'a route path changes', edit: (d) => (d.routes.listBooks.path = '/all-books') },
    { name: 'text is added beside a placeholder', edit: (d) => (d.routes.getBook.path = '/books/{id}.json') },
  ],
  'path-placeholder-renamed': [
    {
      name: 'a placeholder is renamed, the text around it kept',
      edit: (d) =>
        Object.assign(d.routes.getBook, {
          path: '/books/{bookId}',
          pathParams: { bookId: d.routes.getBook.pathParams.id },
        }),
    },
  ],
  'served-path-added': [
    { name: 'a segment alias is added', edit: (d) => (d.interface.segmentAliases = { books: ['book'] }) },
  ],
  'served-path-removed': {
    reason: 'the generated client calls the canonical path only; a caller using the alias (or version) gets 404',
  },
  'parameter-added-optional': [
    { name: 'optional query parameter added', edit: (d) => (query(d).sort = { type: 'string' }) },
    { name: 'optional cookie added', edit: (d) => (cookies(d).theme = { type: 'string' }) },
  ],
  'parameter-added-required': [
    { name: 'required query parameter added', edit: (d) => (query(d).sort = { type: 'string', required: true }) },
    {
      name: 'required cookie added',
      edit: (d) => (cookies(d).visits = { type: 'list', items: { type: 'integer' }, required: true }),
    },
  ],
  'parameter-removed': [
    { name: 'query parameter removed', edit: (d) => delete query(d).lang },
    {
      name: 'cookie removed',
      from: (d) => (cookies(d).theme = { type: 'string', required: false }),
      edit: (d) => delete cookies(d).theme,
    },
  ],
  'parameter-style-changed': [
    { name: 'list query parameter becomes JSON text', edit: (d) => (query(d).tags.style = 'json') },
  ],
  'body-added': [
    { name: 'required request body added', edit: (d) => (d.routes.ping.body = { type: 'record', record: 'legacy' }) },
  ],
  'body-added-optional': [
    {
      name: 'optional request body added',
      edit: (d) => Object.assign(d.routes.ping, { body: { type: 'record', record: 'search' }, bodyRequired: false }),
    },
  ],
  'body-removed': [{ name: 'request body removed', edit: (d) => delete d.routes.createBook.body }],
  'body-format-added': { reason: 'the generated client sends JSON bodies only; another format is for other callers' },
  'body-format-removed': {
    reason: 'the generated client sends JSON bodies only; a caller using the removed format gets 415',
  },
  'upload-added': [
    {
      name: 'a JSON body becomes a file upload',
      edit: (d) => ((d.routes.createBook.upload = {}), delete d.routes.createBook.body),
    },
  ],
  'upload-removed': [
    {
      name: 'a file upload becomes a JSON body',
      from: (d) => ((d.routes.createBook.upload = {}), delete d.routes.createBook.body),
      edit: (d) => (
        delete d.routes.createBook.upload,
        (d.routes.createBook.body = { type: 'record', record: 'draft' })
      ),
    },
  ],
  'upload-media-type-added': [
    { name: 'an upload takes one more media type', edit: (d) => d.routes.putScan.upload.mediaTypes.push('image/gif') },
    { name: 'a file part takes one more media type', edit: (d) => form(d).files.scan.mediaTypes.push('image/gif') },
  ],
  'upload-media-type-removed': [
    { name: 'an upload takes one media type less', edit: (d) => (d.routes.putScan.upload.mediaTypes = ['image/png']) },
    {
      name: 'a file part takes one media type less',
      from: (d) => form(d).files.scan.mediaTypes.push('image/gif'),
      edit: (d) => form(d).files.scan.mediaTypes.pop(),
    },
  ],
  'upload-limit-lowered': [
    { name: "an upload's limit is lowered", edit: (d) => (d.routes.putScan.upload.maxBytes = 16) },
    { name: "a file part's limit is lowered", edit: (d) => (form(d).files.scan.maxBytes = 16) },
  ],
  'upload-limit-raised': [
    { name: "an upload's limit is raised", edit: (d) => (d.routes.putScan.upload.maxBytes = 128) },
    {
      name: "a file part's limit is raised",
      from: (d) => (form(d).files.scan.maxBytes = 16),
      edit: (d) => (form(d).files.scan.maxBytes = 64),
    },
  ],
  'multipart-added': [
    {
      name: 'a JSON body becomes a multipart form',
      edit: (d) => (
        (d.routes.createBook.multipart = { fields: { title: { type: 'string' } } }),
        delete d.routes.createBook.body
      ),
    },
  ],
  'multipart-removed': [
    {
      name: 'a multipart form becomes a JSON body',
      edit: (d) => (
        delete d.routes.postForm.multipart,
        (d.routes.postForm.body = { type: 'record', record: 'search' })
      ),
    },
  ],
  'multipart-part-added-required': [
    {
      name: 'a required text part is added',
      edit: (d) => (d.routes.postForm.multipart.fields.shelf = { type: 'string' }),
    },
  ],
  'multipart-part-added-optional': [
    {
      name: 'an optional file part is added',
      edit: (d) => (d.routes.postForm.multipart.files.cover = { mediaTypes: ['image/png'], required: false }),
    },
  ],
  'multipart-part-removed': [
    { name: 'an optional text part is removed', edit: (d) => delete d.routes.postForm.multipart.fields.note },
  ],
  'file-response-added': [
    {
      name: 'a JSON response becomes a file',
      edit: (d) => (d.routes.getBook.responses['200'] = { file: { mediaTypes: ['image/png'] } }),
    },
  ],
  'file-response-removed': [
    {
      name: 'a file response becomes JSON',
      edit: (d) => (d.routes.getScan.responses['200'] = { body: { type: 'record', record: 'book' } }),
    },
  ],
  'file-response-media-type-added': [
    {
      name: 'a file response may have one more media type',
      edit: (d) => d.routes.getScan.responses['200'].file.mediaTypes.push('image/gif'),
    },
  ],
  'file-response-media-type-removed': [
    {
      name: 'a file response may have one media type less',
      edit: (d) => (d.routes.getScan.responses['200'].file.mediaTypes = ['image/png']),
    },
  ],
  'event-stream-added': [
    {
      name: 'a JSON response becomes an event stream',
      from: withEvents,
      edit: (d) => (d.routes.getBook.responses['200'] = { events: { lent: { type: 'record', record: 'lent' } } }),
    },
  ],
  'event-stream-removed': [
    {
      name: 'an event stream becomes a JSON response',
      from: withEvents,
      edit: (d) => (d.routes.watchLoans.responses['200'] = { body: { type: 'record', record: 'lent' } }),
    },
  ],
  'event-added': [
    {
      name: 'a stream may carry one more event',
      from: withEvents,
      edit: (d) => (stream(d).renewed = { type: 'record', record: 'lent' }),
    },
  ],
  'event-removed': [{ name: 'a stream carries one event less', from: withEvents, edit: (d) => delete stream(d).lent }],
  'body-query-alternative-added': { reason: 'a GET body or its query form: not covered by this harness yet' },
  'body-query-alternative-removed': { reason: 'a GET body or its query form: not covered by this harness yet' },
  'body-query-alternative-changed': { reason: 'a GET body or its query form: not covered by this harness yet' },
  // A numbered status beside the success would need a selector; default never is a handler's result.
  'response-added': [
    {
      name: 'the 201 response gains a default response for any other status',
      edit: (d) => (d.routes.createBook.responses['default'] = { envelope: 'none', body: { type: 'json' } }),
    },
  ],
  'response-removed': [
    {
      name: 'response status changes 201 → 200',
      edit: (d) => (d.routes.createBook.responses = { '200': d.routes.createBook.responses['201'] }),
    },
    {
      name: 'the 409 response that handlers answer becomes the 4XX class, which still takes 409',
      from: withAnswer,
      edit: (d) => (
        (d.routes.ping.responses['4XX'] = d.routes.ping.responses['409']),
        delete d.routes.ping.responses['409']
      ),
    },
    {
      name: 'the 201 response becomes the 2XX class (sent as 200)',
      edit: (d) => (d.routes.createBook.responses = { '2XX': d.routes.createBook.responses['201'] }),
    },
  ],
  'result-shape-changed': [
    {
      name: 'a response without headers declares an optional one',
      edit: (d) => (d.routes.listBooks.responses['200'].headers = { 'x-count': { type: 'integer', required: false } }),
    },
  ],
  'error-response-removed': [
    {
      name: "a route's 409 response, which handlers answer, is removed",
      from: withAnswer,
      edit: (d) => delete d.routes.ping.responses['409'],
    },
  ],
  'response-envelope-changed': {
    reason: 'plain JSON styles send the same bytes with or without the envelope (not covered yet)',
  },
  'response-total-added': [
    { name: 'a list response gets its total', edit: (d) => (d.routes.listBooks.responses['200'].total = true) },
  ],
  'response-total-removed': [
    {
      name: 'a list response loses its total',
      from: (d) => (d.routes.listBooks.responses['200'].total = true),
      edit: (d) => delete d.routes.listBooks.responses['200'].total,
    },
  ],
  'response-selector-changed': { reason: 'selectors choose among statuses (not covered yet)' },
  'route-errors-changed': [
    { name: 'an error is added to a route', edit: (d) => d.routes.createBook.errors.push('notFound') },
  ],
  'idempotency-key-added': { reason: IDEMPOTENCY },
  'idempotency-key-removed': { reason: IDEMPOTENCY },
  'idempotency-key-renamed': { reason: IDEMPOTENCY },
  'idempotent-route-key-changed': [
    { name: 'a GET gets an idempotency key', edit: (d) => (d.routes.getBook.idempotencyKey = 'Idempotency-Key') },
    {
      name: "a PUT upload's idempotency key is removed",
      from: (d) => (d.routes.putScan.idempotencyKey = 'Idempotency-Key'),
      edit: (d) => delete d.routes.putScan.idempotencyKey,
    },
    {
      name: "a DELETE's idempotency key is renamed",
      from: withDelete,
      edit: (d) => (d.routes.dropBook.idempotencyKey = 'Request-Id'),
    },
  ],
  'action-changed': { reason: 'actions are served by hand-written code of the reference service (not covered yet)' },

  'auth-changed': { reason: 'auth needs credentials on both sides (not covered yet)' },
  'auth-scheme-added': { reason: 'auth needs credentials on both sides (not covered yet)' },
  'auth-scheme-removed': { reason: 'auth needs credentials on both sides (not covered yet)' },
  'auth-scheme-changed': { reason: 'auth needs credentials on both sides (not covered yet)' },

  'interface-added': { reason: 'a new file is a new interface: nothing of the base changes (not run yet)' },
  'interface-removed': { reason: 'every route removed at once (not run yet)' },
  'interface-changed': { reason: 'reported with the path or style changes it causes (not run yet)' },
  'version-added': { reason: 'versions are served paths (not run yet)' },
  'version-removed': { reason: "versions are served paths: the generated client uses the route's own version" },
  'body-limit-lowered': {
    reason:
      'a lower limit refuses bodies the definitions still allow, from old and new clients alike, so a head client ' +
      'fails its own server too; the base client does fail against the head (413), as the verdict says',
  },
  'body-limit-raised': {
    reason:
      'a head client sends a body past the base limit only where the definitions also allow larger values, which ' +
      'is reported (and executed) as constraint-relaxed',
  },
  'error-added': [
    { name: 'an error is added to the catalog', edit: (d) => (d.errors.conflict = { status: 409, message: 'Taken' }) },
  ],
  'error-removed': { reason: 'errors are thrown by handlers; the harness throws none (not covered yet)' },
  'error-status-changed': { reason: 'errors are thrown by handlers; the harness throws none (not covered yet)' },
  'error-text-changed': { reason: 'errors are thrown by handlers; the harness throws none (not covered yet)' },

  'tags-changed': [
    {
      name: 'a route is tagged',
      edit: (d) => {
        d.interface.tags = { books: { description: 'The catalogue' } };
        d.routes.getBook.tags = ['books'];
      },
    },
  ],
  'became-deprecated': [
    { name: 'a route becomes deprecated', edit: (d) => (d.routes.getBook.deprecated = true) },
    { name: 'a response field becomes deprecated', edit: (d) => (book(d).note.deprecated = true) },
  ],
  'deprecation-removed': [
    {
      name: 'a request field is no longer deprecated',
      from: (d) => (draft(d).note.deprecated = true),
      edit: (d) => delete draft(d).note.deprecated,
    },
  ],
  'docs-changed': [{ name: 'a route summary is added', edit: (d) => (d.routes.getBook.summary = 'Reads a book') }],
  'example-changed': [
    { name: 'a field example is added', edit: (d) => (book(d).title.example = 'Emma') },
    {
      name: 'a record example changes',
      from: (d) => (d.records.book.example = { id: 1, title: 'Emma', shelf: 'a', weight: 0.4 }),
      edit: (d) => (d.records.book.example.title = 'Persuasion'),
    },
  ],
  'other-changed': { reason: 'a property diff does not know yet: no definition can produce it on purpose' },
};
