// A route's request body: one media type per body format. A GET body is documented as such
// (OpenAPI 3.1 allows it), naming the query parameter that can carry it instead.
import type { RouteIr } from '../../ir/types.js';
import type { Components } from './components.js';
import { typeSchema } from './json-schema.js';
import { fileContent, fileLimit, multipartContent, multipartLimits } from './media-content.js';
import { FORM_MEDIA, JSON_MEDIA, paragraphs, type Content, type RequestBodyObject } from './types.js';

const MEDIA_TYPES = { json: JSON_MEDIA, form: FORM_MEDIA } as const;

export function requestBody(route: RouteIr, components: Components): RequestBodyObject | undefined {
  const body = bodyContent(route, components);
  if (!body) return undefined;
  const { description, content } = body;
  return { ...(description !== undefined && { description }), required: route.bodyRequired, content };
}

/** What the request body is made of: its description and its content, one entry per media type. */
function bodyContent(
  route: RouteIr,
  components: Components,
): { description: string | undefined; content: Content } | undefined {
  const { upload, multipart } = route;
  if (upload) return { description: paragraphs(upload.description, fileLimit(upload)), content: fileContent(upload) };
  if (multipart)
    return {
      description: paragraphs(multipart.description, multipartLimits(multipart)),
      content: multipartContent(multipart),
    };
  if (!route.body) return undefined;
  const schema = typeSchema(route.body, { components, direction: 'write' });
  const alternative = route.bodyQueryAlternative;
  const description = paragraphs(
    route.method === 'GET' && `A JSON body on a ${route.method} request${route.bodyRequired ? '' : ', optional'}.`,
    alternative &&
      `Clients that cannot send it may pass its ${alternative.member} member in the query parameter ${alternative.member} instead.`,
    route.bodyEntries === 'each' &&
      'Each entry is validated on its own: an entry that does not match the schema fails alone and the others are still processed; only a body that is not a list of the allowed length fails the whole request.',
  );
  return {
    description,
    content: Object.fromEntries(route.bodyFormats.map((format) => [MEDIA_TYPES[format], { schema }])),
  };
}
