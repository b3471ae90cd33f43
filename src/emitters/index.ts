// One static registry of emitters. Each is loaded only when a run needs it, so a run with
// nothing to do never loads prettier, zod or handlebars.
import type { Emitter } from './contract.js';

export const EMITTERS: readonly { readonly name: string; readonly load: () => Promise<Emitter> }[] = [
  { name: 'runtime', load: async () => (await import('./runtime/index.js')).runtimeEmitter },
  { name: 'types', load: async () => (await import('./types/index.js')).typesEmitter },
  { name: 'zod', load: async () => (await import('./zod/index.js')).zodEmitter },
  { name: 'metadata', load: async () => (await import('./metadata/index.js')).metadataEmitter },
  { name: 'server', load: async () => (await import('./server/index.js')).serverEmitter },
  { name: 'client', load: async () => (await import('./client/index.js')).clientEmitter },
  { name: 'openapi', load: async () => (await import('./openapi/index.js')).openapiEmitter },
  { name: 'docs', load: async () => (await import('./docs/index.js')).docsEmitter },
];

export function emitterNames(): string[] {
  return EMITTERS.map((entry) => entry.name);
}
