// svcgen import: an OpenAPI 3.1, 3.0 or Swagger 2.0 document to one definitions file, with a report
// of everything that could not be carried over exactly.
import { relative, resolve } from 'node:path';
import { BASE_PATH, type DefinitionFile } from '../definitions/schema.js';
import { isMapping } from '../definitions/schema-values.js';
import type { ImportContext } from './context.js';
import { loadFile, openApiVersion } from './load.js';
import { makeLocator } from './locate.js';
import { fileName, NameRegistry } from './naming.js';
import { importOperations } from './operations.js';
import { Refs } from './refs.js';
import { childPointer, ImportError, ImportReport } from './report.js';
import { Schemas } from './schemas.js';
import { importSchemes } from './security.js';
import { splitDefinitions } from './split.js';
import { interfaceTags } from './tags.js';
import { definitionsYaml, writeDefinitions } from './write.js';

export interface ImportOptions {
  readonly file: string;
  readonly definitionsDir: string;
  readonly name?: string | undefined;
  readonly strict?: boolean;
  readonly force?: boolean;
  /** Build the file but write nothing (tests, the corpus script). */
  readonly dryRun?: boolean;
}

export interface ImportResult {
  readonly name: string;
  /** The main file (interface, auth, routes), and every file written (records of a large import go to their own). */
  readonly path: string;
  readonly files: readonly string[];
  /** The main file's text. */
  readonly text: string;
  /** The report's lines, then the summary line. */
  readonly lines: readonly string[];
  readonly report: ImportReport;
}

/** Imports the document; throws ImportError (located lines, nothing written) when it cannot. */
export function importDocument(options: ImportOptions): ImportResult {
  const path = resolve(options.file);
  const root = loadFile(path);
  const version = openApiVersion(root);
  const sources = new Map([[path, root]]);
  const locate = makeLocator(sources);
  const refs = new Refs(root, locate);
  const report = new ImportReport();
  const info = isMapping(root.value) && isMapping(root.value.info) ? root.value.info : {};
  const name = options.name ?? fileName(info.title);
  if (!/^[A-Za-z][A-Za-z0-9_-]*$/.test(name) || name === 'runtime')
    throw new ImportError([`--name ${name}: a name is a letter, then letters, digits, "_" or "-" (not "runtime")`]);
  const schemas = new Schemas(refs, report, new NameRegistry(), name);
  const context: ImportContext = {
    version,
    root: root.value as Record<string, unknown>,
    file: path,
    refs,
    schemas,
    report,
  };
  for (const [file, loaded] of refs.files) sources.set(file, loaded);

  importComponentSchemas(context);
  // Every route is served under the base path: an approximated one changes every operation's address.
  const base = report.everyOperation(() => basePath(context));
  const auth = importSchemes(context);
  const routes = importOperations(context, auth, new NameRegistry());
  for (const [file, loaded] of refs.files) sources.set(file, loaded);
  if (refs.problems.length > 0) throw new ImportError(refs.problems);

  const tags = interfaceTags(context, Object.values(routes));
  const definitions: DefinitionFile = {
    name,
    interface: {
      title: typeof info.title === 'string' && info.title !== '' ? info.title : name,
      ...(typeof info.description === 'string' && { description: info.description }),
      basePath: base,
      style: 'success-envelope',
      errorStyle: 'errors-array',
      ...(Object.keys(tags).length > 0 && { tags }),
    },
    ...(Object.keys(auth.schemes).length > 0 && { auth: auth.schemes }),
    ...(schemas.types.size > 0 && { types: Object.fromEntries(schemas.types) }),
    ...(schemas.records.size > 0 && { records: Object.fromEntries(schemas.records) }),
    ...(Object.keys(routes).length > 0 && { routes }),
  };
  const lines = [...report.lines(locate), report.summary()];
  if (options.strict && report.notes.some((note) => note.kind !== 'renamed'))
    throw new ImportError([
      ...lines,
      `svcgen import: --strict: ${report.notes.filter((note) => note.kind !== 'renamed').length} approximation(s); nothing was written`,
    ]);
  // The source as seen from the definitions folder: the same bytes on every machine.
  const source = relative(resolve(options.definitionsDir), path).replaceAll('\\', '/');
  const files = new Map(splitDefinitions(definitions).map((part) => [part.name, definitionsYaml(part, source)]));
  const text = files.get(name) as string;
  const written = options.dryRun
    ? [...files.keys()].map((part) => resolve(options.definitionsDir, `${part}.yaml`))
    : writeDefinitions(options.definitionsDir, files, options.force === true);
  return { name, path: written[0] as string, files: written, text, lines, report };
}

/** Every component schema that is an object becomes a record under its own name, used or not. */
function importComponentSchemas(context: ImportContext): void {
  const base = context.version === '2.0' ? '/definitions' : '/components/schemas';
  const holder =
    context.version === '2.0'
      ? context.root.definitions
      : (context.root.components as Record<string, unknown> | undefined)?.schemas;
  if (!isMapping(holder)) return;
  for (const key of Object.keys(holder).sort()) {
    const ref = `#${childPointer(base, key)}`;
    context.schemas.typeOf({ $ref: ref }, { file: context.file, pointer: childPointer(base, key) }, key);
  }
}

/** The path of the first server (3.x) or basePath (2.0), when svcgen can use it as its basePath. */
function basePath(context: ImportContext): string {
  let path: unknown;
  if (context.version === '2.0') path = context.root.basePath;
  else {
    const [server] = Array.isArray(context.root.servers) ? context.root.servers : [];
    const url = isMapping(server) && typeof server.url === 'string' ? server.url : '';
    path = url.replace(/^(?:[a-z][a-z0-9+.-]*:)?\/\/[^/]*/i, '') || '/';
    // A server variable in the path stands for its default (`/{basePath}` with default v2: /v2).
    const variables = isMapping(server) && isMapping(server.variables) ? server.variables : {};
    path = (path as string).replace(/\{([^}]*)\}/g, (whole, variable: string) => {
      const declared = variables[variable];
      return isMapping(declared) && typeof declared.default === 'string' ? declared.default : whole;
    });
  }
  const text = typeof path === 'string' ? path.replace(/\/+$/, '') || '/' : '/';
  if (BASE_PATH.test(text) && !/\/\.\.?(?:\/|$)/.test(text)) return text;
  context.report.note(
    'approximated',
    context.file,
    context.version === '2.0' ? '/basePath' : '/servers/0/url',
    `base path ${text}: not a plain path, routes are served under /`,
  );
  return '/';
}
