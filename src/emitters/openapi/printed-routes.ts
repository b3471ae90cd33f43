// Each route's operation is remembered by its view (memo), so a rerun rebuilds only the routes
// whose view changed; so is each component as the first route that calls for it builds it.
import { hash } from 'node:crypto';
import type { Ir, ModuleIr, RouteIr } from '../../ir/types.js';
import { memo } from '../shared/memo.js';
import { Components, type Built, type Call, type Printed } from './components.js';
import type { ComponentSource } from './document-names.js';
import { LocalOrder } from './local-order.js';
import type { OpenApiOptions } from './options.js';
import { routeOperation } from './operation.js';
import { RouteViews, type RouteView } from './route-view.js';
import type { OperationObject } from './types.js';

/** The routes of one module, printed. */
export class PrintedRoutes {
  private readonly views: RouteViews;

  constructor(ir: Ir, module: ModuleIr, options: OpenApiOptions) {
    this.views = new RouteViews(ir, module, options);
  }

  /** The route's operation, its calls for components, and where those come from. */
  route(route: RouteIr): Built & { source: ComponentSource } {
    const view = this.views.view(route);
    // The view, hashed once: the key of the route and of the components it is the first to call for.
    const digest = hash('sha256', JSON.stringify(view));
    const built = remembered('openapi/route', digest, () => {
      const { operation, components } = this.build(view);
      return components.printOperation(operation);
    });
    let replay: LocalOrder | undefined;
    return {
      ...built,
      // A component as this route builds it: how the document builds it when this route is the first to call for it.
      // A remembered call (the route was not built in this run) is found again by building the route's components in
      // the document's order; the view is made again (the same) for it.
      source: ({ request: [section, owner], build }) =>
        remembered('openapi/component', [digest, section, owner], () =>
          build
            ? build()
            : (replay ??= new LocalOrder(this.build(this.views.view(route)).components.operationCalls())).find(
                section,
                owner,
              ),
        ),
    };
  }

  /** Reads nothing but the view and what its digests name: records beyond it are unknown to its Components. */
  private build(view: RouteView): { operation: OperationObject; components: Components } {
    const settings = this.views.settings.get(view.settings);
    const module: ModuleIr = {
      name: settings.module,
      sourceFile: '',
      interface: settings.interface,
      auth: settings.auth,
      errors: settings.errors,
      records: [],
      types: [],
      routes: [view.route],
      recordsOrigins: settings.recordsOrigins,
    };
    const components = new Components(
      view.records.map(([, record]) => this.views.records.get(record)),
      view.resourceTypes,
    );
    return { operation: routeOperation(module, view.route, components, settings.openapi), components };
  }
}

/** What `build` prints, remembered: on a hit, its calls are the remembered requests, none live. */
function remembered(kind: string, input: unknown, build: () => Built): Built {
  let live: readonly Call[] | undefined;
  const printed: Printed = memo(kind, input, () => {
    const built = build();
    live = built.calls;
    return built.printed;
  });
  return { printed, calls: live ?? printed.calls.map((request) => ({ request })) };
}
