// The schema of svcgen.config.yaml.
import { z } from 'zod';

export const ConfigSchema = z.strictObject({
  definitions: z.string().optional().describe('folder of definition files (default: definitions)'),
  output: z.string().optional().describe('output folder (default: generated)'),
  templates: z.string().optional().describe('folder of templates that override svcgen\'s own, by file name'),
  handlers: z.string().optional().describe('folder of the handler modules svcgen scaffold writes and check reads (default: src/handlers)'),
  emitters: z.record(z.string(), z.boolean()).optional().describe('emitters on (true) or off (false); all on by default'),
});

export type ConfigFile = z.infer<typeof ConfigSchema>;
