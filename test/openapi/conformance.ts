// Judges one HTTP response by an interface's emitted OpenAPI document, as a third-party validator
// would: the operation for (method, concrete path) among each path's served spellings, the response
// for the status (exact, then a range such as 4XX, then default), the Content-Type's media type
// exactly as a key of that response's content, required and declared headers, and the body with
// ajv 2020-12 and formats on. HEAD is judged by the path's GET operation without the body
// (RFC 9110 §9.3.2). Each finding is one readable line; an empty list means conformant.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { ROOT } from '../foundation/helpers.js';

// Both packages are CommonJS: take the default export whichever way the loader hands it over.
const AjvClass = Ajv2020.default ?? (Ajv2020 as unknown as typeof Ajv2020.default);
const applyFormats = addFormats.default ?? (addFormats as unknown as typeof addFormats.default);
type Ajv = InstanceType<typeof AjvClass>;
type ValidateFunction = ReturnType<Ajv['compile']>;
type Json = Record<string, any>;

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;
/** The document's key inside ajv; every pointer into the document is resolved against it. */
const DOCUMENT_ID = 'openapi.json';

/** What the helper needs of a response: status, headers by lower-case name, the body as text. */
export interface Exchange {
  readonly method: string;
  /** The concrete path, with or without its query. */
  readonly path: string;
  readonly status: number;
  header(name: string): string | undefined;
  readonly text: string;
}

interface Operation {
  readonly method: string;
  /** One per served spelling of the path. */
  readonly patterns: readonly RegExp[];
  /** Where the operation sits in the document, as a URI fragment. */
  readonly pointer: string;
  readonly value: Json;
}

export class OpenApiConformance {
  readonly #document: Json;
  readonly #operations: Operation[] = [];
  readonly #bodies: Ajv;
  /** Header values arrive as text: a second instance that coerces "600" to 600 before checking. */
  readonly #headers: Ajv;
  readonly #validators = new Map<string, ValidateFunction>();

  /** `document`: another document than generated/<module>/openapi.json (the API fuzzer's). */
  constructor(
    readonly module: string,
    document?: Json,
  ) {
    this.#document =
      document ?? (JSON.parse(readFileSync(join(ROOT, 'generated', module, 'openapi.json'), 'utf8')) as Json);
    this.#bodies = this.#ajv(false);
    this.#headers = this.#ajv(true);
    for (const [pathKey, item] of Object.entries(this.#document.paths as Json)) {
      for (const method of METHODS) {
        const value = (item as Json)[method] as Json | undefined;
        if (value === undefined) continue;
        const spellings = (value['x-svcgen-served-paths'] as string[] | undefined) ?? [pathKey];
        this.#operations.push({
          method,
          patterns: spellings.map(templatePattern),
          pointer: `#/paths/${escapePointer(pathKey)}/${method}`,
          value,
        });
      }
    }
  }

  #ajv(coerceTypes: boolean): Ajv {
    // strict off: OpenAPI's own keywords (example, x-…) sit beside JSON Schema's. ajv's discriminator
    // picks the oneOf branch by the tag's const, so a response is judged by its own branch alone.
    const ajv = new AjvClass({
      strict: false,
      allErrors: true,
      validateSchema: false,
      coerceTypes,
      discriminator: true,
    });
    applyFormats(ajv);
    ajv.addSchema(withoutDiscriminatorMappings(this.#document), DOCUMENT_ID);
    return ajv;
  }

  /** Every operationId of the document. */
  operationNames(): string[] {
    return this.#operations.map((operation) => operation.value.operationId as string);
  }

  /** The operationId that serves (method, concrete path), or undefined. */
  operationOf(method: string, path: string): string | undefined {
    return this.#find(method, path)?.value.operationId as string | undefined;
  }

  #find(method: string, path: string): Operation | undefined {
    const bare = path.split('?')[0] ?? path;
    return this.#operations.find(
      (operation) =>
        operation.method === method.toLowerCase() && operation.patterns.some((pattern) => pattern.test(bare)),
    );
  }

  /** Every way the response departs from the document; [] when it conforms. */
  violations(exchange: Exchange): string[] {
    const at = `${exchange.method} ${exchange.path.slice(0, 120)} → ${exchange.status}`;
    const head = exchange.method.toUpperCase() === 'HEAD';
    const operation =
      this.#find(exchange.method, exchange.path) ?? (head ? this.#find('GET', exchange.path) : undefined);
    if (operation === undefined) return this.#outsideViolations(exchange).map((line) => `${at}: ${line}`);
    const responses = operation.value.responses as Json;
    const status = String(exchange.status);
    const key = [status, `${status[0]}XX`, 'default'].find((candidate) => responses[candidate] !== undefined);
    if (key === undefined) {
      const listed = Object.keys(responses).join(', ');
      return [`${at}: status ${status} is not among the responses of ${operation.value.operationId} (${listed})`];
    }
    const { value: response, pointer } = this.#resolve(responses[key] as Json, `${operation.pointer}/responses/${key}`);
    return [
      ...this.#headerViolations(exchange, response, pointer),
      ...this.#bodyViolations(exchange, response, pointer),
    ].map((line) => `${at}: ${line}`);
  }

  /**
   * A request the document has no operation for can only be refused: 405 with an Allow header naming
   * the document's methods where the path is known (RFC 9110 §15.5.6), else 404.
   */
  #outsideViolations(exchange: Exchange): string[] {
    const bare = exchange.path.split('?')[0] ?? exchange.path;
    const allowed = this.#operations
      .filter((operation) => operation.patterns.some((pattern) => pattern.test(bare)))
      .map((operation) => operation.method.toUpperCase());
    if (allowed.length === 0) {
      return exchange.status === 404 ? [] : ['no path of the document matches, yet the response is not 404'];
    }
    if (exchange.status !== 405)
      return [`the document lists only ${allowed.join(', ')} here, yet the response is not 405`];
    const allow = (exchange.header('allow') ?? '')
      .split(',')
      .map((method) => method.trim())
      .filter((method) => method !== '');
    const missing = allowed.filter((method) => !allow.includes(method));
    return missing.length === 0 ? [] : [`Allow ${JSON.stringify(allow.join(', '))} lacks ${missing.join(', ')}`];
  }

  #headerViolations(exchange: Exchange, response: Json, pointer: string): string[] {
    const found: string[] = [];
    for (const [name, declared] of Object.entries((response.headers ?? {}) as Json)) {
      const { value: header, pointer: headerPointer } = this.#resolve(
        declared as Json,
        `${pointer}/headers/${escapePointer(name)}`,
      );
      const text = exchange.header(name);
      if (text === undefined) {
        if (header.required === true) found.push(`required header ${name} is missing`);
        continue;
      }
      if (header.schema === undefined) continue;
      const validate = this.#compiled(this.#headers, {
        type: 'object',
        properties: { value: { $ref: `${DOCUMENT_ID}${headerPointer}/schema` } },
      });
      if (!validate({ value: text })) {
        found.push(`header ${name}: ${JSON.stringify(text)} ${this.#headers.errorsText(validate.errors)}`);
      }
    }
    return found;
  }

  #bodyViolations(exchange: Exchange, response: Json, pointer: string): string[] {
    const content = response.content as Json | undefined;
    const contentType = exchange.header('content-type');
    if (content === undefined || Object.keys(content).length === 0) {
      return exchange.text === ''
        ? []
        : [`the document declares no body, but one came (${contentType ?? 'no Content-Type'})`];
    }
    if (contentType === undefined) return [`no Content-Type; the document lists ${Object.keys(content).join(', ')}`];
    const mediaType = (contentType.split(';')[0] ?? '').trim().toLowerCase();
    if (content[mediaType] === undefined) {
      return [`media type ${mediaType} is not among ${Object.keys(content).join(', ')}`];
    }
    if (exchange.method.toUpperCase() === 'HEAD') return exchange.text === '' ? [] : ['a HEAD response with a body'];
    const schema = (content[mediaType] as Json).schema as Json | undefined;
    if (schema === undefined) return [];
    let body: unknown;
    try {
      body = JSON.parse(exchange.text);
    } catch {
      return [`the body is not JSON: ${exchange.text.slice(0, 80)}`];
    }
    const schemaPointer = `${pointer}/content/${escapePointer(mediaType)}/schema`;
    const validate = this.#compiled(this.#bodies, { $ref: `${DOCUMENT_ID}${schemaPointer}` });
    if (validate(body)) return [];
    return (validate.errors ?? []).map((error) => {
      const where = `body${error.instancePath}`;
      return `${where} ${error.message ?? error.keyword} ${JSON.stringify(error.params)} (schema ${error.schemaPath})`;
    });
  }

  /** One compiled validator per schema text, so each response schema is compiled once. */
  #compiled(ajv: Ajv, schema: Json): ValidateFunction {
    const key = `${ajv === this.#headers ? 'h' : 'b'}${JSON.stringify(schema)}`;
    let validate = this.#validators.get(key);
    if (validate === undefined) {
      validate = ajv.compile(schema);
      this.#validators.set(key, validate);
    }
    return validate;
  }

  /** Follows local $refs of response and header objects, keeping the pointer of what was reached. */
  #resolve(value: Json, pointer: string): { value: Json; pointer: string } {
    let current = value;
    let at = pointer;
    while (typeof current.$ref === 'string') {
      at = current.$ref as string;
      current = at
        .slice(2)
        .split('/')
        .map(unescapePointer)
        .reduce<Json>((node, part) => node[part] as Json, this.#document);
    }
    return { value: current, pointer: at };
  }
}

/**
 * The document with each discriminator's mapping left out (ajv refuses mappings). It loses nothing
 * where every branch fixes the tag with const, which is checked here.
 */
function withoutDiscriminatorMappings(node: unknown, document: Json = node as Json): any {
  if (Array.isArray(node)) return node.map((item) => withoutDiscriminatorMappings(item, document));
  if (typeof node !== 'object' || node === null) return node;
  const copy = Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, withoutDiscriminatorMappings(value, document)]),
  );
  const discriminator = copy.discriminator as { propertyName: string; mapping?: Record<string, string> } | undefined;
  if (discriminator?.mapping === undefined) return copy;
  for (const [tag, ref] of Object.entries(discriminator.mapping)) {
    const target = ref
      .slice(2)
      .split('/')
      .map(unescapePointer)
      .reduce<Json>((at, part) => at[part] as Json, document);
    const fixed = (target.properties as Json | undefined)?.[discriminator.propertyName]?.const;
    if (fixed !== tag)
      throw new Error(
        `discriminator tag ${tag} maps to ${ref}, whose ${discriminator.propertyName} is not const "${tag}"`,
      );
  }
  return { ...copy, discriminator: { propertyName: discriminator.propertyName } };
}

/** `/api/Banner/{id}` → a pattern for one concrete path; a parameter is one segment. */
function templatePattern(template: string): RegExp {
  const parts = template.split(/\{[^}]+\}/).map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('[^/]+')}$`);
}

/** A JSON pointer segment as it goes in a URI fragment (`{id}` and `+` percent-encoded). */
function escapePointer(part: string): string {
  return encodeURIComponent(part.replace(/~/g, '~0').replace(/\//g, '~1'));
}

function unescapePointer(part: string): string {
  return decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~');
}
