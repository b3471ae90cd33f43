// The routes of a page: parameters, body, responses and the errors each can answer with.
import type { ModuleIr, ParameterIr, ResponseIr, RouteIr } from '../../ir/types.js';
import { inline } from './markdown.js';
import type { ParameterView, ResponseView, RouteView } from './page-types.js';
import { typeText } from './type-text.js';
import { anchor, origin, shown, text } from './view-helpers.js';

function parameterView(module: ModuleIr, param: ParameterIr, location: ParameterView['in']): ParameterView {
  const style = param.style === 'form' ? '' : param.style === 'json' ? ' (JSON text)' : ' (deepObject)';
  return {
    name: param.name,
    in: location,
    type: inline(`${typeText(param.type, module.name)}${style}`),
    required: location === 'path' || (param.required && param.default === undefined),
    default: shown(param.default),
    description: text(param.description),
    ...origin(param.origin),
  };
}

export function routeView(module: ModuleIr, route: RouteIr): RouteView {
  const alternative = route.bodyQueryAlternative;
  return {
    name: route.name,
    anchor: anchor('route', route.name),
    method: route.method,
    path: route.fullPath,
    aliases: route.servedPaths.slice(1),
    summary: text(route.summary),
    description: text(route.description),
    auth: route.auth ?? null,
    privilege: route.privilege ?? null,
    action: route.action ?? null,
    parameters: [
      ...route.pathParams.map((param) => parameterView(module, param, 'path')),
      ...route.query.map((param) => parameterView(module, param, 'query')),
      ...route.headers.map((param) => parameterView(module, param, 'header')),
    ],
    body: route.body
      ? {
          type: inline(typeText(route.body, module.name)),
          required: route.bodyRequired,
          formats: route.bodyFormats.join(', '),
          alternative: alternative
            ? inline(`query parameter ${alternative.member} (${alternative.style === 'json' ? 'the same JSON as text' : 'deepObject'}${alternative.origin === 'convention' ? ', convention' : ''})`)
            : null,
        }
      : null,
    responses: route.responses.map((response) => responseView(module, response)),
    errors: route.errors
      .flatMap((name) => {
        const error = module.errors.find((candidate) => candidate.name === name);
        return error ? [{ name, anchor: anchor('error', name), status: error.status, kind: error.kind }] : [];
      })
      .sort((a, b) => a.status - b.status),
    ...origin(route.origin),
  };
}

function responseView(module: ModuleIr, response: ResponseIr): ResponseView {
  const description = [response.description, response.when ? `When ${response.when} is true.` : undefined].filter(Boolean).join(' ');
  return {
    status: response.status,
    body: response.body ? inline(`${typeText(response.body, module.name)}${response.envelope ? '' : ' (no envelope)'}${response.total ? ', with total' : ''}`) : null,
    description: description === '' ? null : inline(description),
    headers: response.headers.length > 0 ? inline(response.headers.map((header) => header.name).join(', ')) : null,
    ...origin(response.origin),
  };
}
