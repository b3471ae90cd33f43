// Records whose schema is declared `z.ZodType<types.X>`. A z.union of large mutually recursive records
// (Stripe's account, bankAccount, card, source) makes TypeScript infer its output through every getter,
// and checking it against z.ZodType fails with TS2589 (instantiation excessively deep). Declared with
// its own TypeScript type, such a variant's output is a name, so the union's check stays shallow. Only
// records that are never narrowed (pick, omit, partial) nor tagged (.extend) are declared so: those need
// the object schema's methods.
import type { ModuleIr, RecordKey, TypeIr } from '../../ir/types.js';
import { typesOfRoute } from '../shared/imports.js';

export function recordsDeclaredByType(modules: readonly ModuleIr[]): Set<RecordKey> {
  const variants = new Set<RecordKey>();
  const needObject = new Set<RecordKey>();
  const visit = (type: TypeIr, inPlainUnion: boolean): void => {
    switch (type.kind) {
      case 'list':
        return visit(type.items, false);
      case 'map':
        return visit(type.values, false);
      case 'union':
        for (const variant of type.variants) {
          visit(variant, type.discriminator === undefined);
          if (type.discriminator && variant.kind === 'record') needObject.add(variant.record);
        }
        return;
      case 'record':
        if (type.partial || type.pick.length + type.omit.length > 0) needObject.add(type.record);
        else if (inPlainUnion) variants.add(type.record);
    }
  };
  for (const module of modules) {
    for (const record of module.records) {
      for (const field of record.fields) visit(field.type, false);
      if (record.additionalFields) visit(record.additionalFields, false);
    }
    for (const named of module.types) visit(named.type, false);
    for (const route of module.routes) for (const type of typesOfRoute(route)) visit(type, false);
  }
  return new Set([...variants].filter((key) => !needObject.has(key)));
}
