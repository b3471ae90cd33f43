// The renderings svcgen.config.yaml may choose (openapi: …) where a construct has more than one
// faithful OpenAPI form. The defaults are the forms the ecosystem's generators (openapi-fetch,
// orval, hey-api, kubb, Swagger UI) were seen to serialize correctly; the others are the forms the
// specification names most directly, for tools that read those better.
export interface OpenApiOptions {
  /**
   * A query parameter that carries JSON text: `schema` as a string with contentMediaType and
   * contentSchema (tools send the text as given), or `content` with application/json (the
   * specification's own form, which many tools cannot serialize).
   */
  readonly jsonQuery: 'schema' | 'content';
  /**
   * A GET route that takes a body: `extension` keeps it out of requestBody (fetch cannot send it)
   * and describes it in the operation's description and x-svcgen-get-body; `requestBody` documents it there.
   */
  readonly getBody: 'extension' | 'requestBody';
  /**
   * A deepObject list of records (undefined in OpenAPI): `indexed` as literal bracketed names for
   * the first entries (sort[0][field], …), `deepObject` as the list itself in style deepObject.
   */
  readonly deepObjectLists: 'indexed' | 'deepObject';
  /** How many entries of such a list the indexed names cover. */
  readonly indexedEntries: number;
}

export const DEFAULT_OPENAPI_OPTIONS: OpenApiOptions = {
  jsonQuery: 'schema',
  getBody: 'extension',
  deepObjectLists: 'indexed',
  indexedEntries: 3,
};
