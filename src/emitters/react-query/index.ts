// The `react-query` emitter (opt-in): per interface TanStack Query v5 hooks over the generated
// client, so auth flows, redirects, retries and timeouts stay in the client. The read hooks turn
// TanStack's own retries off unless their options give `retry`: the client retries what may pass, and
// TanStack would retry a 404 three more times, each on top of the client's retries. A query hook per
// read (GET) route, a mutation hook per write route, query keys per route, and an infinite-query hook
// per list route that pages with a `page` or an `offset` parameter. The file is written as text and formatted.
import { pascalCase } from '../../ir/names.js';
import { symbols } from '../../ir/symbols.js';
import type { ModuleIr } from '../../ir/types.js';
import { interfaceModules, type Emitter, type GeneratedFile } from '../contract.js';
import { ERROR_CLASSES } from '../client/index.js';
import { routeHooks } from './route-hooks.js';

/** TanStack Query v5 hooks over the typed clients; opt-in. */
export const reactQueryEmitter: Emitter = ({ ir }) => interfaceModules(ir).map(emitHooks);

function emitHooks(module: ModuleIr): GeneratedFile {
  const names = hookNames(module);
  const hooks = module.routes.map((route) => routeHooks(module, route, names));
  const usesInfinite = hooks.some((hook) => hook.infinite !== undefined);
  const pagers = [
    ...(hooks.some((hook) => hook.infinite === 'page') ? ['nextPageNumber'] : []),
    ...(hooks.some((hook) => hook.infinite === 'offset') ? ['nextOffset'] : []),
  ];
  const usesMutation = hooks.some((hook) => hook.mutation);
  const reads = hooks.filter((hook) => hook.key !== undefined);
  const query = [
    ...(usesInfinite ? ['useInfiniteQuery'] : []),
    ...(usesMutation ? ['useMutation'] : []),
    ...(reads.length > 0 ? ['useQuery'] : []),
    ...(usesMutation ? ['useQueryClient'] : []),
    ...(usesInfinite ? ['type InfiniteData', 'type UseInfiniteQueryOptions', 'type UseInfiniteQueryResult'] : []),
    ...(usesMutation ? ['type UseMutationOptions', 'type UseMutationResult'] : []),
    ...(reads.length > 0 ? ['type UseQueryOptions', 'type UseQueryResult'] : []),
  ];
  const title = module.interface?.title ?? module.name;
  const text = `import { createContext, useContext } from 'react';
${query.length > 0 ? `import { ${query.join(', ')} } from '@tanstack/react-query';\n` : ''}import type { CallOptions } from '../runtime/client/client.js';
import type { ${ERROR_CLASSES.join(', ')} } from '../runtime/client/client-errors.js';
${usesInfinite ? `import { ${pagers.join(', ')} } from '../runtime/client/page-numbers.js';\n` : ''}import type { ${names.client} } from './client.js';

/** Every error a call of the ${title} rejects with: the client's error classes. */
export type ${names.error} = ${ERROR_CLASSES.join(' | ')};

type Route = keyof ${names.client};
type Input<Name extends Route> = Parameters<${names.client}[Name]>[0];
type Output<Name extends Route> = Awaited<ReturnType<${names.client}[Name]>>;

/** The client the hooks call; provide it with \`<${names.context}.Provider value={client}>\`. */
export const ${names.context} = createContext<${names.client} | undefined>(undefined);

/** The client of the nearest \`${names.context}\` provider. */
export function ${names.useClient}(): ${names.client} {
  const client = useContext(${names.context});
  if (client === undefined) throw new Error('${names.useClient}: no ${names.context}.Provider above this component');
  return client;
}
${reads.length > 0 ? readOptionTypes(names) : ''}${usesInfinite ? infiniteOptionTypes(names) : ''}${usesMutation ? mutationOptionTypes(names) : ''}
/** Query keys: every key of this API starts with \`all\`, then the route's name and its input. */
export const ${names.keys} = {
  all: [${JSON.stringify(module.name)}] as const,
${reads.map((hook) => `  ${hook.key},`).join('\n')}
};

${hooks.flatMap((hook) => hook.declarations).join('\n\n')}
`;
  return { path: `${module.name}/react-query.ts`, content: text, source: module.sourceFile, format: true };
}

/** The identifiers a module's hooks file declares or imports. */
export type HookNames = ReturnType<typeof hookNames>;

function hookNames(module: ModuleIr) {
  const api = pascalCase(module.name);
  return {
    client: symbols.client(module.name),
    error: `${api}Error`,
    context: `${api}ClientContext`,
    useClient: `use${api}Client`,
    keys: `${api.charAt(0).toLowerCase()}${api.slice(1)}Keys`,
    queryOptions: `${api}QueryOptions`,
    infiniteOptions: `${api}InfiniteQueryOptions`,
    mutationOptions: `${api}MutationOptions`,
  };
}

const readOptionTypes = (names: HookNames) => `
/** A read hook's client call options: the query's own signal is TanStack's, which cancels the call on unmount. */
type QueryCallOptions = Omit<CallOptions, 'signal'>;

/**
 * A read hook's TanStack options: all but the key and the function, which the hook sets. \`retry\` is false
 * unless given: the client already retries what may pass (503, 429, a reset), a 404 not.
 */
export type ${names.queryOptions}<Name extends Route, Data = Output<Name>> = Omit<
  UseQueryOptions<Output<Name>, ${names.error}, Data>,
  'queryKey' | 'queryFn'
>;
`;

const infiniteOptionTypes = (names: HookNames) => `
/** An infinite list hook's TanStack options: all but the key, the function and the page numbers, which the hook sets. */
export type ${names.infiniteOptions}<Name extends Route, Data = InfiniteData<Output<Name>, number>> = Omit<
  UseInfiniteQueryOptions<Output<Name>, ${names.error}, Data, readonly unknown[], number>,
  'queryKey' | 'queryFn' | 'initialPageParam' | 'getNextPageParam'
>;
`;

const mutationOptionTypes = (names: HookNames) => `
/**
 * A write hook's TanStack options: all but the function, which the hook sets. \`invalidate\` (default true):
 * after a success, mark every query of this API stale, so lists and records read again.
 */
export type ${names.mutationOptions}<Name extends Route> = Omit<
  UseMutationOptions<Output<Name>, ${names.error}, Input<Name>>,
  'mutationFn'
> & { readonly invalidate?: boolean };
`;
