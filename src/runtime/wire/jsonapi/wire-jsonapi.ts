// The json:api style, as a client reads it: json:api documents (application/vnd.api+json), or plain
// JSON {data} / {total, data, aggregations} when Accept asked for application/json. jsonapi-decode.ts
// reads the documents; the generated client hands it in, so that only json:api outputs hold it. The
// server's side is wire-jsonapi-server.ts.
import { isObject, kindOf } from '../../core/json-kinds.js';
import { respondsWithResources } from '../../core/union-variant.js';
import type { WireStyle } from '../wire-styles.js';

export const JSONAPI_MEDIA_TYPE = 'application/vnd.api+json';

export const jsonApiWire: WireStyle = {
  accept: JSONAPI_MEDIA_TYPE,
  negotiated: true,
  countsEnvelopedLists: true,
  takesIncludes: false,
  handedIn: true,
  envelopeProblem(_meta, response, body, plain) {
    if (!isObject(body)) return `expected a JSON object, got ${kindOf(body)}`;
    if (!('data' in body)) return 'no "data" member';
    if (response.list) return Array.isArray(body['data']) ? undefined : `"data" is ${kindOf(body['data'])}, not a list`;
    // A response that is not a record (a count, a list of strings) is plain JSON {"data": …} either way.
    if (plain || !respondsWithResources(response)) return undefined;
    return body['data'] === null || isObject(body['data']) ? undefined : `"data" is ${kindOf(body['data'])}`;
  },
  unwrap({ meta, response, body, plain, decode }) {
    if (!response.envelope) return body;
    const value = body as Record<string, unknown>;
    if (plain || !respondsWithResources(response))
      return response.list ? { items: value['data'], total: value['total'] } : value['data'];
    if (!decode) throw new Error(`${meta.name}: json:api decoding is missing`);
    const numericIds = new Set(
      Object.values(meta.records)
        .filter((record) => record.numericId)
        .map((record) => record.type),
    );
    const document = decode(body, numericIds);
    if (!response.list) return document.data;
    return {
      items: document.data,
      total: Number(document.meta['total'] ?? (document.data as unknown[]).length),
      links: document.links,
      meta: document.meta,
    };
  },
};
