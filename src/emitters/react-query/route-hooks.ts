// One route's hooks as text: a query hook and its key for a read, an infinite-query hook beside it
// for a list that pages with a `page` parameter, a mutation hook for a write.
import { pascalCase } from '../../ir/names.js';
import { symbols } from '../../ir/symbols.js';
import type { ModuleIr, RouteIr } from '../../ir/types.js';
import { clientInputRequired } from '../client/index.js';
import { resultShape } from '../client/results.js';
import type { HookNames } from './index.js';

export interface RouteHooks {
  /** The route's entry of the keys object (reads only). */
  readonly key: string | undefined;
  readonly infinite: boolean;
  readonly mutation: boolean;
  readonly declarations: readonly string[];
}

export function routeHooks(module: ModuleIr, route: RouteIr, names: HookNames): RouteHooks {
  const operation = symbols.operation(route.name);
  const hook = `use${pascalCase(route.name)}`;
  const docs = docComment(route.summary ?? route.description);
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
    return { key: undefined, infinite: false, mutation: true, declarations: [mutation] };
  }
  const key = `${operation}: (${input}) => [${JSON.stringify(module.name)}, ${routeName}, input] as const`;
  const query = `${docs}export function ${hook}(
  ${input},
  options: ${names.queryOptions}<${routeName}> = {},
  call: CallOptions = {},
): UseQueryResult<Output<${routeName}>, ${names.error}> {
  const client = ${names.useClient}();
  return useQuery({
    ...options,
    queryKey: ${names.keys}.${operation}(input),
    queryFn: ({ signal }) => client.${operation}(input, { ...call, signal }),
  });
}`;
  if (!pagesByNumber(module, route)) return { key, infinite: false, mutation: false, declarations: [query] };
  const infinite = `/** Every page of ${operation}, one \`fetchNextPage()\` at a time (the \`page\` parameter is set by the hook). */
export function ${hook}Infinite(
  ${input},
  options: ${names.infiniteOptions}<${routeName}> = {},
  call: CallOptions = {},
): UseInfiniteQueryResult<InfiniteData<Output<${routeName}>, number>, ${names.error}> {
  const client = ${names.useClient}();
  return useInfiniteQuery({
    ...options,
    queryKey: [...${names.keys}.${operation}(input), 'infinite'],
    queryFn: ({ pageParam, signal }) =>
      client.${operation}({ ...input, query: { ...input.query, page: pageParam } }, { ...call, signal }),
    initialPageParam: input.query?.page ?? 1,
    getNextPageParam: (last, pages, lastPage) => nextPageNumber(last, pages, lastPage),
  });
}`;
  return { key, infinite: true, mutation: false, declarations: [query, infinite] };
}

/** A list answered as a page (json:api) or with its total, whose query has an integer `page` parameter. */
function pagesByNumber(module: ModuleIr, route: RouteIr): boolean {
  const shape = resultShape(module, route);
  const page = route.query.find((param) => param.name === 'page');
  return (shape.paged || shape.total) && page?.type.kind === 'scalar' && page.type.scalar === 'integer';
}

function docComment(text: string | undefined): string {
  if (!text) return '';
  return `/** ${text.replace(/\*\//g, '*\\/').replace(/\s*\n\s*/g, ' ')} */\n`;
}
