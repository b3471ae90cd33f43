// Validated definition files → the IR, plus every problem that needs more than one file to see.
import type { Diagnostic } from '../definitions/diagnostics.js';
import type { LoadedFile } from '../definitions/load.js';
import type { DefinitionFile, RecordDefinition } from '../definitions/schema.js';
import { buildAuthSchemes, buildErrors, buildInterface, checkAuthErrors } from './build-auth.js';
import { buildRecords } from './build-records.js';
import { buildNamedTypes } from './build-named-types.js';
import { NamedTypes } from './named-types.js';
import { settleWireStyles } from './wire-shapes.js';
import { buildRoutes } from './build-routes.js';
import { checkIdentifiers, fileNameProblems } from './check-identifiers.js';
import { checkServable } from './check-servable.js';
import { checkCycles, checkDefaults, checkDuplicateRoutes, checkExamples, checkPatterns } from './checks.js';
import { FileContext, type Report } from './context.js';
import { compareCodePoints } from './names.js';
import { joinRoutes, partitionRouteFiles } from './route-files.js';
import type { Ir, ModuleIr } from './types.js';

export interface ValidatedFile {
  readonly loaded: LoadedFile;
  readonly definition: DefinitionFile;
}

/** The checks that need the whole IR, in the order their findings are listed. */
const IR_CHECKS: readonly ((ir: Ir, report: Report) => void)[] = [
  checkDefaults,
  checkExamples,
  checkDuplicateRoutes,
  checkCycles,
  checkPatterns,
  checkIdentifiers,
  checkServable,
];

export function buildIr(files: readonly ValidatedFile[]): { ir: Ir; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const ordered = [...files].sort((a, b) => compareCodePoints(a.definition.name, b.definition.name));
  checkModuleNames(ordered, diagnostics);
  const recordFields = new Map<string, ReadonlySet<string>>();
  const recordDefinitions = new Map<string, RecordDefinition>();
  for (const { definition } of ordered) {
    for (const [name, record] of Object.entries(definition.records ?? {})) {
      recordFields.set(`${definition.name}.${name}`, new Set(Object.keys(record.fields)));
      recordDefinitions.set(`${definition.name}.${name}`, record);
    }
  }
  const namedTypes = new NamedTypes();
  const { modules, parts } = partitionRouteFiles(ordered, diagnostics);
  // A routes file reads record references as its interface's file does: its context carries that file's name.
  const contextOf = ({ loaded }: ValidatedFile, moduleName: string) => {
    const ctx = new FileContext(loaded, moduleName, recordFields, diagnostics, recordDefinitions);
    ctx.namedTypes = namedTypes;
    return ctx;
  };
  const contexts = modules.map((file) => {
    const ctx = contextOf(file, file.definition.name);
    namedTypes.declare(ctx, file.definition.types ?? {});
    return ctx;
  });
  const built = modules.map(({ definition }, index) => {
    const routeFiles = (parts.get(definition.name) ?? []).map((file) => ({
      ctx: contextOf(file, definition.name),
      definition: file.definition,
    }));
    return buildModule(contexts[index] as FileContext, definition, routeFiles);
  });
  const records = new Map(built.flatMap((module) => module.records.map((record) => [record.key, record] as const)));
  const ir: Ir = { modules: settleWireStyles(built, (key) => records.get(key)), records };
  const report: Report = (location, code, message) => diagnostics.push({ ...location, code, message });
  for (const check of IR_CHECKS) check(ir, report);
  return { ir, diagnostics };
}

function buildModule(
  ctx: FileContext,
  definition: DefinitionFile,
  routeFiles: readonly { ctx: FileContext; definition: DefinitionFile }[],
): ModuleIr {
  const iface = definition.interface ? buildInterface(ctx, definition.interface) : undefined;
  const auth = buildAuthSchemes(ctx, definition.auth ?? {}, iface?.origin);
  const errors = buildErrors(ctx, definition.errors ?? {});
  checkAuthErrors(ctx, auth, errors);
  const records = buildRecords(ctx, definition.records ?? {});
  const types = buildNamedTypes(ctx, definition.types ?? {});
  const scope = { iface, auth, errorNames: errors.map((error) => error.name) };
  const routes = joinRoutes(
    [{ ctx, definition }, ...routeFiles].map((source) => ({
      ctx: source.ctx,
      routes: buildRoutes(source.ctx, { ...scope, file: source.definition }),
    })),
  );
  // Read after every element is built: each one's origin notes whether the file said any.
  return {
    name: definition.name,
    sourceFile: ctx.loaded.file,
    interface: iface,
    auth,
    errors,
    records,
    types,
    routes,
    recordsOrigins: [ctx, ...routeFiles.map((file) => file.ctx)].some((each) => each.recordsOrigins),
  };
}

function checkModuleNames(files: readonly ValidatedFile[], diagnostics: Diagnostic[]): void {
  const seen = new Map<string, string>();
  const folders = new Map<string, { name: string; file: string }>();
  for (const { loaded, definition } of files) {
    const ctx = new FileContext(loaded, definition.name, new Map(), diagnostics);
    const first = seen.get(definition.name);
    const folder = folders.get(definition.name.toLowerCase());
    if (first !== undefined) {
      ctx.report(
        'SVC204',
        ['name'],
        `definition name "${definition.name}" is already used by ${first} (expected a unique name per file)`,
      );
    } else if (folder !== undefined) {
      ctx.report(
        'SVC204',
        ['name'],
        `definition name "${definition.name}" differs only in case from "${folder.name}" of ${folder.file} (expected names that differ in more: they name output folders, one folder on case-insensitive file systems)`,
      );
    }
    for (const problem of fileNameProblems(definition.name, definition.interface !== undefined))
      ctx.report('SVC214', ['name'], problem);
    seen.set(definition.name, loaded.file);
    if (folder === undefined) folders.set(definition.name.toLowerCase(), { name: definition.name, file: loaded.file });
  }
}
