// The OpenAPI 3.1 object types this emitter builds, from openapi-types, plus the two places
// where openapi-types lags behind 3.1: parameter and header schemas (typed there with the 3.0
// schema object, which has no `type: [..., "null"]`) and specification extensions (`x-…`).
import type { OpenAPIV3_1 } from 'openapi-types';
import { compareCodePoints } from '../../ir/names.js';
import type { Origin } from '../../ir/types.js';

export const JSON_API_MEDIA = 'application/vnd.api+json';
export const JSON_MEDIA = 'application/json';
export const FORM_MEDIA = 'application/x-www-form-urlencoded';

export type Schema = OpenAPIV3_1.SchemaObject | OpenAPIV3_1.ReferenceObject;
export type SchemaObject = OpenAPIV3_1.SchemaObject;
export type ReferenceObject = OpenAPIV3_1.ReferenceObject;
export type Content = Record<string, OpenAPIV3_1.MediaTypeObject>;
export type RequestBodyObject = OpenAPIV3_1.RequestBodyObject;
export type SecuritySchemeObject = OpenAPIV3_1.SecuritySchemeObject;
export type ExampleObject = OpenAPIV3_1.ExampleObject;

/** A parameter whose schema is a 3.1 schema (openapi-types types it with the 3.0 one). */
export type ParameterObject = Omit<OpenAPIV3_1.ParameterObject, 'schema' | 'content'> & {
  readonly schema?: Schema;
  readonly content?: Content;
};

/** A response header whose schema is a 3.1 schema. */
export type HeaderObject = Omit<OpenAPIV3_1.HeaderObject, 'schema'> & { readonly schema?: Schema };

/** A response whose headers have 3.1 schemas. */
export type ResponseObject = Omit<OpenAPIV3_1.ResponseObject, 'headers'> & {
  readonly headers?: Record<string, HeaderObject | ReferenceObject>;
};

/** An operation whose parameters and responses have 3.1 schemas. */
export type OperationObject = Omit<OpenAPIV3_1.OperationObject, 'parameters' | 'responses'> & {
  readonly parameters?: (ParameterObject | ReferenceObject)[];
  readonly responses?: Record<string, ResponseObject | ReferenceObject>;
};

/** Marks an element whose origin differs from the element around it (the document counts as "spec"). */
export function originMark(origin: Origin, around: Origin = 'spec'): { 'x-svcgen-origin'?: Origin } {
  return origin === around ? {} : { 'x-svcgen-origin': origin };
}

/** An object from [key, value] pairs in code-point order of the keys, for maps whose order carries no meaning. */
export function sortedObject<T>(entries: Iterable<readonly [string, T]>): Record<string, T> {
  const list = [...entries].sort(([a], [b]) => compareCodePoints(a, b));
  return Object.fromEntries(list);
}

/** Joins the sentences that are present with a blank line, or undefined when none is. */
export function paragraphs(...parts: readonly (string | false | undefined)[]): string | undefined {
  const present = parts.filter((part): part is string => typeof part === 'string' && part.trim() !== '');
  return present.length > 0 ? present.join('\n\n') : undefined;
}
