// One static registry of emitters. Each is loaded only when a run needs it, so a run with
// nothing to do never loads prettier, zod or handlebars. An opt-in emitter runs only when the
// config turns it on (`emitters: { msw: true }`): its output needs packages a repo may not have.
import type { Emitter } from './contract.js';

export interface EmitterEntry {
  readonly name: string;
  readonly load: () => Promise<Emitter>;
  readonly optIn?: boolean;
}

export const EMITTERS: readonly EmitterEntry[] = [
  { name: 'runtime', load: async () => (await import('./runtime/index.js')).runtimeEmitter },
  { name: 'types', load: async () => (await import('./types/index.js')).typesEmitter },
  { name: 'zod', load: async () => (await import('./zod/index.js')).zodEmitter },
  { name: 'metadata', load: async () => (await import('./metadata/index.js')).metadataEmitter },
  { name: 'server', load: async () => (await import('./server/index.js')).serverEmitter },
  { name: 'client', load: async () => (await import('./client/index.js')).clientEmitter },
  { name: 'openapi', load: async () => (await import('./openapi/index.js')).openapiEmitter },
  { name: 'docs', load: async () => (await import('./docs/index.js')).docsEmitter },
  {
    name: 'react-query',
    load: async () => (await import('./react-query/index.js')).reactQueryEmitter,
    optIn: true,
  },
  { name: 'msw', load: async () => (await import('./msw/index.js')).mswEmitter, optIn: true },
];

export function emitterNames(): string[] {
  return EMITTERS.map((entry) => entry.name);
}

/** Whether the config turns the entry on: an opt-in one only when set true, the rest unless set false. */
export function emitterEnabled(entry: EmitterEntry, chosen: Readonly<Record<string, boolean>>): boolean {
  return entry.optIn ? chosen[entry.name] === true : chosen[entry.name] !== false;
}
