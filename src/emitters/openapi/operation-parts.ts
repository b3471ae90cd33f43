// The parts an OpenAPI document is made of: each operation, printed from its source (a route's
// view, or an oauth2 scheme's token endpoint) alone, and the components the operations reach,
// printed in groups by the source of the first operation that calls for them. A part's input is
// all it reads, so the pipeline can hand back an earlier run's printing of the same input.
import type { ModuleIr, OAuthSchemeIr } from '../../ir/types.js';
import { part, shared, type Part } from '../parts.js';
import { Components, type ComponentRequest, type Printed } from './components.js';
import { routeOperation } from './operation.js';
import type { RouteView } from './route-view.js';
import { tokenOperation, type TokenModule } from './token-endpoint.js';

/** What one operation is built from. */
export type OperationSource =
  { readonly route: RouteView } | { readonly token: { readonly module: TokenModule; readonly scheme: OAuthSchemeIr } };

/** The source's operation, printed with its calls for components. */
export const operationPart = (name: string, source: OperationSource): Part<never, Printed> =>
  part('openapi/operation', name, source, (input) => {
    const { operation, components } = buildOperation(input);
    return components.printOperation(operation);
  });

/** Components the source's operation reaches, printed, each with its own calls. */
export const componentsPart = (
  name: string,
  source: OperationSource,
  wanted: readonly ComponentRequest[],
): Part<never, Printed[]> =>
  part('openapi/components', name, { source, wanted }, (input) => {
    const { components } = buildOperation(input.source);
    return input.wanted.map(([section, owner]) => components.printComponent(section, owner));
  });

/** The token endpoint's source: what it reads of the module, and the scheme. */
export function tokenSource(module: ModuleIr, scheme: OAuthSchemeIr): OperationSource {
  const routeNames = module.routes.map((route) => route.name);
  return shared({
    token: { module: { name: module.name, routeNames, bodyLimitBytes: module.interface?.bodyLimitBytes }, scheme },
  });
}

/** Operations built in this process, by source: the parts of one document print from the same build. */
const builtOperations = new WeakMap<OperationSource, { operation: object; components: Components }>();

/** The operation, from nothing but its source: records beyond the view are unknown to its Components. */
function buildOperation(source: OperationSource): { operation: object; components: Components } {
  let built = builtOperations.get(source);
  if (!built) builtOperations.set(source, (built = buildAnew(source)));
  return built;
}

function buildAnew(source: OperationSource): { operation: object; components: Components } {
  if ('token' in source) {
    const components = new Components([]);
    return { operation: tokenOperation(source.token.module, source.token.scheme, components), components };
  }
  const { settings, route, records, resourceTypes } = source.route;
  const module: ModuleIr = {
    name: settings.module,
    sourceFile: '',
    interface: settings.interface,
    auth: settings.auth,
    errors: settings.errors,
    records: [],
    types: [],
    routes: [route],
    recordsOrigins: settings.recordsOrigins,
  };
  const components = new Components(records, resourceTypes);
  return { operation: routeOperation(module, route, components, settings.openapi), components };
}
