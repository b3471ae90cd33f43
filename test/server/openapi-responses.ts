// Validates responses against an interface's emitted openapi.json with ajv 2020-12 (formats on): the
// schema of the response's path, method, status and exact media type.
import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { expect } from 'vitest';
import type { ReceivedResponse } from './helpers.js';

type Json = Record<string, any>;

// Both packages are CommonJS: take the default export whichever way the loader hands it over.
const AjvClass = Ajv2020.default ?? (Ajv2020 as unknown as typeof Ajv2020.default);
const applyFormats = addFormats.default ?? (addFormats as unknown as typeof addFormats.default);

const pointer = (...parts: string[]) => parts.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

export class OpenApiResponses {
  readonly document: Json;
  readonly #ajv = new AjvClass({ strict: false, allErrors: true });

  /** `module`: the folder under generated/, e.g. store-api; `file`: the document elsewhere (a test's own output). */
  constructor(
    private readonly module: string,
    file: string | URL = new URL(`../../generated/${module}/openapi.json`, import.meta.url),
  ) {
    this.document = JSON.parse(readFileSync(file, 'utf8')) as Json;
    applyFormats(this.#ajv);
    this.#ajv.addSchema(this.document, module);
  }

  /** Asserts the response fits the schema the document gives its path (as the document names it), method and status. */
  expectDocumented(received: ReceivedResponse, path: string, method: string): void {
    const status = String(received.status);
    const declared = this.document['paths'][path]?.[method]?.responses[status];
    expect(declared, `${method} ${path} ${status} is documented`).toBeDefined();
    const name = declared.$ref?.split('/').pop();
    const response = name ? this.document['components']['responses'][name] : declared;
    const mediaType = received.header('content-type')?.split(';')[0] as string;
    expect(Object.keys(response.content ?? {})).toContain(mediaType);
    const where = name ? pointer('components', 'responses', name) : pointer('paths', path, method, 'responses', status);
    const validate = this.#validator(`${this.module}#/${where}/${pointer('content', mediaType, 'schema')}`);
    const valid = validate(received.json);
    expect(valid ? [] : validate.errors, `${method} ${path} ${status}: ${received.text.slice(0, 500)}`).toEqual([]);
  }

  /** A check of a request body against the schema the document gives its path, method and media type. */
  requestBody(path: string, method: string, mediaType: string): (value: unknown) => boolean {
    expect(this.document['paths'][path]?.[method]?.requestBody?.content?.[mediaType]).toBeDefined();
    const where = pointer('paths', path, method, 'requestBody', 'content', mediaType, 'schema');
    const validate = this.#validator(`${this.module}#/${where}`);
    return (value) => validate(value) as boolean;
  }

  /** Whether a value fits one of the document's component schemas. */
  fits(schema: string, value: unknown): boolean {
    return this.#validator(`${this.module}#/components/schemas/${schema}`)(value) as boolean;
  }

  #validator(ref: string) {
    return this.#ajv.getSchema(ref) ?? this.#ajv.compile({ $ref: ref });
  }
}
