// svcgen.config.yaml: optional; its defaults fit a repo laid out like this one. Like git and
// prettier, svcgen looks for it upward from the working directory, so every command works from a
// subfolder of the project.
import { readFile, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { ConfigFile } from './config-schema.js';
import { DefinitionsError, type Diagnostic } from './definitions/diagnostics.js';
import { displayPath } from './definitions/sources.js';
import { emitterNames } from './emitters/index.js';
import { closest } from './ir/names.js';
import { DEFAULT_OPENAPI_OPTIONS, type OpenApiOptions } from './emitters/openapi/options.js';
import { OutputError } from './output/output-error.js';
import { exists } from './output/write.js';

export const CONFIG_FILE = 'svcgen.config.yaml';
/** Where the upward search for the config stops: the project's own folder. */
export const PROJECT_MARKERS = ['package.json', '.git'];
export const DEFAULT_DEFINITIONS = 'definitions';

export interface ResolvedConfig {
  /** The config file's text, or "" when there is none (part of the input hash). */
  readonly text: string;
  /**
   * The project folder, which paths in diagnostics and file headers are shown relative to, and
   * which holds the cache: the config's folder, else the folder holding package.json or .git
   * (the working directory when paths were given on the command line, or when there is neither).
   */
  readonly cwd: string;
  readonly definitionsDir: string;
  readonly outDir: string;
  /** The config file read, if any (the output folder must not contain it). */
  readonly configFile: string | undefined;
  readonly templatesDir: string | undefined;
  /** The user-owned handler modules `svcgen scaffold` writes, one `<interface>.ts` each. */
  readonly handlersDir: string;
  readonly emitters: Readonly<Record<string, boolean>>;
  /** Shared stores whose runtime modules are written although no generated file imports them. */
  readonly stores: readonly ('postgres' | 'redis')[];
  /** The OpenAPI renderings chosen, defaults filled in. */
  readonly openapi: OpenApiOptions;
}

export interface ConfigOverrides {
  readonly cwd?: string | undefined;
  readonly configFile?: string | undefined;
  readonly definitionsDir?: string | undefined;
  readonly outDir?: string | undefined;
}

export async function resolveConfig(overrides: ConfigOverrides = {}): Promise<ResolvedConfig> {
  const workingDir = overrides.cwd ?? process.cwd();
  const found = overrides.configFile === undefined ? await findProject(workingDir) : undefined;
  // Paths given on the command line are the user's, relative to where they typed them.
  const cwd =
    found && (found.configPath !== undefined || overrides.definitionsDir === undefined) ? found.root : workingDir;
  const configPath = found
    ? (found.configPath ?? join(found.root, CONFIG_FILE))
    : resolve(workingDir, overrides.configFile ?? CONFIG_FILE);
  let bytes: Buffer | undefined;
  try {
    // A FIFO would block the read: only a regular file (or a link to one) is read.
    if (!(await stat(configPath)).isFile())
      throw new OutputError(configPath, 'is not a regular file; the config must be a regular file');
    bytes = await readFile(configPath);
  } catch (error) {
    if (error instanceof OutputError) throw error;
    const { code } = error as NodeJS.ErrnoException;
    if (overrides.configFile !== undefined || code !== 'ENOENT') {
      const message = `cannot read config file (${code ?? String(error)})`;
      throw new DefinitionsError([{ code: 'SVC301', file: displayPath(configPath, cwd), line: 1, column: 1, message }]);
    }
  }
  const config = bytes ? await parseConfig(displayPath(configPath, cwd), bytes) : {};
  const base = bytes ? dirname(configPath) : cwd;
  return {
    text: bytes ? bytes.toString('utf8') : '',
    cwd,
    definitionsDir: overrides.definitionsDir
      ? resolve(workingDir, overrides.definitionsDir)
      : resolve(base, config.definitions ?? DEFAULT_DEFINITIONS),
    outDir: overrides.outDir ? resolve(workingDir, overrides.outDir) : resolve(base, config.output ?? 'generated'),
    configFile: bytes ? configPath : undefined,
    templatesDir: config.templates ? resolve(base, config.templates) : undefined,
    handlersDir: resolve(base, config.handlers ?? 'src/handlers'),
    emitters: config.emitters ?? {},
    stores: config.stores ?? [],
    // YAML has no undefined: a member given holds a value (a key with none, null, fails the schema).
    openapi: { ...DEFAULT_OPENAPI_OPTIONS, ...(config.openapi as Partial<OpenApiOptions> | undefined) },
  };
}

/**
 * Where a run starts, searching from `workingDir` up to the project's own folder (the first holding
 * package.json or .git; else the file system's root): the nearest svcgen.config.yaml; without one,
 * the nearest folder laid out as svcgen's defaults expect (holding definitions/), else the
 * project's folder (else the working directory).
 */
async function findProject(workingDir: string): Promise<{ root: string; configPath: string | undefined }> {
  const folders: string[] = [];
  for (let dir = resolve(workingDir); ; dir = dirname(dir)) {
    folders.push(dir);
    const configPath = join(dir, CONFIG_FILE);
    if (await exists(configPath)) return { root: dir, configPath };
    if ((await Promise.all(PROJECT_MARKERS.map((name) => exists(join(dir, name))))).some(Boolean)) break;
    if (dirname(dir) === dir) {
      folders.push(resolve(workingDir));
      break;
    }
  }
  for (const dir of folders)
    if (await exists(join(dir, DEFAULT_DEFINITIONS))) return { root: dir, configPath: undefined };
  return { root: folders.at(-1) ?? resolve(workingDir), configPath: undefined };
}

/** The parser, the schema (and zod) load only when there is a config file to read. */
async function parseConfig(file: string, bytes: Buffer): Promise<ConfigFile> {
  const [{ ConfigSchema }, { parseDefinitionText }, { positionOf }] = await Promise.all([
    import('./config-schema.js'),
    import('./definitions/load.js'),
    import('./definitions/positions.js'),
  ]);
  const parsed = parseDefinitionText(file, bytes);
  if (!parsed.file) throw new DefinitionsError(parsed.diagnostics.map((d) => ({ ...d, code: 'SVC301' })));
  const { value, positions } = parsed.file;
  const problem = (path: PropertyKey[], message: string, atKey = false): Diagnostic => {
    const { line, column } = positionOf(positions, path as (string | number)[], { atKey });
    return { code: 'SVC301', file, line, column, message };
  };
  const result = ConfigSchema.safeParse(value ?? {});
  if (!result.success) {
    const keys = Object.keys(ConfigSchema.shape).join(', ');
    throw new DefinitionsError(
      result.error.issues.map((issue) =>
        issue.code === 'unrecognized_keys'
          ? problem(
              [...issue.path, issue.keys[0] ?? ''],
              `unknown config key "${issue.keys.join('", "')}" (expected one of: ${keys})`,
              true,
            )
          : problem(issue.path, `${issue.path.join('.') || 'config'}: ${issue.message}`),
      ),
    );
  }
  const unknown = Object.keys(result.data.emitters ?? {}).filter((name) => !emitterNames().includes(name));
  if (unknown.length > 0)
    throw new DefinitionsError(unknown.map((name) => problem(['emitters', name], unknownEmitter(name), true)));
  return result.data;
}

/** An emitter name the registry does not know would otherwise switch nothing off, silently. */
function unknownEmitter(name: string): string {
  const suggestion = closest(name, emitterNames());
  const hint = suggestion ? `did you mean "${suggestion}"? ` : '';
  return `unknown emitter "${name}" (${hint}expected one of: ${emitterNames().join(', ')})`;
}
