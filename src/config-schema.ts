// The schema of svcgen.config.yaml.
import * as z from 'zod';

export const ConfigSchema = z.strictObject({
  definitions: z.string().optional().describe('folder of definition files (default: definitions)'),
  output: z.string().optional().describe('output folder (default: generated)'),
  templates: z.string().optional().describe("folder of templates that override svcgen's own, by file name"),
  handlers: z
    .string()
    .optional()
    .describe('folder of the handler modules svcgen scaffold writes and check reads (default: src/handlers)'),
  emitters: z
    .record(z.string(), z.boolean())
    .optional()
    .describe('emitters on (true) or off (false); all on by default but the opt-in react-query and msw'),
  stores: z
    .array(z.enum(['postgres', 'redis']))
    .optional()
    .describe('shared stores written into the runtime for several instances (docs/server.md): postgres, redis'),
  openapi: z
    .strictObject({
      jsonQuery: z
        .enum(['schema', 'content'])
        .optional()
        .describe('a JSON query parameter as a string with contentSchema (default) or as content'),
      getBody: z
        .enum(['extension', 'requestBody'])
        .optional()
        .describe('a GET body in x-svcgen-get-body and the description (default) or as requestBody'),
      deepObjectLists: z
        .enum(['indexed', 'deepObject'])
        .optional()
        .describe('a deepObject list of records as indexed names (default) or as one deepObject parameter'),
      indexedEntries: z
        .int()
        .min(1)
        .max(50)
        .optional()
        .describe('how many list entries the indexed names cover (default 3)'),
    })
    .optional()
    .describe('renderings of constructs that have more than one OpenAPI form'),
});

export type ConfigFile = z.infer<typeof ConfigSchema>;
