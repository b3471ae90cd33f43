// One route's hooks as text: a query hook and its key for a read, an infinite-query hook beside it
// for a list that pages with a `page` or an `offset` parameter, a mutation hook for a write.
import { pascalCase } from '../../ir/names.js';
import { symbols } from '../../ir/symbols.js';
import type { ModuleIr, RouteIr } from '../../ir/types.js';
import { clientInputRequired } from '../client/index.js';
import { pagingOf, resolvesWithHeaders, resultShape, type Paging } from '../client/results.js';
import type { HookNames } from './index.js';

export interface RouteHooks {
  /** The route's entry of the keys object (reads only). */
  readonly key: string | undefined;
  /** How the route's infinite hook pages, when it has one. */
  readonly infinite: Paging | undefined;
  readonly mutation: boolean;
  readonly declarations: readonly string[];
}

export function routeHooks(module: ModuleIr, route: RouteIr, names: HookNames): RouteHooks {
  const operation = symbols.operation(route.name);
  const hook = `use${pascalCase(route.name)}`;
  const docs = docComment(route.summary ?? route.description, route.deprecated);
  const routeName = `'${operation}'`;
  const input = `input: Input<${routeName}>${clientInputRequired(route) ? '' : ' = {}'}`;
  if (route.method !== 'GET') {
    const mutation = `${docs}export function ${hook}(
  options: ${names.mutationOptions}<${routeName}> = {},
  call: CallOptions = {},
): UseMutationResult<Output<${routeName}>, ${names.error}, Input<${routeName}>> {
  const client = ${names.useClient}();
  const queryClient = useQueryClient();
  const { invalidate = true, ...mutation } = options;
  return useMutation<Output<${routeName}>, ${names.error}, Input<${routeName}>>({
    ...mutation,
    mutationFn: (input) => client.${operation}(input, call),
    onSuccess: async (...args) => {
      if (invalidate) await queryClient.invalidateQueries({ queryKey: ${names.keys}.all });
      await mutation.onSuccess?.(...args);
    },
  });
}`;
    return { key: undefined, infinite: undefined, mutation: true, declarations: [mutation] };
  }
  const key = `${operation}: (${input}) => [${JSON.stringify(module.name)}, ${routeName}, input] as const`;
  const query = `${docs}export function ${hook}<Data = Output<${routeName}>>(
  ${input},
  options: ${names.queryOptions}<${routeName}, Data> = {},
  call: QueryCallOptions = {},
): UseQueryResult<Data, ${names.error}> {
  const client = ${names.useClient}();
  return useQuery({
    retry: false,
    ...options,
    queryKey: ${names.keys}.${operation}(input),
    queryFn: ({ signal }) => client.${operation}(input, { ...call, signal }),
  });
}`;
  const paging = pagingOf(module, route);
  if (paging === undefined) return { key, infinite: undefined, mutation: false, declarations: [query] };
  const [first, next] = paging === 'page' ? ['1', 'nextPageNumber'] : ['0', 'nextOffset'];
  // A call that resolves with its headers beside the body pages by the body.
  const pager = resolvesWithHeaders(resultShape(module, route))
    ? `${next}(last.body, pages.map((page) => page.body), lastParam)`
    : `${next}(last, pages, lastParam)`;
  const infinite = `/** Every page of ${operation}, one \`fetchNextPage()\` at a time (the \`${paging}\` parameter is set by the hook). */
export function ${hook}Infinite<Data = InfiniteData<Output<${routeName}>, number>>(
  ${input},
  options: ${names.infiniteOptions}<${routeName}, Data> = {},
  call: QueryCallOptions = {},
): UseInfiniteQueryResult<Data, ${names.error}> {
  const client = ${names.useClient}();
  return useInfiniteQuery({
    retry: false,
    ...options,
    queryKey: [...${names.keys}.${operation}(input), 'infinite'],
    queryFn: ({ pageParam, signal }) =>
      client.${operation}({ ...input, query: { ...input.query, ${paging}: pageParam } }, { ...call, signal }),
    initialPageParam: input.query?.${paging} ?? ${first},
    getNextPageParam: (last, pages, lastParam) => ${pager},
  });
}`;
  return { key, infinite: paging, mutation: false, declarations: [query, infinite] };
}

function docComment(text: string | undefined, deprecated: boolean): string {
  const prose = text?.replace(/\*\//g, '*\\/').replace(/\s*\n\s*/g, ' ');
  if (deprecated) return prose ? `/**\n * ${prose}\n * @deprecated\n */\n` : '/** @deprecated */\n';
  return prose ? `/** ${prose} */\n` : '';
}
