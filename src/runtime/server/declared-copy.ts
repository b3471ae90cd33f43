// The bounded way to write a result the compiled reader (response-reader.ts) does not take, where the schema holds a
// record that holds itself, directly or through a union (an imported document tree: nodes whose children are the
// union of nodes again). fast-json-stringify, handed such a schema, walks every path through its references and may
// not finish compiling; this copy walks the zod schema beside the value instead, so its cost is the value's size. It
// keeps the declared members only, each read once; the plugin then judges the copy (so the value judged is the value
// sent) and JSON.stringify writes it. A circular result, one nested past MAX_DEPTH, or a value no variant of a union
// takes is refused with where it is.
import type { z } from 'zod';
import { jsonPointer } from '../core/errors.js';
import { declaredViolations } from '../core/response-check.js';
import { defOf, propValues, WRAPPERS, type ZodDef } from './zod-def.js';

/** Schemas of scalars: the value is copied as it is, when JSON can hold it. */
const SCALARS = new Set(['string', 'number', 'int', 'boolean', 'null', 'literal', 'enum', 'template_literal']);
/** Names every plain object inherits: read only as a result's own members. */
const INHERITED = new Set(Object.getOwnPropertyNames(Object.prototype));
/** Deeper than any document a handler means to send; a deeper result is refused rather than overflow the stack. */
const MAX_DEPTH = 256;

/** A result the copy does not take: where (a JSON pointer into the result) and why. */
export class CopyRefused extends Error {
  readonly pointer: string;

  constructor(path: readonly PropertyKey[], reason: string) {
    const pointer = jsonPointer(path) || '/';
    super(`${pointer}: ${reason}`);
    this.name = 'CopyRefused';
    this.pointer = pointer;
  }
}

/** The schemas a schema holds, read through getters (zod keeps what a getter returns: a cycle is the same objects). */
function innerSchemas(def: ZodDef): z.ZodType[] {
  const inner = [
    ...Object.values(def.shape ?? {}),
    ...(def.options ?? []),
    ...(def.items ?? []),
    def.catchall,
    def.element,
    def.keyType,
    def.valueType,
    def.innerType,
    def.in,
    def.out,
    def.left,
    def.right,
    def.rest ?? undefined,
    def.type === 'lazy' ? def.getter?.() : undefined,
  ];
  return inner.filter((schema): schema is z.ZodType => schema !== undefined);
}

/** Whether the schema holds itself somewhere (a record whose members lead back to it): each schema is visited once. */
export function isRecursive(root: z.ZodType): boolean {
  const done = new Set<z.ZodType>();
  const open = new Set<z.ZodType>();
  // An explicit stack: a deep schema must not overflow the call stack. Each entry is a schema, and whether its
  // inner schemas were pushed already (then it is closed).
  const stack: Array<[z.ZodType, boolean]> = [[root, false]];
  while (stack.length > 0) {
    const [schema, expanded] = stack.pop() as [z.ZodType, boolean];
    if (expanded) {
      open.delete(schema);
      done.add(schema);
      continue;
    }
    if (open.has(schema)) return true;
    if (done.has(schema)) continue;
    open.add(schema);
    stack.push([schema, true]);
    for (const inner of innerSchemas(defOf(schema))) {
      if (open.has(inner)) return true;
      if (!done.has(inner)) stack.push([inner, false]);
    }
  }
  return false;
}

/** The result's declared members, copied by its zod schema; throws CopyRefused where it cannot be. */
export function declaredCopy(schema: z.ZodType, value: unknown): unknown {
  return copy(schema, value, [], new Set());
}

function copy(schema: z.ZodType, value: unknown, path: PropertyKey[], open: Set<object>): unknown {
  const def = defOf(schema);
  if (def.type === 'nullable' && value === null) return null;
  if (WRAPPERS.has(def.type) && def.innerType) return copy(def.innerType, value, path, open);
  if (def.type === 'lazy' && def.getter) return copy(def.getter(), value, path, open);
  if (def.type === 'pipe' && def.in && def.out)
    return copy(defOf(def.in).type === 'transform' ? def.out : def.in, value, path, open);
  if (SCALARS.has(def.type)) return scalar(value, path);
  if (def.type === 'union') return copy(variant(schema, def, value, path), value, path, open);
  if (def.type === 'unknown' || def.type === 'any') return anyJson(value, path, open);
  if (typeof value !== 'object' || value === null) throw new CopyRefused(path, 'expected an object or a list');
  if (open.has(value)) throw new CopyRefused(path, 'the result is circular (it holds itself)');
  if (path.length > MAX_DEPTH) throw new CopyRefused(path, `nested deeper than ${MAX_DEPTH} levels`);
  open.add(value);
  try {
    return container(def, value, path, open);
  } finally {
    open.delete(value);
  }
}

function container(def: ZodDef, value: object, path: PropertyKey[], open: Set<object>): unknown {
  if (def.type === 'array' && def.element) {
    if (!Array.isArray(value)) throw new CopyRefused(path, 'expected a list');
    // One path array for the whole copy, pushed and popped, not a new array per member.
    const out = new Array<unknown>(value.length);
    for (let index = 0; index < value.length; index += 1) {
      path.push(index);
      out[index] = copy(def.element, value[index], path, open);
      path.pop();
    }
    return out;
  }
  if (Array.isArray(value)) throw new CopyRefused(path, 'expected an object, got a list');
  const members = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  if (def.type === 'object' && def.shape) {
    for (const [name, member] of Object.entries(def.shape)) {
      const given = INHERITED.has(name) && !Object.hasOwn(members, name) ? undefined : members[name];
      if (given !== undefined) {
        path.push(name);
        out[name] = copy(member, given, path, open);
        path.pop();
      } else if (defOf(member).type === 'default') out[name] = jsonClone(defOf(member).defaultValue);
    }
    const rest = def.catchall && defOf(def.catchall).type !== 'never' ? def.catchall : undefined;
    if (rest)
      for (const name of ownNames(members, def.shape)) out[name] = copy(rest, members[name], [...path, name], open);
    return out;
  }
  if (def.type === 'record' && def.valueType) {
    for (const name of ownNames(members, {})) out[name] = copy(def.valueType, members[name], [...path, name], open);
    return out;
  }
  throw new CopyRefused(path, `a ${def.type} schema is not written this way`);
}

/**
 * The variant that takes the value: by its tag for a discriminated union; else the first zod takes as it is, else
 * (the value holds undeclared members) the one that declares most of the value's members, so that a member of the
 * variant meant is not lost to an earlier variant that also takes the value without it.
 */
function variant(schema: z.ZodType, def: ZodDef, value: unknown, path: PropertyKey[]): z.ZodType {
  const options = def.options ?? [];
  const tag = def.discriminator;
  const members = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  const found =
    tag !== undefined && members
      ? options.find((option) => propValues(option, tag)?.has(members[tag]))
      : (options.find((option) => option.safeParse(value).success) ?? mostDeclared(options, value));
  if (!found)
    throw new CopyRefused(
      path,
      `no variant of the union takes the value (${declaredViolations(schema, value).join('; ')})`,
    );
  return found;
}

/** Of the options that take the value but for its undeclared members, the one declaring most of its members. */
function mostDeclared(options: readonly z.ZodType[], value: unknown): z.ZodType | undefined {
  const names = typeof value === 'object' && value !== null ? Object.keys(value) : [];
  let best: z.ZodType | undefined;
  let bestCount = -1;
  for (const option of options) {
    if (declaredViolations(option, value).length > 0) continue;
    const shape = shapeOf(option);
    const count = names.filter((name) => Object.hasOwn(shape, name)).length;
    if (count > bestCount) [best, bestCount] = [option, count];
  }
  return best;
}

/** The members a record schema declares, through wrappers; {} for any other schema. */
function shapeOf(schema: z.ZodType): Record<string, z.ZodType> {
  const def = defOf(schema);
  if (WRAPPERS.has(def.type) && def.innerType) return shapeOf(def.innerType);
  if (def.type === 'lazy' && def.getter) return shapeOf(def.getter());
  return def.type === 'object' ? (def.shape ?? {}) : {};
}

function scalar(value: unknown, path: PropertyKey[]): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  throw new CopyRefused(path, `expected a JSON value, got ${typeof value}`);
}

/** Any JSON value (an undeclared shape): own members of plain data, nothing JSON cannot hold. */
function anyJson(value: unknown, path: PropertyKey[], open: Set<object>): unknown {
  if (typeof value !== 'object' || value === null) return scalar(value, path);
  if (open.has(value)) throw new CopyRefused(path, 'the result is circular (it holds itself)');
  if (path.length > MAX_DEPTH) throw new CopyRefused(path, `nested deeper than ${MAX_DEPTH} levels`);
  open.add(value);
  try {
    if (Array.isArray(value)) return value.map((item, index) => anyJson(item, [...path, index], open));
    const out: Record<string, unknown> = {};
    const members = value as Record<string, unknown>;
    for (const name of ownNames(members, {})) out[name] = anyJson(members[name], [...path, name], open);
    return out;
  } finally {
    open.delete(value);
  }
}

/** The value's own enumerable names, but those a shape declares and __proto__ (which JSON would write as a member). */
function ownNames(value: Record<string, unknown>, declared: Record<string, unknown>): string[] {
  return Object.keys(value).filter(
    (name) => name !== '__proto__' && !Object.hasOwn(declared, name) && value[name] !== undefined,
  );
}

function jsonClone(value: unknown): unknown {
  const text = JSON.stringify(value);
  return text === undefined ? undefined : (JSON.parse(text) as unknown);
}
