// Checks that need the whole IR: defaults and examples against their types, duplicate routes, unsatisfiable cycles.
import type { Report } from './context.js';
import type { ExampleIr, FieldIr, Ir, ModuleIr, ParameterIr, RecordIr, SourceLocation, TypeIr } from './types.js';
import { tokenUrl } from './types.js';
import { describeConstrainedType, valueFitsType, valueProblem } from './values.js';
import { requestParameters } from './route-parameters.js';
import { patternSyntaxProblem } from './pattern-regexp.js';
import { backtrackingProblem } from './pattern-safety.js';
import { routerTie } from './path-template.js';

export function checkDefaults(ir: Ir, report: Report): void {
  const check = (owner: FieldIr | ParameterIr, what: string) => {
    if (owner.default === undefined || valueFitsType(owner.default, owner.type, ir.records)) return;
    report(
      owner.location,
      'SVC207',
      `default of ${what} "${owner.name}" is ${JSON.stringify(owner.default)} (expected ${describeConstrainedType(owner.type)})`,
    );
  };
  for (const module of ir.modules) {
    for (const record of module.records) for (const field of record.fields) check(field, 'field');
    for (const route of module.routes) for (const param of requestParameters(route)) check(param, 'parameter');
  }
}

/**
 * Examples against their types (SVC270): a field's, a record's (a whole record), a named type's. Docs,
 * OpenAPI and mocks show them as they are, so each must be a value the type allows.
 */
export function checkExamples(ir: Ir, report: Report): void {
  const check = (example: ExampleIr | undefined, type: TypeIr, what: string) => {
    if (example === undefined) return;
    const problem = valueProblem(example.value, type, ir.records, 'example');
    if (problem === undefined) return;
    const message =
      problem.at.length === 0
        ? `example ${shortJson(problem.value)} of ${what} ${problem.reason}`
        : `example of ${what}: ${describeMember(problem.at)} ${shortJson(problem.value)} ${problem.reason}`;
    report(example.location, 'SVC270', message);
  };
  for (const module of ir.modules) {
    for (const named of module.types) check(named.example, named.type, `type "${named.name}"`);
    for (const record of module.records) {
      const whole = { kind: 'record', record: record.key, omit: [], pick: [], partial: false } as const;
      check(record.example, { ...whole, nullable: false, constraints: {} }, `record "${record.name}"`);
      for (const field of record.fields) check(field.example, field.type, `field "${field.name}"`);
    }
  }
}

/** A member path as a reader writes it: items[2].price. */
function describeMember(at: readonly (string | number)[]): string {
  return at
    .map((key, index) =>
      typeof key === 'number'
        ? `[${key}]`
        : /^[A-Za-z_$][\w$-]*$/.test(key)
          ? `${index === 0 ? '' : '.'}${key}`
          : `[${JSON.stringify(key)}]`,
    )
    .join('');
}

/** A value as JSON, cut short: a message names the value, it does not reprint a whole record. */
function shortJson(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length <= 60 ? text : `${text.slice(0, 57)}...`;
}

/**
 * Each type a module writes, nested list items and map values included, with where it is written
 * (response headers only when asked: types.ts declares none).
 */
export function visitTypes(
  module: ModuleIr,
  withResponseHeaders: boolean,
  visit: (type: TypeIr, location: SourceLocation) => void,
): void {
  const walk = (type: TypeIr | undefined, location: SourceLocation): void => {
    if (!type) return;
    visit(type, location);
    if (type.kind === 'list') walk(type.items, location);
    if (type.kind === 'map') walk(type.values, location);
    if (type.kind === 'union') for (const variant of type.variants) walk(variant, location);
  };
  // A named type's schema is declared even where nothing uses it: it is checked where it is written.
  for (const named of module.types) walk(named.type, named.location);
  for (const record of module.records) {
    for (const field of record.fields) walk(field.type, field.location);
    walk(record.additionalFields, record.location);
  }
  for (const route of module.routes) {
    for (const param of requestParameters(route)) walk(param.type, param.location);
    walk(route.body, route.location);
    for (const response of route.responses) {
      walk(response.body, response.location);
      if (withResponseHeaders) for (const header of response.headers) walk(header.type, header.location);
    }
  }
}

/**
 * A pattern becomes `new RegExp(pattern, 'u')` in generated schemas: one that does not compile would fail there, at
 * import (SVC106), and one that can backtrack catastrophically would let one request hold the server's thread (SVC108).
 */
export function checkPatterns(ir: Ir, report: Report): void {
  const check = ({ constraints: { pattern, maxLength } }: TypeIr, location: SourceLocation) => {
    if (pattern === undefined) return;
    const syntax = patternSyntaxProblem(pattern);
    if (syntax !== undefined) {
      report(location, 'SVC106', syntax);
      return;
    }
    const problem = backtrackingProblem(pattern, maxLength);
    if (problem !== undefined) report(location, 'SVC108', problem);
  };
  for (const module of ir.modules) visitTypes(module, true, check);
}

export function checkDuplicateRoutes(ir: Ir, report: Report): void {
  const seen = new Map<string, string>();
  /** Placeholders named differently still meet: /item/{id} and /item/{key} are one route. */
  const routeKey = (method: string, path: string) => `${method} ${path.replace(/\{[^}]*\}/g, '{}')}`;
  for (const module of ir.modules) {
    for (const route of module.routes) {
      for (const path of route.servedPaths) {
        const key = routeKey(route.method, path);
        const first = seen.get(key);
        if (first) {
          report(
            route.location,
            'SVC203',
            `route "${route.name}" serves ${route.method} ${path}, as route ${first} does (expected one route per method and path)`,
          );
          break;
        }
        seen.set(key, `"${route.name}" of ${module.name}`);
      }
    }
  }
  checkRouterTies(ir, report);
  // An OAuth token endpoint is a POST route of its own, served at basePath + tokenPath.
  for (const module of ir.modules) {
    for (const scheme of module.auth) {
      if (scheme.type !== 'oauth2') continue;
      const path = tokenUrl(module, scheme);
      const first = seen.get(routeKey('POST', path));
      if (first)
        report(
          scheme.location,
          'SVC203',
          `the token endpoint of auth scheme "${scheme.name}" serves POST ${path}, as route ${first} does (expected one route per method and path)`,
        );
    }
  }
}

/** Two routes a request can fit both of, where the router would choose by the order they were registered. */
function checkRouterTies(ir: Ir, report: Report): void {
  const mixed = ir.modules.flatMap((module) =>
    module.routes.flatMap((route) =>
      route.servedPaths.filter((path) => /\}[^/]|[^/]\{/.test(path)).map((path) => ({ module, route, path })),
    ),
  );
  for (const [index, later] of mixed.entries()) {
    const earlier = mixed
      .slice(0, index)
      .find((candidate) => candidate.route.method === later.route.method && routerTie(candidate.path, later.path));
    if (!earlier) continue;
    report(
      later.route.location,
      'SVC203',
      `route "${later.route.name}" serves ${later.route.method} ${later.path}, and route "${earlier.route.name}" of ${earlier.module.name} serves ${earlier.route.method} ${earlier.path}: a request can fit both, and the router would choose by the order they were registered (expected other text at the start or end of one of the segments, or a segment of its own per placeholder)`,
    );
  }
}

/**
 * A cycle of required, non-nullable, single-record fields has no finite value (a needs b needs a …),
 * so neither a type nor a schema can be emitted for it. Lists, maps and nullable links break a cycle.
 */
export function checkCycles(ir: Ir, report: Report): void {
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (record: RecordIr, trail: string[]): void => {
    state.set(record.key, 'visiting');
    for (const field of record.fields) {
      const target = mandatoryRecord(field);
      if (!target) continue;
      const next = ir.records.get(target);
      if (!next) continue;
      if (state.get(target) === 'visiting') {
        const cycle = [...trail.slice(trail.indexOf(target)), target].map((key) => key.split('.').pop()).join(' → ');
        report(
          field.location,
          'SVC208',
          `field "${field.name}" closes a cycle of required records ${cycle} (expected a nullable or optional field, or a list, somewhere in the cycle)`,
        );
      } else if (!state.has(target)) {
        visit(next, [...trail, target]);
      }
    }
    state.set(record.key, 'done');
  };
  for (const record of ir.records.values()) if (!state.has(record.key)) visit(record, [record.key]);
}

function mandatoryRecord({ required, name, type }: FieldIr): string | undefined {
  const single = required && !type.nullable && type.kind === 'record' && !type.partial && !type.omit.includes(name);
  return single ? type.record : undefined;
}
