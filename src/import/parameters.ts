// Parameters of every location: path, query, header and cookie, with their styles.
import type { ParameterDefinition, TypeDefinition } from '../definitions/schema.js';
import { isMapping, TOKEN_PATTERN } from '../definitions/schema-values.js';
import { placeholderName } from './naming.js';
import { pascalCase } from '../ir/names.js';
import { noteAt, type ImportContext } from './context.js';
import type { Place } from './refs.js';
import { childPointer } from './report.js';
import { sendableHeader } from './header-text.js';

type Parameter = Record<string, unknown>;
export type Location = 'path' | 'query' | 'header' | 'cookie';

export interface ImportedParameter {
  readonly location: Location;
  readonly name: string;
  readonly definition: ParameterDefinition;
}

/** Headers OpenAPI says a parameter must not describe (they are ignored there). */
const IGNORED_HEADERS = new Set(['accept', 'content-type', 'authorization']);
const SCALARS = new Set(['string', 'integer', 'number', 'boolean', 'date', 'date-time', 'enum']);

/** The operation's parameters, those of the path item first and overridden by the operation's (same name and in). */
export function collectParameters(
  context: ImportContext,
  pathItem: Place & { value: Parameter },
  operation: Place & { value: Parameter },
) {
  const byKey = new Map<string, { parameter: Parameter; at: Place }>();
  for (const owner of [pathItem, operation]) {
    const list = owner.value.parameters;
    if (!Array.isArray(list)) continue;
    list.forEach((entry, index) => {
      const at = { file: owner.file, pointer: childPointer(owner.pointer, 'parameters', index) };
      const resolved = context.refs.deref<Parameter>(entry, at);
      if (!resolved || !isMapping(resolved.value)) return;
      const { name, in: location } = resolved.value;
      if (typeof name !== 'string' || typeof location !== 'string') {
        noteAt(context, at, 'dropped', 'parameter without name or in');
        return;
      }
      byKey.set(`${location}\0${name}`, { parameter: resolved.value, at: resolved.followed ? resolved : at });
    });
  }
  return [...byKey.values()];
}

export function importParameter(
  context: ImportContext,
  parameter: Parameter,
  at: Place,
  route: string,
): ImportedParameter | undefined {
  const name = parameter.name as string;
  const where = parameter.in as string;
  if (where === 'body' || where === 'formData') return undefined; // Swagger 2.0 bodies: bodies.ts
  if (!['path', 'query', 'header', 'cookie'].includes(where)) {
    noteAt(context, at, 'dropped', `parameter ${name} in ${where}: no such location`);
    return undefined;
  }
  const location = where as Location;
  if (location === 'header' && IGNORED_HEADERS.has(name.toLowerCase())) {
    noteAt(context, at, 'dropped', `header ${name}: OpenAPI ignores it as a parameter; svcgen sets it itself`);
    return undefined;
  }
  if ((location === 'header' || location === 'cookie') && !TOKEN_PATTERN.test(name)) {
    noteAt(context, at, 'dropped', `${location} ${JSON.stringify(name)}: not an HTTP token`);
    return undefined;
  }
  const pathName = location === 'path' ? placeholderName(name) : name;
  if (pathName === undefined) {
    noteAt(context, at, 'dropped', `path parameter ${name}: no name of letters, digits and "_" can be made of it`);
    return undefined;
  }
  if (pathName !== name)
    noteAt(context, at, 'renamed', `path parameter ${name}: named ${pathName} (its name is not on the wire)`);
  let type: TypeDefinition;
  let style: ParameterDefinition['style'];
  const hint = `${pascalCase(route)}${pascalCase(name)}`;
  if (isMapping(parameter.content)) {
    // A parameter carried as JSON text (content: application/json).
    const [media, entry] = Object.entries(parameter.content)[0] ?? [];
    const where = { file: at.file, pointer: childPointer(at.pointer, 'content', media ?? '', 'schema') };
    type = context.schemas.typeOf(isMapping(entry) ? entry.schema : {}, where, hint);
    style = 'json';
  } else if (context.version === '2.0') {
    type = context.schemas.typeOf(swaggerParameterSchema(parameter), at, hint);
    if (parameter.type === 'array' && (parameter.collectionFormat ?? 'csv') !== 'multi' && location === 'query')
      noteAt(
        context,
        at,
        'approximated',
        `collectionFormat ${String(parameter.collectionFormat ?? 'csv')}: read as repeated names (multi)`,
      );
  } else {
    type = context.schemas.typeOf(
      parameter.schema ?? {},
      { file: at.file, pointer: childPointer(at.pointer, 'schema') },
      hint,
    );
    style = wireStyle(context, parameter, at, location, type);
  }
  style ??= structuredStyle(context, at, location, type);
  const required = location === 'path' ? true : parameter.required === true;
  const declared: ParameterDefinition = {
    ...type,
    ...(typeof parameter.description === 'string' && { description: parameter.description }),
    ...(location !== 'path' && required && { required: true }),
    ...(style !== undefined && { style }),
  };
  const definition = location === 'header' ? sendableHeader(context, at, `header ${name}`, declared) : declared;
  const schemaDefault = isMapping(parameter.schema) ? parameter.schema.default : parameter.default;
  if (schemaDefault !== undefined) {
    const problem = required ? 'on a required parameter' : context.schemas.defaultProblem(schemaDefault, definition);
    if (problem === undefined) definition.default = schemaDefault;
    else noteAt(context, at, 'approximated', `default ${JSON.stringify(schemaDefault)}: not kept (${problem})`);
  }
  if (
    location === 'cookie' &&
    !SCALARS.has(type.type) &&
    !(type.type === 'list' && SCALARS.has(type.items?.type ?? ''))
  ) {
    noteAt(context, at, 'dropped', `cookie ${name}: a cookie holds scalars or lists of them`);
    return undefined;
  }
  return { location, name: pathName, definition };
}

/** OpenAPI 3's style and explode, as svcgen's style (undefined: the default for the location). */
function wireStyle(context: ImportContext, parameter: Parameter, at: Place, location: string, type: TypeDefinition) {
  const style = parameter.style as string | undefined;
  const explode = parameter.explode as boolean | undefined;
  if (location === 'query') {
    if (style === 'deepObject') return 'deepObject' as const;
    if ((style === undefined || style === 'form') && explode !== false) return undefined;
    if (SCALARS.has(type.type)) return undefined;
    noteAt(
      context,
      at,
      'approximated',
      `style ${style ?? 'form'}${explode === false ? ', explode false' : ''}: read as repeated names (form, explode)`,
    );
    return undefined;
  }
  if (
    (style !== undefined && style !== 'simple' && location !== 'cookie') ||
    (explode === true && !SCALARS.has(type.type))
  )
    noteAt(
      context,
      at,
      'approximated',
      `style ${style ?? 'simple'}${explode ? ', explode' : ''}: read as svcgen's ${location} style`,
    );
  return undefined;
}

/** A structured value where the location has no plain spelling for it travels as JSON text. */
function structuredStyle(context: ImportContext, at: Place, location: string, type: TypeDefinition) {
  const scalarList = type.type === 'list' && isScalarType(type.items);
  if (isScalarType(type) || location === 'cookie') return undefined;
  if (location === 'header' && scalarList) return undefined;
  if (location === 'query' && (scalarList || type.type === 'record')) return undefined;
  if (type.type !== 'json')
    noteAt(context, at, 'approximated', `a ${type.type} in the ${location}: sent as JSON text (style json)`);
  return 'json' as const;
}

/** A scalar, or a union of scalars: one text in every location (the first variant that reads it). */
function isScalarType(type: TypeDefinition | undefined): boolean {
  if (type === undefined) return false;
  if (type.type === 'union') return (type.variants ?? []).every(isScalarType);
  return SCALARS.has(type.type);
}

/** A Swagger 2.0 parameter's type keywords as a schema. */
function swaggerParameterSchema(parameter: Parameter): Parameter {
  const keys = [
    'type',
    'format',
    'items',
    'enum',
    'minimum',
    'maximum',
    'minLength',
    'maxLength',
    'pattern',
    'minItems',
    'maxItems',
    'exclusiveMinimum',
    'exclusiveMaximum',
    'multipleOf',
    'uniqueItems',
  ];
  return Object.fromEntries(keys.filter((key) => parameter[key] !== undefined).map((key) => [key, parameter[key]]));
}
