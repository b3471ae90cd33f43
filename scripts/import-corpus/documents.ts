// An OpenAPI document prepared for comparison: 3.0 and 2.0 schema spellings turned into JSON Schema
// 2020-12, a validator per schema (ajv), and each operation's parameters, body and answers.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

export type Json = Record<string, unknown>;

export interface Body {
  readonly schema: unknown;
  readonly required: boolean;
}

export interface Operation {
  readonly key: string;
  readonly parameters: ReadonlySet<string>;
  readonly body: Body | undefined;
  /** By status: the JSON body's schema, or null for an answer without one. */
  readonly responses: ReadonlyMap<string, unknown>;
}

const IGNORED_HEADERS = new Set(['accept', 'content-type', 'authorization']);
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];

export class PreparedDocument {
  readonly root: Json;
  private readonly ajv: Ajv2020;
  private readonly validators = new Map<unknown, ValidateFunction | undefined>();
  readonly operations = new Map<string, Operation>();
  /**
   * The $refs of the bodies under components/responses: of an output, svcgen's error bodies (it keeps the input's
   * responses in their operations and shares only the error responses it writes itself).
   */
  readonly sharedResponseBodies: ReadonlySet<string>;

  constructor(document: Json) {
    const swagger = document.swagger === '2.0';
    this.root = toJsonSchema(
      structuredClone(document),
      swagger ? '2.0' : String(document.openapi).startsWith('3.0') ? '3.0' : '3.1',
    ) as Json;
    this.ajv = new Ajv2020({ strict: false, logger: false, allErrors: false, validateFormats: true });
    (addFormats as unknown as (ajv: Ajv2020) => void)(this.ajv);
    this.ajv.addSchema({ ...this.root, $id: 'doc.json' });
    const base = (swagger ? String(document.basePath ?? '') : serverPath(document)).replace(/\/+$/, '');
    const shared = isObject(this.root.components) && isObject(this.root.components.responses);
    this.sharedResponseBodies = new Set(
      Object.values(shared ? ((this.root.components as Json).responses as Json) : {})
        .map((response) => contentSchema(this.deref(response).content))
        .filter((schema): schema is Json => isObject(schema) && typeof schema.$ref === 'string')
        .map((schema) => schema.$ref as string),
    );
    const paths = isObject(this.root.paths) ? this.root.paths : {};
    for (const [path, item] of Object.entries(paths)) {
      const pathItem = this.deref(item);
      for (const method of METHODS) {
        const operation = pathItem[method];
        if (!isObject(operation)) continue;
        const full = `${base}${path}`.replace(/\/+$/, '').replace(/\{[^}]*\}/g, '{}') || '/';
        const key = `${method.toUpperCase()} ${full}`;
        this.operations.set(key, this.operation(key, path, pathItem, operation, swagger));
      }
    }
  }

  private operation(key: string, path: string, pathItem: Json, operation: Json, swagger: boolean): Operation {
    // A path parameter is known on the wire by its place in the path, not by its name.
    const places = [...path.matchAll(/\{([^}]*)\}/g)].map((match) => match[1]);
    const byKey = new Map<string, Json>();
    for (const list of [pathItem.parameters, operation.parameters])
      for (const entry of Array.isArray(list) ? list : []) {
        const parameter = this.deref(entry);
        byKey.set(`${String(parameter.in)}:${String(parameter.name)}`, parameter);
      }
    const parameters = new Set<string>();
    let body: Body | undefined;
    const form: Json = { type: 'object', properties: {}, required: [] };
    for (const parameter of byKey.values()) {
      const where = String(parameter.in);
      if (where === 'body') body = { schema: parameter.schema ?? {}, required: parameter.required === true };
      else if (where === 'formData') {
        const { name, in: _in, required, description: _d, ...schema } = parameter;
        (form.properties as Json)[String(name)] = schema.type === 'file' ? { type: 'string' } : schema;
        if (required === true) (form.required as string[]).push(String(name));
      } else if (!(where === 'header' && IGNORED_HEADERS.has(String(parameter.name).toLowerCase())))
        parameters.add(
          `${where}:${parameterName(where, String(parameter.name), places)}:${where === 'path' || parameter.required === true}`,
        );
    }
    if (Object.keys(form.properties as Json).length > 0)
      body = { schema: form, required: (form.required as string[]).length > 0 };
    // svcgen documents a GET body in x-svcgen-get-body (fetch cannot send one): the same contract.
    const declared = operation.requestBody ?? operation['x-svcgen-get-body'];
    if (!swagger && declared !== undefined) {
      const requestBody = this.deref(declared);
      body = { schema: contentSchema(requestBody.content), required: requestBody.required === true };
    }
    const responses = new Map<string, unknown>();
    for (const [status, raw] of Object.entries(isObject(operation.responses) ? operation.responses : {})) {
      const response = this.deref(raw);
      const schema = swagger ? response.schema : contentSchema(response.content);
      // OpenAPI spells status classes 4XX; documents also write 4xx.
      responses.set(/^[1-5]xx$/i.test(status) ? status.toUpperCase() : status, schema ?? null);
    }
    return { key, parameters, body, responses };
  }

  deref(value: unknown): Json {
    let current = value;
    for (let hops = 0; hops < 20 && isObject(current) && typeof current.$ref === 'string'; hops += 1) {
      let found: unknown = this.root;
      for (const segment of current.$ref.slice(1).split('/').slice(1))
        found = (found as Json | undefined)?.[decodeURIComponent(segment).replaceAll('~1', '/').replaceAll('~0', '~')];
      current = found;
    }
    return isObject(current) ? current : {};
  }

  /** A validator of the schema, its $refs resolved in this document; undefined when ajv cannot compile it. */
  validator(schema: unknown): ValidateFunction | undefined {
    if (!this.validators.has(schema)) {
      try {
        this.validators.set(schema, this.ajv.compile(rebase(schema) as Json));
      } catch {
        this.validators.set(schema, undefined);
      }
    }
    return this.validators.get(schema);
  }
}

function parameterName(where: string, name: string, places: readonly (string | undefined)[]): string {
  if (where === 'header') return name.toLowerCase();
  return where === 'path' && places.includes(name) ? `#${places.indexOf(name)}` : name;
}

function serverPath(document: Json): string {
  const [server] = Array.isArray(document.servers) ? document.servers : [];
  const url = isObject(server) && typeof server.url === 'string' ? server.url : '';
  return url.replace(/^(?:[a-z][a-z0-9+.-]*:)?\/\/[^/]*/i, '').replace(/\{[^}]*\}/g, '');
}

/** The JSON media type's schema of a content map (or the only media type's), undefined when none. */
function contentSchema(content: unknown): unknown {
  if (!isObject(content)) return undefined;
  const medias = Object.keys(content);
  const chosen =
    medias.find((media) => /^(application\/json|\*\/\*|text\/json)|\+json/i.test(media)) ??
    medias.find((media) => media.startsWith('application/x-www-form-urlencoded')) ??
    medias[0];
  if (chosen === undefined) return undefined;
  const entry = content[chosen];
  return isObject(entry) ? (entry.schema ?? {}) : {};
}

/** $refs into the document made absolute (doc.json#/...), for schemas compiled on their own. */
function rebase(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rebase);
  if (!isObject(value)) return value;
  const result: Json = {};
  for (const [key, entry] of Object.entries(value))
    result[key] =
      key === '$ref' && typeof entry === 'string' && entry.startsWith('#') ? `doc.json${entry}` : rebase(entry);
  return result;
}

/** OpenAPI 3.0 and Swagger 2.0 schema spellings as JSON Schema 2020-12 (nullable, boolean exclusive bounds). */
function toJsonSchema(value: unknown, version: '2.0' | '3.0' | '3.1'): unknown {
  if (Array.isArray(value)) return value.map((entry) => toJsonSchema(entry, version));
  if (!isObject(value)) return value;
  const result: Json = {};
  for (const [key, entry] of Object.entries(value)) result[key] = toJsonSchema(entry, version);
  if (version === '3.1') return result;
  if (result.exclusiveMinimum === true) [result.exclusiveMinimum, result.minimum] = [result.minimum, undefined];
  else if (result.exclusiveMinimum === false) delete result.exclusiveMinimum;
  if (result.exclusiveMaximum === true) [result.exclusiveMaximum, result.maximum] = [result.maximum, undefined];
  else if (result.exclusiveMaximum === false) delete result.exclusiveMaximum;
  if (result.type === 'file') delete result.type;
  const nullable = result.nullable === true || result['x-nullable'] === true;
  if (nullable) {
    delete result.nullable;
    delete result['x-nullable'];
    if (typeof result.type === 'string') result.type = [result.type, 'null'];
    if (Array.isArray(result.enum) && !result.enum.includes(null)) result.enum = [...result.enum, null];
    if (result.$ref !== undefined || result.allOf || result.oneOf || result.anyOf) {
      const { description, ...rest } = result;
      return { ...(description !== undefined && { description }), anyOf: [rest, { type: 'null' }] };
    }
  }
  return result;
}

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
