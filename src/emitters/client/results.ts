// What a client method resolves to: the decoded body of the route's success responses.
import { pascalCase } from '../../ir/names.js';
import type { ModuleIr, RouteIr } from '../../ir/types.js';

export interface ClientResult {
  readonly type: string;
  /** A json:api list: resolves to a Page that can fetch the following pages. */
  readonly paged: boolean;
  readonly itemType: string;
}

export function clientResult(module: ModuleIr, route: RouteIr): ClientResult {
  const successes = route.responses.filter((response) => response.status < 300);
  const withBody = successes.filter((response) => response.body);
  if (withBody.length === 0) return { type: 'void', paged: false, itemType: 'never' };
  const bodies = withBody.map((response) => `types.${pascalCase(route.name)}Responses[${response.status}]`);
  const main = withBody[0];
  const isList = main?.body?.kind === 'list' && main.envelope;
  if (isList && module.interface?.style === 'jsonapi') {
    const itemType = `${bodies[0]}[number]`;
    return { type: `Page<${itemType}>`, paged: true, itemType };
  }
  if (main?.total) return { type: `{ items: ${bodies[0]}; total: number }`, paged: false, itemType: 'never' };
  const optional = successes.length > withBody.length ? ' | undefined' : '';
  return { type: `${bodies.join(' | ')}${optional}`, paged: false, itemType: 'never' };
}
