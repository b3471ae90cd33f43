// Which side of the wire each schema is on, by place ("file#pointer"): what requests carry (bodies, parameters)
// and what responses send. An object schema that does not say `additionalProperties` allows members it does not
// name; import keeps that where only requests reach it (an open record) and says where it cannot (schemas.ts).
import { isMapping } from '../definitions/schema-values.js';
import type { ImportContext } from './context.js';
import type { Place } from './refs.js';
import { childPointer } from './report.js';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export interface SchemaSides {
  readonly request: ReadonlySet<string>;
  readonly response: ReadonlySet<string>;
}

export function schemaSides(context: Pick<ImportContext, 'refs' | 'root' | 'file'>): SchemaSides {
  const { refs } = context;
  const sides = { request: new Set<string>(), response: new Set<string>() };
  const schema = (reached: Set<string>, value: unknown, at: Place): void => {
    const key = `${at.file}#${at.pointer}`;
    if (!isMapping(value) || reached.has(key)) return;
    reached.add(key);
    if (typeof value.$ref === 'string') {
      const target = refs.target(value.$ref, at);
      if (target) schema(reached, target.value, target);
      return;
    }
    const child = (inner: unknown, ...keys: (string | number)[]) =>
      schema(reached, inner, { file: at.file, pointer: childPointer(at.pointer, ...keys) });
    if (isMapping(value.properties))
      for (const [name, property] of Object.entries(value.properties)) child(property, 'properties', name);
    for (const keyword of ['items', 'additionalProperties'] as const) child(value[keyword], keyword);
    for (const keyword of ['allOf', 'oneOf', 'anyOf'] as const) {
      const members = value[keyword];
      if (Array.isArray(members)) members.forEach((member, index) => child(member, keyword, index));
    }
  };
  /** A response, request body or parameter: its schema (Swagger 2.0) or each media type's (OpenAPI 3). */
  const holder = (reached: Set<string>, value: unknown, at: Place): void => {
    const resolved = refs.deref<Record<string, unknown>>(value, at);
    if (!resolved || !isMapping(resolved.value)) return;
    const where = resolved.followed ? resolved : at;
    schema(reached, resolved.value.schema, { file: where.file, pointer: childPointer(where.pointer, 'schema') });
    const content = isMapping(resolved.value.content) ? resolved.value.content : {};
    for (const [media, entry] of Object.entries(content))
      if (isMapping(entry))
        schema(reached, entry.schema, {
          file: where.file,
          pointer: childPointer(where.pointer, 'content', media, 'schema'),
        });
  };
  const each = (list: unknown, at: Place, key: string) => {
    if (Array.isArray(list))
      list.forEach((entry, index) =>
        holder(sides.request, entry, { ...at, pointer: childPointer(at.pointer, key, index) }),
      );
  };
  const paths = isMapping(context.root.paths) ? context.root.paths : {};
  for (const path of Object.keys(paths)) {
    const item = refs.deref<Record<string, unknown>>(paths[path], {
      file: context.file,
      pointer: childPointer('/paths', path),
    });
    if (!item || !isMapping(item.value)) continue;
    each(item.value.parameters, item, 'parameters');
    for (const method of METHODS) {
      const operation = item.value[method];
      if (!isMapping(operation)) continue;
      const at = { file: item.file, pointer: childPointer(item.pointer, method) };
      each(operation.parameters, at, 'parameters');
      if (operation.requestBody !== undefined)
        holder(sides.request, operation.requestBody, { ...at, pointer: childPointer(at.pointer, 'requestBody') });
      if (!isMapping(operation.responses)) continue;
      for (const [status, value] of Object.entries(operation.responses))
        holder(sides.response, value, { ...at, pointer: childPointer(at.pointer, 'responses', status) });
    }
  }
  return sides;
}
