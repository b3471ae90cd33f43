// What a client method resolves to: the decoded body of the route's success responses.
import { pascalCase } from '../../ir/names.js';
import type { ModuleIr, RouteIr } from '../../ir/types.js';
import { indexed, numberType, typeLiteral, typeRef, union, type TypeNode } from '../shared/code/ast.js';

export interface ClientResult {
  readonly type: TypeNode;
  /** A json:api list: resolves to a Page that can fetch the following pages. */
  readonly paged: boolean;
  readonly itemType: TypeNode;
}

export function clientResult(module: ModuleIr, route: RouteIr): ClientResult {
  const successes = route.responses.filter((response) => response.status < 300);
  const withBody = successes.filter((response) => response.body);
  const never = typeRef('never');
  if (withBody.length === 0) return { type: typeRef('void'), paged: false, itemType: never };
  const bodies = withBody.map((response) => indexed(typeRef(`types.${pascalCase(route.name)}Responses`), numberType(response.status)));
  const main = withBody[0];
  const first = bodies[0] as TypeNode;
  const isList = main?.body?.kind === 'list' && main.envelope;
  if (isList && module.interface?.style === 'jsonapi') {
    const itemType = indexed(first, typeRef('number'));
    return { type: typeRef('Page', [itemType]), paged: true, itemType };
  }
  if (main?.total) return { type: typeLiteral([{ name: 'items', type: first }, { name: 'total', type: typeRef('number') }]), paged: false, itemType: never };
  const optional = successes.length > withBody.length ? [typeRef('undefined')] : [];
  return { type: union([...bodies, ...optional]), paged: false, itemType: never };
}
