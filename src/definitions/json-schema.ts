// The JSON Schema editors use for definition files, derived from the zod schema (never written by hand).
import * as z from 'zod';
import { DefinitionFileSchema } from './schema.js';

export function definitionsJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(DefinitionFileSchema, {
    target: 'draft-2020-12',
    unrepresentable: 'any',
    io: 'input',
  }) as Record<string, unknown>;
  return {
    ...schema,
    $id: 'https://svcgen.dev/schema/svcgen-definitions.schema.json',
    title: 'svcgen definitions',
    description: 'One interface (records, routes, auth schemes, errors) or shared records, as read by svcgen.',
  };
}
