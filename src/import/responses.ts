// Responses: each status, class of statuses (4XX) and default with its body and headers, sent as declared
// (envelope: none); 4xx and 5xx responses too, so that their bodies keep the document's shape.
import type { ParameterDefinition, RouteDefinition } from '../definitions/schema.js';
import { isMapping, TOKEN_PATTERN } from '../definitions/schema-values.js';
import { pascalCase } from '../ir/names.js';
import { contentType } from './bodies.js';
import { noteAt, type ImportContext } from './context.js';
import { fileMedias, mediaTypesKey } from './files.js';
import { sendableHeader } from './header-text.js';
import type { Place } from './refs.js';
import { childPointer } from './report.js';

type Responses = RouteDefinition['responses'];

export function importResponses(context: ImportContext, responses: unknown, at: Place, route: string): Responses {
  const result: Responses = {};
  if (!isMapping(responses)) return result;
  const statuses = Object.keys(responses).sort();
  for (const status of statuses) {
    const where = { file: at.file, pointer: childPointer(at.pointer, status) };
    const code = /^[1-5]xx$/i.test(status) ? status.toUpperCase() : status;
    if (!/^(?:[2-5][0-9][0-9]|[2-5]XX|default)$/.test(code)) {
      noteAt(
        context,
        where,
        'dropped',
        `status ${status}: svcgen responds with statuses 200 to 599, their classes and default`,
      );
      continue;
    }
    const resolved = context.refs.deref<Record<string, unknown>>(responses[status], where);
    if (!resolved || !isMapping(resolved.value)) continue;
    result[code] = importResponse(
      context,
      resolved.value,
      resolved.followed ? resolved : where,
      `${route}${code === 'default' ? 'Default' : code}`,
      Number(code),
    );
  }
  return result;
}

function importResponse(
  context: ImportContext,
  response: Record<string, unknown>,
  at: Place,
  hint: string,
  status: number,
) {
  const entry: Responses[string] = { envelope: 'none' };
  if (typeof response.description === 'string' && response.description !== '') entry.description = response.description;
  const bodyless = status === 204 || status === 304;
  let found: ReturnType<typeof contentType>;
  if (context.version === '2.0') {
    if (response.schema !== undefined)
      found = {
        type: context.schemas.typeOf(
          response.schema,
          { file: at.file, pointer: childPointer(at.pointer, 'schema') },
          `${pascalCase(hint)}Body`,
        ),
        json: true,
        form: false,
      };
  } else if (isMapping(response.content)) {
    const contentAt = { file: at.file, pointer: childPointer(at.pointer, 'content') };
    const medias = bodyless ? undefined : fileMedias(context, response.content, contentAt);
    if (medias) entry.file = mediaTypesKey(medias);
    else
      found = contentType(
        context,
        response.content,
        { file: at.file, pointer: childPointer(at.pointer, 'content') },
        `${pascalCase(hint)}Body`,
        true,
      );
  }
  if (found && bodyless) noteAt(context, at, 'dropped', `a body on status ${status}: ${status} responses carry none`);
  else if (found) entry.body = found.type;
  const headers = responseHeaders(
    context,
    response.headers,
    { file: at.file, pointer: childPointer(at.pointer, 'headers') },
    hint,
  );
  if (Object.keys(headers).length > 0) entry.headers = headers;
  return entry;
}

function responseHeaders(
  context: ImportContext,
  headers: unknown,
  at: Place,
  hint: string,
): Record<string, ParameterDefinition> {
  const result: Record<string, ParameterDefinition> = {};
  if (!isMapping(headers)) return result;
  for (const name of Object.keys(headers).sort()) {
    const where = { file: at.file, pointer: childPointer(at.pointer, name) };
    if (!TOKEN_PATTERN.test(name) || name.toLowerCase() === 'content-type') {
      noteAt(
        context,
        where,
        'dropped',
        `response header ${JSON.stringify(name)}: ${TOKEN_PATTERN.test(name) ? 'set by the server' : 'not an HTTP token'}`,
      );
      continue;
    }
    const resolved = context.refs.deref<Record<string, unknown>>(headers[name], where);
    if (!resolved || !isMapping(resolved.value)) continue;
    const header = resolved.value;
    const schema = context.version === '2.0' ? header : (header.schema ?? {});
    const place =
      context.version === '2.0' ? resolved : { file: resolved.file, pointer: childPointer(resolved.pointer, 'schema') };
    const type = context.schemas.typeOf(schema, place, `${hint}${pascalCase(name)}`);
    const structured = !['string', 'integer', 'number', 'boolean', 'date', 'date-time', 'enum', 'list'].includes(
      type.type,
    );
    result[name] = sendableHeader(context, place, `response header ${name}`, {
      ...type,
      ...(typeof header.description === 'string' && { description: header.description }),
      ...(header.required === true && { required: true }),
      ...(structured && { style: 'json' as const }),
    });
  }
  return result;
}
