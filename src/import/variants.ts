// oneOf/anyOf beside an object's own properties: a value is the object and one (any) member at once, so each
// variant is one record of the shared properties and the member's own. These helpers say when that merge
// accepts exactly the instances the schema accepts, and build the merged object schemas.
import type { DiscriminatorDefinition, RecordDefinition } from '../definitions/schema.js';
import { isMapping } from '../definitions/schema-values.js';

type Schema = Record<string, unknown>;

/** An object schema's properties and required names, its allOf members folded in. */
export interface ObjectPart {
  readonly properties: Schema;
  readonly required: unknown[];
}

/** Keywords that do not constrain an instance, or that the merge itself reads. */
const OWN_KEYWORDS = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'allOf',
  'oneOf',
  'anyOf',
  'discriminator',
  'description',
  'title',
  'nullable',
  'readOnly',
  'writeOnly',
  'deprecated',
  'default',
  'example',
  'examples',
  'externalDocs',
  'xml',
]);
const MEMBER_KEYWORDS = new Set([
  'type',
  'properties',
  'required',
  'allOf',
  'description',
  'title',
  'example',
  'examples',
]);

/** The schema says nothing the merge would lose (a minProperties, a not, …) and is an object or untyped. */
export function mergeableOwn(schema: Schema): boolean {
  return onlyKeywords(schema, OWN_KEYWORDS) && isObjectOrUntyped(schema.type) && !(schema.oneOf && schema.anyOf);
}

/** A member that only adds properties and required names (`{required: [a]}` included). */
export function mergeableMember(member: unknown): member is Schema {
  return isMapping(member) && onlyKeywords(member, MEMBER_KEYWORDS) && isObjectOrUntyped(member.type);
}

/**
 * The object schema of the shared part and one member: undefined when a property both give differs (the value
 * would have to match both), or when the shared `additionalProperties` would judge the member's own properties.
 */
export function mergeParts(shared: ObjectPart, member: ObjectPart, extra: unknown): Schema | undefined {
  const properties: Schema = { ...shared.properties };
  for (const [name, property] of Object.entries(member.properties)) {
    const before = properties[name];
    if (before === undefined) {
      if (extra !== undefined && extra !== true) return undefined;
      properties[name] = property;
    } else if (isEmptySchema(before)) properties[name] = property;
    else if (!isEmptySchema(property) && JSON.stringify(before) !== JSON.stringify(property)) return undefined;
  }
  const required = [...new Set([...shared.required, ...member.required])].filter((name) => typeof name === 'string');
  for (const name of required) {
    // A required name no property describes: present, with any value the other members allow.
    if (properties[name] !== undefined) continue;
    if (extra === false) return undefined;
    properties[name] = isMapping(extra) ? extra : {};
  }
  return { type: 'object', properties, required, ...(extra !== undefined && { additionalProperties: extra }) };
}

/**
 * The document's discriminator, kept where svcgen can say it: every variant's member a required enum of one value,
 * no value naming two variants. Elsewhere it is left out, which changes no accepted instance (it only names
 * the variant).
 */
export function importedDiscriminator(
  discriminator: unknown,
  variants: readonly { name: string; record: RecordDefinition | undefined }[],
): DiscriminatorDefinition | undefined {
  if (!isMapping(discriminator) || typeof discriminator.propertyName !== 'string') return undefined;
  const property = discriminator.propertyName;
  const mapping: Record<string, string> = {};
  for (const { name, record } of variants) {
    const field = record?.fields[property];
    const value = field?.type === 'enum' && field.values?.length === 1 ? field.values[0]! : undefined;
    if (value === undefined || field?.required === false || field?.nullable === true) return undefined;
    if (mapping[value] !== undefined) return undefined;
    mapping[value] = name;
  }
  return { property, mapping };
}

function onlyKeywords(schema: Schema, allowed: ReadonlySet<string>): boolean {
  return Object.keys(schema).every((key) => allowed.has(key) || key.startsWith('x-'));
}

function isObjectOrUntyped(type: unknown): boolean {
  if (type === undefined || type === 'object') return true;
  return Array.isArray(type) && type.every((word) => word === 'object' || word === 'null');
}

function isEmptySchema(schema: unknown): boolean {
  return schema === true || (isMapping(schema) && Object.keys(schema).length === 0);
}
