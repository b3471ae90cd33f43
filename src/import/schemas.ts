// JSON Schemas to types and records: component object schemas become records under their own
// names, nested inline objects named records after their place, everything else a type in place.
import type { FieldDefinition, RecordDefinition, TypeDefinition } from '../definitions/schema.js';
import { FIELD_NAME_PATTERN, isMapping } from '../definitions/schema-values.js';
import { pascalCase } from '../ir/names.js';
import { patternRegExp } from '../ir/pattern-regexp.js';
import { backtrackingProblem } from '../ir/pattern-safety.js';
import { defaultProblem } from './defaults.js';
import * as mapping from './mapping.js';
import { importedDiscriminator, mergeableMember, mergeableOwn, mergeParts } from './variants.js';
import type { NameRegistry } from './naming.js';
import type { Place, Refs } from './refs.js';
import { childPointer, type ImportReport, type NoteKind } from './report.js';

type Schema = Record<string, unknown>;

export class Schemas {
  /** Records by name, in the order they were made. */
  readonly records = new Map<string, RecordDefinition>();
  /** The record made from a place (a component or an inline object), by "file#pointer". */
  private readonly byPlace = new Map<string, { name: string; marks: Set<NoteKind> }>();
  /**
   * Places whose type is being worked out, each with the count of records made when it was entered: a $ref back
   * to one of them is a recursion, which ends at a record made since (a union of records that hold it), and
   * nowhere otherwise.
   */
  private readonly inProgress = new Map<string, number>();
  /** Named types (the `types:` section) by name: component unions of objects, in the order they were made. */
  readonly types = new Map<string, TypeDefinition>();
  /** The named type made from a component, by "file#pointer". */
  private readonly typeByPlace = new Map<string, { name: string; marks: Set<NoteKind> }>();
  /** Where a property merged from an allOf member (or a oneOf beside properties) is written: its notes go there. */
  private readonly origins = new WeakMap<object, Place>();

  /** `file`: the definitions file written, whose name references to its named types carry. */
  constructor(
    private readonly refs: Refs,
    private readonly report: ImportReport,
    private readonly names: NameRegistry,
    private readonly file: string,
  ) {}

  /** The type of the schema at a place; `hint` names a record made from it. */
  typeOf(schema: unknown, at: Place, hint: string): TypeDefinition {
    const note = (kind: NoteKind, text: string, where = at.pointer) => this.report.note(kind, at.file, where, text);
    if (schema === true || (isMapping(schema) && Object.keys(schema).length === 0)) return { type: 'json' };
    if (!isMapping(schema)) {
      note('approximated', 'not a schema object: approximated as json');
      return { type: 'json' };
    }
    if (typeof schema.$ref === 'string') return this.refType(schema, at, hint);
    const description = typeof schema.description === 'string' ? { description: schema.description } : {};
    const type = this.bareType(schema, at, hint);
    const nullable = isNullable(schema) || type.nullable === true;
    return { ...type, ...description, ...(nullable && { nullable: true }) };
  }

  private refType(schema: Schema, at: Place, hint: string): TypeDefinition {
    const target = this.refs.target(schema.$ref as string, at);
    if (!target) return { type: 'json' };
    const key = `${target.file}#${target.pointer}`;
    const siblings = { ...schema, $ref: undefined };
    const nullable = isNullable(siblings);
    const description = typeof schema.description === 'string' ? { description: schema.description } : {};
    const made = this.byPlace.get(key);
    if (made) {
      this.report.charge(made.marks);
      // A nullable component (nullable-simple-user) makes every use of its record nullable.
      const orNull = nullable || (isMapping(target.value) && isNullable(target.value));
      return { type: 'record', record: made.name, ...description, ...(orNull && { nullable: true }) };
    }
    const component = this.componentName(target.pointer);
    if (component !== undefined && this.isUnionOfObjects(target.value, target)) {
      const named = this.namedUnion(key, component, target);
      return { type: `${this.file}.${named}`, ...description, ...(nullable && { nullable: true }) };
    }
    const entered = this.inProgress.get(key);
    if (entered !== undefined && entered === this.records.size) {
      this.report.note('approximated', at.file, at.pointer, 'a recursive schema that is not an object: json');
      return { type: 'json' };
    }
    const name = this.componentName(target.pointer) ?? hint;
    this.inProgress.set(key, this.records.size);
    try {
      const type = this.typeOf(target.value, target, name);
      return { ...type, ...description, ...((nullable || type.nullable) && { nullable: true }) };
    } finally {
      if (entered === undefined) this.inProgress.delete(key);
      else this.inProgress.set(key, entered);
    }
  }

  /**
   * A component that is a oneOf/anyOf of objects (Figma's `SubcanvasNode`) is a named type, as the document names
   * it: written once in `types:`, each use names it. Spelled out at every use, a union that the records it holds
   * hold again (a tree's `children`) was written once per record, and generated once per record too.
   */
  private namedUnion(key: string, component: string, target: Place & { value: unknown }): string {
    return this.madeOnce(this.typeByPlace, key, target, component, 'type', (name) =>
      this.types.set(name, this.typeOf(target.value, target, name)),
    );
  }

  /**
   * The name of what is made from a place (a record, a named type), made once: entered before `make` runs, so that
   * a reference from within finds it, and each later use charged with the notes making it gave.
   */
  private madeOnce(
    made: Map<string, { name: string; marks: Set<NoteKind> }>,
    key: string,
    at: Place,
    wanted: string,
    kind: 'record' | 'type',
    make: (name: string) => void,
  ): string {
    const found = made.get(key);
    if (found) {
      this.report.charge(found.marks);
      return found.name;
    }
    const name = this.names.claim(wanted, kind);
    if (name !== wanted && this.componentName(at.pointer) === wanted)
      this.report.note(
        'renamed',
        at.file,
        at.pointer,
        `schema name ${wanted}: not usable as a ${kind} name, named ${name}`,
      );
    const entry = { name, marks: new Set<NoteKind>() };
    made.set(key, entry);
    const marks = this.report.marksDuring(() => make(name));
    for (const mark of marks) entry.marks.add(mark);
    return name;
  }

  /** A oneOf/anyOf (not both) of two or more $refs to object schemas (or allOf of them), not null, without own type. */
  private isUnionOfObjects(value: unknown, at: Place): boolean {
    if (!isMapping(value) || hasOwnType(value) || isNullable(value) || value.allOf !== undefined) return false;
    const keywords = (['oneOf', 'anyOf'] as const).filter((keyword) => value[keyword] !== undefined);
    const keyword = keywords.length === 1 ? keywords[0] : undefined;
    const members = keyword && value[keyword];
    if (!keyword || !Array.isArray(members) || members.length < 2) return false;
    return members.every((member, index) => {
      if (!isMapping(member) || typeof member.$ref !== 'string' || Object.keys(member).length > 1) return false;
      // Where the member's own type is read from: a $ref naming nothing is reported there, once.
      const target = this.refs.target(member.$ref, { ...at, pointer: childPointer(at.pointer, keyword, index) });
      const object = target?.value;
      if (!isMapping(object) || isNullable(object) || object.oneOf !== undefined || object.anyOf !== undefined)
        return false;
      // An object, or the allOf an object is merged from: a record, so a use of the union inside it goes through one.
      return object.type === 'object' || isMapping(object.properties) || Array.isArray(object.allOf);
    });
  }

  /** The name a component schema asks for (the last pointer segment), for /components/schemas/X and /definitions/X. */
  private componentName(pointer: string): string | undefined {
    const match = /^\/(?:components\/schemas|definitions)\/([^/]+)$/.exec(pointer);
    return match ? match[1]!.replaceAll('~1', '/').replaceAll('~0', '~') : undefined;
  }

  private bareType(schema: Schema, at: Place, hint: string): TypeDefinition {
    const note = (text: string, kind: NoteKind = 'approximated') => this.report.note(kind, at.file, at.pointer, text);
    for (const keyword of ['oneOf', 'anyOf'] as const) {
      const members = schema[keyword];
      if (!Array.isArray(members)) continue;
      const others = members.filter((member) => !isNullSchema(member));
      const orNull = others.length < members.length ? { nullable: true } : {};
      if (others.length === 1 && !hasOwnType(schema)) {
        const index = members.indexOf(others[0]);
        return {
          ...this.typeOf(others[0], { ...at, pointer: childPointer(at.pointer, keyword, index) }, hint),
          ...orNull,
        };
      }
      const enumValues = stringEnumUnion(others);
      if (enumValues) return { type: 'enum', values: enumValues, ...orNull };
      if (hasOwnType(schema)) {
        const merged = others.length === members.length ? this.variantsBesideOwn(schema, keyword, at, hint) : undefined;
        if (merged) return merged;
        const approximation = mapping.unionBesideOwnType(keyword);
        note(approximation.note);
        return approximation.type;
      }
      const variants = others.map((member, index) =>
        this.typeOf(
          member,
          { ...at, pointer: childPointer(at.pointer, keyword, members.indexOf(member)) },
          `${hint}Variant${index + 1}`,
        ),
      );
      // A member taken as json (any value) matches whatever another member does: an exclusive union of it would
      // refuse those values, so the whole is json.
      if (variants.some((variant) => variant.type === 'json')) {
        if (keyword === 'oneOf') note('oneOf with a member imported as json: approximated as json');
        return { type: 'json', ...orNull };
      }
      // null matching two members of a oneOf matches no single one: the union then refuses it.
      const nullableMembers = variants.filter((variant) => variant.nullable === true).length;
      const refusesNull = keyword === 'oneOf' && nullableMembers + (orNull.nullable ? 1 : 0) > 1;
      const union = this.unionOf(
        variants,
        (list) => this.taggedUnion(schema.discriminator, others, list, at) ?? mapping.union(keyword, list),
      );
      if (refusesNull) {
        const { nullable: _nullable, ...refusingNull } = union;
        return refusingNull;
      }
      return { ...union, ...orNull };
    }
    if (Array.isArray(schema.allOf)) return this.allOfType(schema, at, hint);
    for (const keyword of ['not', 'if', 'patternProperties', 'dependentSchemas', 'prefixItems']) {
      if (schema[keyword] === undefined) continue;
      const approximation = mapping.unsupportedKeyword(keyword);
      note(approximation.note);
      return approximation.type;
    }
    const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter(
      (type): type is string => typeof type === 'string' && type !== 'null',
    );
    if (Array.isArray(schema.enum)) return this.enumType(schema, types, note);
    if (types.length === 0 && (schema.type === 'null' || Array.isArray(schema.type))) {
      note('type null alone: no type says only null, approximated as json');
      return { type: 'json' };
    }
    if (schema.const !== undefined) {
      if (typeof schema.const === 'string') return { type: 'enum', values: [schema.const] };
      if (typeof schema.const === 'number' || typeof schema.const === 'boolean') return mapping.constant(schema.const);
      note(`const ${JSON.stringify(schema.const)}: only scalar constants, approximated as its type`);
    }
    const type = types.length > 1 ? undefined : (types[0] ?? this.impliedType(schema, note));
    if (types.length > 1) {
      // Each listed type keeps the keywords that apply to it; the types never overlap, so anyOf is exact.
      const variants = types.map((listed) =>
        this.bareType({ ...schema, type: listed, nullable: undefined }, at, `${hint}${pascalCase(listed)}`),
      );
      return this.unionOf(variants, mapping.typeList);
    }
    switch (type) {
      case 'string':
        return this.stringType(schema, note);
      case 'integer':
      case 'number':
        return this.numberType(schema, type, note);
      case 'boolean':
        return { type: 'boolean' };
      case 'array':
        return this.listType(schema, at, hint, note);
      case 'object':
        return this.objectType(schema, at, hint);
      default:
        return { type: 'json' };
    }
  }

  /**
   * The type a schema without `type` implies by its keywords (`properties` an object, `items` a list). JSON Schema
   * applies those keywords only to values of their type and takes any other value: the type narrows, reported.
   */
  private impliedType(schema: Schema, note: (text: string) => void): string | undefined {
    const keyword = isMapping(schema.properties)
      ? 'properties'
      : schema.additionalProperties !== undefined
        ? 'additionalProperties'
        : schema.items !== undefined
          ? 'items'
          : undefined;
    if (keyword === undefined) return undefined;
    const implied = keyword === 'items' ? 'array' : 'object';
    note(mapping.impliedType(keyword, implied));
    return implied;
  }

  private enumType(schema: Schema, types: string[], note: (text: string) => void): TypeDefinition {
    const values = [...new Set((schema.enum as unknown[]).filter((value) => value !== null))];
    if (values.length > 0 && values.every((value) => typeof value === 'string')) return { type: 'enum', values };
    if (values.length > 0 && values.every(isScalar)) return mapping.constantEnum(values);
    const base = types[0];
    note(`enum of ${values.length === 0 ? 'no' : 'structured'} values: approximated as ${base ?? 'json'}`);
    if (base === 'integer' || base === 'number' || base === 'boolean' || base === 'string') return { type: base };
    return { type: 'json' };
  }

  /** A union of the variants, the nullable ones making the union nullable; one variant left: itself. */
  private unionOf(variants: TypeDefinition[], union: (variants: TypeDefinition[]) => TypeDefinition): TypeDefinition {
    const nullable = variants.some((variant) => variant.nullable === true);
    const plain = variants.map(({ nullable: _nullable, ...variant }) => stripFieldKeys(variant));
    const type = plain.length === 1 ? plain[0]! : union(plain);
    return { ...type, ...(nullable && { nullable: true }) };
  }

  private stringType(schema: Schema, note: (text: string) => void): TypeDefinition {
    let type: TypeDefinition = { type: 'string' };
    if (typeof schema.format === 'string') {
      const mapped = mapping.stringFormat(schema.format);
      if (mapped.note) note(mapped.note);
      type = mapped.type;
    }
    if (type.type !== 'string') return type;
    const constraints: Partial<TypeDefinition> = {};
    if (isCount(schema.minLength) && schema.minLength > 0) constraints.minLength = schema.minLength;
    if (isCount(schema.maxLength)) constraints.maxLength = schema.maxLength;
    if (typeof schema.pattern === 'string') {
      const problem = patternProblem(schema.pattern, constraints.maxLength);
      if (problem) note(`pattern ${JSON.stringify(schema.pattern)}: ${problem}, dropped`);
      else constraints.pattern = schema.pattern;
    }
    return { ...type, ...constraints };
  }

  private numberType(schema: Schema, type: 'integer' | 'number', note: (text: string) => void): TypeDefinition {
    const result: TypeDefinition = { type };
    if (typeof schema.minimum === 'number') result.minimum = schema.minimum;
    if (typeof schema.maximum === 'number') result.maximum = schema.maximum;
    // An exclusive bound (3.1: a number; 3.0 and 2.0: `true` beside minimum/maximum) of an integer is
    // the next integer inside it; of a number, svcgen's own exclusive bound. Both exact.
    const exclusive = (
      keyword: 'exclusiveMinimum' | 'exclusiveMaximum',
      inclusive: 'minimum' | 'maximum',
      step: number,
    ) => {
      const value = schema[keyword];
      const limit = value === true ? result[inclusive] : typeof value === 'number' ? value : undefined;
      if (limit === undefined) return;
      if (value === true) delete result[inclusive];
      if (type === 'number') result[keyword] = limit;
      else {
        const next = Number.isInteger(limit) ? limit + step : Math[step > 0 ? 'ceil' : 'floor'](limit);
        const current = result[inclusive];
        result[inclusive] = current === undefined ? next : Math[step > 0 ? 'max' : 'min'](current, next);
      }
    };
    exclusive('exclusiveMinimum', 'minimum', 1);
    exclusive('exclusiveMaximum', 'maximum', -1);
    if (schema.multipleOf !== undefined) note('multipleOf: no such constraint, left out');
    const format = typeof schema.format === 'string' ? schema.format : undefined;
    const width = type === 'integer' && format !== undefined ? mapping.integerFormat(format) : undefined;
    if (width) result.format = width;
    if (format !== undefined && !mapping.numberFormatIsExact(format) && type === 'number')
      note(`format ${format}: not a number format svcgen knows, left out`);
    return result;
  }

  private listType(schema: Schema, at: Place, hint: string, note: (text: string) => void): TypeDefinition {
    const items =
      schema.items === undefined
        ? ({ type: 'json' } as TypeDefinition)
        : this.typeOf(schema.items, { ...at, pointer: childPointer(at.pointer, 'items') }, `${hint}Item`);
    const result: TypeDefinition = { type: 'list', items: stripFieldKeys(items) };
    if (isCount(schema.minItems) && schema.minItems > 0) result.minItems = schema.minItems;
    if (isCount(schema.maxItems)) result.maxItems = schema.maxItems;
    if (schema.uniqueItems === true) note('uniqueItems: no such constraint, left out');
    return result;
  }

  private objectType(schema: Schema, at: Place, hint: string): TypeDefinition {
    for (const keyword of ['minProperties', 'maxProperties'])
      if (schema[keyword] !== undefined)
        this.report.note('approximated', at.file, at.pointer, `${keyword}: no such constraint, left out`);
    const properties = isMapping(schema.properties) ? schema.properties : {};
    const extra = schema.additionalProperties;
    if (Object.keys(properties).length === 0 && extra !== false) {
      const items =
        extra === undefined || extra === true
          ? ({ type: 'json' } as TypeDefinition)
          : this.typeOf(extra, { ...at, pointer: childPointer(at.pointer, 'additionalProperties') }, `${hint}Value`);
      return { type: 'map', items: stripFieldKeys(items) };
    }
    const unnameable = Object.keys(properties).filter((key) => !FIELD_NAME_PATTERN.test(key));
    if (unnameable.length > 0) {
      const approximation = mapping.unnameableMembers(unnameable);
      this.report.note('approximated', at.file, at.pointer, approximation.note);
      return approximation.type;
    }
    return { type: 'record', record: this.recordAt(schema, at, hint) };
  }

  /** The record made from the object schema at a place, made once. */
  recordAt(schema: Schema, at: Place, hint: string, merged?: Schema): string {
    return this.madeOnce(this.byPlace, `${at.file}#${at.pointer}`, at, hint, 'record', (name) => {
      this.records.set(name, { fields: {} }); // reserved now, so that a recursive reference finds it
      this.records.set(name, this.record(merged ?? schema, at, name));
    });
  }

  private record(schema: Schema, at: Place, name: string): RecordDefinition {
    const properties = isMapping(schema.properties) ? schema.properties : {};
    const required = new Set(Array.isArray(schema.required) ? schema.required : []);
    const extra = schema.additionalProperties;
    const additionalFields = this.otherMembers(extra, at, name);
    const fields: Record<string, FieldDefinition> = {};
    for (const [key, property] of Object.entries(properties)) {
      const place = (isMapping(property) && this.origins.get(property)) || {
        ...at,
        pointer: childPointer(at.pointer, 'properties', key),
      };
      if (!FIELD_NAME_PATTERN.test(key)) {
        this.report.note(
          'dropped',
          place.file,
          place.pointer,
          `property ${JSON.stringify(key)}: not usable as a field name`,
        );
        continue;
      }
      fields[key] = this.field(property, place, `${name}${pascalCase(key)}`, required.has(key));
    }
    // A required name no property describes: present, with any value the additional members may have.
    for (const key of required)
      if (typeof key === 'string' && !(key in properties) && FIELD_NAME_PATTERN.test(key) && extra !== false)
        fields[key] = typeof additionalFields === 'object' ? additionalFields : { type: 'json' };
    return {
      ...(typeof schema.description === 'string' && { description: schema.description }),
      ...(additionalFields !== undefined && { additionalFields }),
      fields,
    };
  }

  /**
   * What a record keeps of the members it does not name: none (`false`), their type (`additionalProperties`), or,
   * without the keyword (JSON Schema allows any), `ignore`: a request's are accepted and left out, and a server
   * still sends only the members the document names.
   */
  private otherMembers(extra: unknown, at: Place, name: string): RecordDefinition['additionalFields'] {
    if (extra === false) return undefined;
    if (extra === undefined) return 'ignore';
    const place = { ...at, pointer: childPointer(at.pointer, 'additionalProperties') };
    return mapping.openRecordFields(stripFieldKeys(this.typeOf(extra, place, `${name}Value`)));
  }

  field(property: unknown, at: Place, hint: string, required: boolean): FieldDefinition {
    const type = this.typeOf(property, at, hint);
    const resolved = this.refs.deref<Schema>(property, at)?.value;
    const readOnly = isMapping(property) && (property.readOnly === true || memberSays(property, 'readOnly'));
    const deprecated = isMapping(property) && property.deprecated === true;
    const field: FieldDefinition = {
      ...type,
      ...(!required && { required: false }),
      ...(readOnly && { readOnly }),
      ...(deprecated && { deprecated }),
    };
    // OpenAPI requires a writeOnly member in requests only; svcgen would require it in responses too.
    if (required && isMapping(property) && (property.writeOnly === true || memberSays(property, 'writeOnly')))
      this.report.note(
        'approximated',
        at.file,
        at.pointer,
        'writeOnly and required: svcgen has no write-only fields; required in responses too',
      );
    const fallback = isMapping(resolved) ? resolved.default : undefined;
    const value = isMapping(property) && property.default !== undefined ? property.default : fallback;
    if (value !== undefined) {
      const problem = this.defaultProblem(value, field);
      if (problem === undefined) field.default = value;
      else this.report.note('approximated', at.file, at.pointer, `default ${short(value)}: not kept (${problem})`);
    }
    return field;
  }

  /** Why `generate` would refuse the value as the type's default (SVC207), judged with the records made so far. */
  defaultProblem(value: unknown, type: TypeDefinition): string | undefined {
    return defaultProblem(value, type, this.records);
  }

  /**
   * The union tagged by the document's discriminator, when every member is an object that says its tag (a required
   * one-value enum or const, read from the document since a record may still be in the making): a value then
   * matches the one variant its tag names, as the oneOf/anyOf says. Untagged, a union of recursive records
   * (Figma's node tree) is judged by trying every variant at every depth.
   */
  private taggedUnion(
    discriminator: unknown,
    members: unknown[],
    variants: TypeDefinition[],
    at: Place,
  ): TypeDefinition | undefined {
    if (!isMapping(discriminator) || typeof discriminator.propertyName !== 'string') return undefined;
    if (!variants.every((variant) => variant.type === 'record')) return undefined;
    const property = discriminator.propertyName;
    const mapping: Record<string, string> = {};
    for (const [index, member] of members.entries()) {
      const { tags, required } = this.tagOf(member, property, at, new Set());
      const [tag] = tags;
      if (tags.size !== 1 || tag === undefined || !required || mapping[tag] !== undefined) return undefined;
      mapping[tag] = variants[index]!.record!;
    }
    return { type: 'union', variants, discriminator: { property, mapping } };
  }

  /** The one-value enums an object schema (its allOf members included) gives a property, and if it requires it. */
  private tagOf(
    schema: unknown,
    property: string,
    at: Place,
    seen: Set<unknown>,
  ): { tags: Set<string>; required: boolean } {
    const found = { tags: new Set<string>(), required: false };
    const resolved = this.refs.deref<Schema>(schema, at);
    if (!resolved || !isMapping(resolved.value) || seen.has(resolved.value)) return found;
    seen.add(resolved.value);
    const value = resolved.value;
    found.required = Array.isArray(value.required) && value.required.includes(property);
    const own = isMapping(value.properties)
      ? this.refs.deref<Schema>(value.properties[property], resolved)?.value
      : undefined;
    if (isMapping(own)) {
      if (typeof own.const === 'string') found.tags.add(own.const);
      else if (Array.isArray(own.enum) && own.enum.length === 1 && typeof own.enum[0] === 'string')
        found.tags.add(own.enum[0]);
    }
    for (const [index, member] of (Array.isArray(value.allOf) ? value.allOf : []).entries()) {
      const place = { file: resolved.file, pointer: childPointer(resolved.pointer, 'allOf', index) };
      const inner = this.tagOf(member, property, place, seen);
      for (const tag of inner.tags) found.tags.add(tag);
      found.required ||= inner.required;
    }
    return found;
  }

  /**
   * oneOf/anyOf beside the object's own properties: a union of records, each the shared properties and one
   * member's own (oneOf stays exclusive). Undefined when a member is no object that merges exactly.
   */
  private variantsBesideOwn(
    schema: Schema,
    keyword: 'oneOf' | 'anyOf',
    at: Place,
    hint: string,
  ): TypeDefinition | undefined {
    if (!mergeableOwn(schema)) return undefined;
    const { oneOf: _oneOf, anyOf: _anyOf, discriminator: _discriminator, ...own } = schema;
    const shared = this.flatten(own, at, new Set());
    if (!shared) return undefined;
    const merged: { schema: Schema; at: Place }[] = [];
    for (const [index, member] of (schema[keyword] as unknown[]).entries()) {
      const place = { ...at, pointer: childPointer(at.pointer, keyword, index) };
      const part = this.memberPart(member, place);
      const combined = part && mergeParts(shared, part, schema.additionalProperties);
      if (!combined) return undefined;
      merged.push({ schema: combined, at: place });
    }
    const names = merged.map((variant, index) =>
      this.recordAt(variant.schema, variant.at, `${hint}Variant${index + 1}`, variant.schema),
    );
    const variants = names.map((name): TypeDefinition => ({ type: 'record', record: name }));
    const discriminator = importedDiscriminator(
      schema.discriminator,
      names.map((name) => ({ name, record: this.records.get(name) })),
    );
    return discriminator ? { type: 'union', variants, discriminator } : mapping.union(keyword, variants);
  }

  /** A oneOf/anyOf member's properties and required names, when it only adds those. */
  private memberPart(member: unknown, at: Place): { properties: Schema; required: unknown[] } | undefined {
    const resolved = this.refs.deref<Schema>(member, at);
    if (!resolved || !mergeableMember(resolved.value)) return undefined;
    const value = resolved.value;
    if (value.type === undefined && value.properties === undefined && value.allOf === undefined)
      return { properties: {}, required: Array.isArray(value.required) ? value.required : [] };
    return this.flatten(member, at, new Set());
  }

  private allOfType(schema: Schema, at: Place, hint: string): TypeDefinition {
    const members = schema.allOf as unknown[];
    const own = { ...schema, allOf: undefined };
    // Keywords that say nothing of the value's type: annotations, and what a field or parameter reads from the
    // schema it is given (FastAPI writes an enum parameter's default as `allOf: [{$ref: Sort}], default: desc`).
    const hasOwn = Object.entries(own).some(
      ([key, value]) => value !== undefined && key !== 'nullable' && !isAnnotation(key),
    );
    if (members.length === 1 && !hasOwn)
      return this.typeOf(members[0], { ...at, pointer: childPointer(at.pointer, 'allOf', 0) }, hint);
    // Merge the members' properties into one record when every member is an object schema.
    const merged: Schema = { type: 'object', properties: {}, required: [] };
    const parts = [...members.map((member, index) => ({ member, pointer: childPointer(at.pointer, 'allOf', index) }))];
    if (hasOwn) parts.push({ member: own, pointer: at.pointer });
    for (const { member, pointer } of parts) {
      const resolved = this.flatten(member, { ...at, pointer }, new Set());
      if (!resolved) {
        const approximation = mapping.unmergeableAllOf();
        this.report.note('approximated', at.file, at.pointer, approximation.note);
        return approximation.type;
      }
      const properties = merged.properties as Schema;
      for (const [key, property] of Object.entries(resolved.properties))
        properties[key] = key in properties ? this.bothOf(properties[key], property, at, key) : property;
      (merged.required as unknown[]).push(...resolved.required);
    }
    if (typeof schema.description === 'string') merged.description = schema.description;
    // A member that refuses other members (additionalProperties: false) keeps the record closed.
    const refuses = (member: unknown, pointer: string) =>
      this.refs.deref<Schema>(member, { ...at, pointer })?.value?.additionalProperties === false;
    if (parts.some(({ member, pointer }) => refuses(member, pointer))) merged.additionalProperties = false;
    return { type: 'record', record: this.recordAt(merged, at, hint, merged) };
  }

  /**
   * A property two allOf members describe: a value must match both. Exact when they say the same, or one only
   * gives the type the other narrows (`{type: string}` and `{type: string, enum: [FRAME]}`): the narrower.
   * Otherwise the last one, reported.
   */
  private bothOf(first: unknown, second: unknown, at: Place, key: string): unknown {
    const value = (schema: unknown) => {
      const resolved = this.refs.deref<Schema>(schema, at)?.value;
      return isMapping(resolved) ? withoutAnnotations(resolved) : resolved;
    };
    const [a, b] = [value(first), value(second)];
    if (JSON.stringify(a) === JSON.stringify(b) || isBareType(b, a)) return first;
    if (isBareType(a, b)) return second;
    const place = (isMapping(second) && this.origins.get(second)) || at;
    this.report.note(
      'approximated',
      place.file,
      place.pointer,
      `property ${key}: allOf members describe it differently; this member's schema is used`,
    );
    return second;
  }

  /** An object schema's properties and required names, allOf members included; undefined when not an object. */
  private flatten(
    schema: unknown,
    at: Place,
    seen: Set<string>,
  ): { properties: Schema; required: unknown[] } | undefined {
    const resolved = this.refs.deref<Schema>(schema, at);
    if (!resolved || !isMapping(resolved.value)) return undefined;
    const key = `${resolved.file}#${resolved.pointer}`;
    if (seen.has(key)) return undefined;
    seen.add(key);
    const value = resolved.value;
    const properties: Schema = {};
    const required: unknown[] = Array.isArray(value.required) ? [...value.required] : [];
    if (Array.isArray(value.allOf)) {
      for (const [index, member] of value.allOf.entries()) {
        const part = this.flatten(
          member,
          { file: resolved.file, pointer: childPointer(resolved.pointer, 'allOf', index) },
          seen,
        );
        if (!part) return undefined;
        Object.assign(properties, part.properties);
        required.push(...part.required);
      }
    } else if (value.type !== 'object' && !isMapping(value.properties) && !onlyRequiredNames(value)) return undefined;
    if (value.oneOf !== undefined || value.anyOf !== undefined) return undefined;
    for (const [name, property] of Object.entries(isMapping(value.properties) ? value.properties : {})) {
      // A property read from another place keeps its $refs resolvable from there.
      const carried =
        resolved.followed &&
        isMapping(property) &&
        typeof property.$ref === 'string' &&
        property.$ref.startsWith('#') &&
        resolved.file !== at.file
          ? { $ref: `${resolved.file}${property.$ref}` }
          : property;
      if (isMapping(carried))
        this.origins.set(carried, { file: resolved.file, pointer: childPointer(resolved.pointer, 'properties', name) });
      properties[name] = carried;
    }
    return { properties, required };
  }
}

/** Keywords that describe an instance without constraining it (readOnly and writeOnly are read where they apply). */
const ANNOTATIONS = new Set([
  'description',
  'title',
  'example',
  'examples',
  'readOnly',
  'writeOnly',
  'deprecated',
  'default',
  'externalDocs',
  'xml',
]);

function isAnnotation(keyword: string): boolean {
  return ANNOTATIONS.has(keyword) || keyword.startsWith('x-');
}

function withoutAnnotations(schema: Schema): Schema {
  return Object.fromEntries(Object.entries(schema).filter(([key]) => !isAnnotation(key)));
}

/** `bare` says no more than the type (or nothing), which `other` has too: other is the narrower. */
function isBareType(bare: unknown, other: unknown): boolean {
  if (!isMapping(bare) || !isMapping(other)) return false;
  const keys = Object.keys(bare);
  if (keys.length === 0) return true;
  if (keys.length !== 1 || keys[0] !== 'type' || typeof bare.type !== 'string') return false;
  if (other.type === bare.type) return true;
  const values = Array.isArray(other.enum) ? other.enum : other.const !== undefined ? [other.const] : [];
  return other.type === undefined && values.length > 0 && values.every((item) => jsonType(item) === bare.type);
}

function jsonType(value: unknown): string {
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** An allOf member that only names required members, or says nothing (`{required: [id]}`, `{description}`). */
function onlyRequiredNames(schema: Schema): boolean {
  return Object.entries(schema).every(([key, value]) => value === undefined || key === 'required' || isAnnotation(key));
}

/** An allOf member of the property marks it so (`allOf: [{$ref: Id}, {readOnly: true}]`). */
function memberSays(property: Schema, keyword: 'readOnly' | 'writeOnly'): boolean {
  return (
    Array.isArray(property.allOf) && property.allOf.some((member) => isMapping(member) && member[keyword] === true)
  );
}

function isNullable(schema: Schema): boolean {
  return (
    schema.nullable === true ||
    // Swagger 2.0 has no nullable: go-swagger's and AutoRest's x-nullable says it (Docker, Azure).
    schema['x-nullable'] === true ||
    (Array.isArray(schema.type) && schema.type.includes('null')) ||
    (Array.isArray(schema.enum) && schema.enum.includes(null))
  );
}

function isNullSchema(schema: unknown): boolean {
  return (
    isMapping(schema) &&
    (schema.type === 'null' || (Array.isArray(schema.enum) && schema.enum.length === 1 && schema.enum[0] === null))
  );
}

function hasOwnType(schema: Schema): boolean {
  return schema.type !== undefined || schema.properties !== undefined;
}

/** oneOf/anyOf whose members are all text constants or text enums: one enum. */
function stringEnumUnion(members: unknown[]): string[] | undefined {
  const values: string[] = [];
  for (const member of members) {
    if (!isMapping(member)) return undefined;
    if (typeof member.const === 'string') values.push(member.const);
    else if (Array.isArray(member.enum) && member.enum.every((value) => typeof value === 'string'))
      values.push(...(member.enum as string[]));
    else return undefined;
  }
  return values.length > 0 ? [...new Set(values)] : undefined;
}

function isScalar(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

/** Why svcgen would refuse a pattern (not ECMAScript, or can backtrack catastrophically), if it would. */
function patternProblem(pattern: string, maxLength: number | undefined): string | undefined {
  try {
    patternRegExp(pattern);
  } catch {
    return 'not an ECMAScript regular expression';
  }
  return backtrackingProblem(pattern, maxLength);
}

/** Item types take no field keys. */
function stripFieldKeys(type: TypeDefinition): TypeDefinition {
  const {
    required: _required,
    readOnly: _readOnly,
    deprecated: _deprecated,
    default: _default,
    ...rest
  } = type as FieldDefinition;
  return rest;
}

function short(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}
