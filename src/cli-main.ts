// Argument parsing and printing only (loaded by cli.ts when no no-op stamp holds); the work is in
// pipeline.ts, diff/, watch.ts and init.ts.
import { relative } from 'node:path';
import { formatDiagnostic, printablePath, type Diagnostic } from './definitions/diagnostics.js';
import { displayPath } from './definitions/sources.js';
import { closest } from './ir/names.js';
import { describeFsError, OutputError } from './output/output-error.js';
import type { GenerateResult, RunOptions } from './pipeline.js';
import { GENERATOR_VERSION } from './version.js';

const USAGE = `svcgen ${GENERATOR_VERSION}: TypeScript code from YAML interface definitions

Usage: svcgen <command> [options]

Commands:
  generate          write the output folder from the definitions
  check             exit 1 when the output folder differs from what the definitions produce,
                    or a handler module (see scaffold) has no method for a route
  diff              list what changed in the definitions since a base, breaking or not,
                    for clients and for servers
  watch             generate, then generate again whenever definitions, templates or config change
  scaffold          write a handler module per interface (default src/handlers/<interface>.ts),
                    one stub per route; run again after the definitions change, it adds stubs
                    for new routes, renames methods of renamed routes and marks methods of
                    removed routes @deprecated, never changing a body, import or comment it
                    did not write
  init              write svcgen.config.yaml and a sample definition (never overwrites)
  import <file>     write definitions from an OpenAPI 3.1, 3.0 or Swagger 2.0 document (JSON or
                    YAML), reporting each construct it approximates or drops (docs/import.md)
  schema            print the JSON Schema of the definitions format

Options:
  --definitions <dir>   definitions folder (default: definitions, or the config's)
  --out <dir>           output folder (default: generated, or the config's)
  --config <file>       config file (default: svcgen.config.yaml when present)
  --no-cache            do not use the caches (node_modules/.cache/svcgen)
  --base <ref|dir>      diff: the base, a git ref (branch, tag, commit) or a folder of definitions
  --format <format>     diff: text (default), markdown (a pull-request comment) or json
  --fail-on <which>     diff: exit 1 on a change that is breaking (for clients or servers),
                        breaking-for-clients or breaking-for-servers
  --name <name>         import: the definitions file's name (default: from the document's title)
  --strict              import: any approximation is an error (exit 1, nothing written)
  --force               import: replace an existing definitions file
  -h, --help            show this help
  -v, --version         show the version

Exit codes: 0 success, 1 invalid definitions, check failed or (with --fail-on) a breaking change,
2 usage error or a base that cannot be found, 3 a file or folder that cannot be used (the output
folder refused or not writable, an input that is not a regular file), 70 internal error.`;

/** What --fail-on accepts: any breaking change, or those breaking one side. */
const FAIL_ON = ['breaking', 'breaking-for-clients', 'breaking-for-servers'] as const;
const COMMANDS = ['generate', 'check', 'diff', 'watch', 'scaffold', 'init', 'schema', 'import'] as const;
type Command = (typeof COMMANDS)[number];

/** Each option, and the commands that take it. */
const OPTIONS: Readonly<Record<string, { readonly value: boolean; readonly commands: readonly Command[] }>> = {
  '--definitions': { value: true, commands: ['generate', 'check', 'diff', 'watch', 'scaffold', 'import'] },
  '--out': { value: true, commands: ['generate', 'check', 'watch', 'scaffold'] },
  '--config': { value: true, commands: ['generate', 'check', 'diff', 'watch', 'scaffold', 'import'] },
  '--no-cache': { value: false, commands: ['generate', 'check', 'watch'] },
  '--base': { value: true, commands: ['diff'] },
  '--format': { value: true, commands: ['diff'] },
  '--fail-on': { value: true, commands: ['diff'] },
  '--name': { value: true, commands: ['import'] },
  '--strict': { value: false, commands: ['import'] },
  '--force': { value: false, commands: ['import'] },
};

const FORMATS = ['text', 'markdown', 'json'] as const;

class UsageError extends Error {}

function parseArgs(argv: readonly string[]) {
  let command: Command | undefined;
  const positional: string[] = [];
  const values = new Map<string, string>(); // a flag (--no-cache) maps to ""
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index] as string;
    if (arg === '-h' || arg === '--help') return 'help';
    if (arg === '-v' || arg === '--version') return 'version';
    const equals = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const [name, inline] = equals > 0 ? [arg.slice(0, equals), arg.slice(equals + 1)] : [arg, undefined];
    const option = OPTIONS[name];
    if (option && option.value) {
      const value = inline ?? argv[index + 1];
      if (value === undefined || value === '' || (inline === undefined && value.startsWith('--')))
        throw new UsageError(`${name} needs a value`);
      if (values.has(name)) throw new UsageError(`${name} given twice`);
      values.set(name, value);
      if (inline === undefined) index += 1;
    } else if (option) {
      if (inline !== undefined) throw new UsageError(`${name} takes no value`);
      values.set(name, '');
    } else if (arg.startsWith('-')) {
      const hint = suggestion(name, [...Object.keys(OPTIONS), '--help', '--version']);
      throw new UsageError(`unknown option ${name}${hint ? ` (${hint.trim()})` : ''}`);
    } else if (command === undefined && (COMMANDS as readonly string[]).includes(arg)) {
      command = arg as Command;
    } else if (command === 'import' && positional.length === 0) {
      positional.push(arg);
    } else {
      throw new UsageError(
        command === undefined
          ? `unknown command ${arg} (${suggestion(arg, COMMANDS)}expected one of: ${COMMANDS.join(', ')})`
          : `unexpected argument ${arg}`,
      );
    }
  }
  if (command === undefined) throw new UsageError('missing command');
  for (const name of values.keys()) {
    const allowed = OPTIONS[name]?.commands ?? [];
    if (!allowed.includes(command))
      throw new UsageError(`${name} does not apply to ${command} (it is for: ${allowed.join(', ')})`);
  }
  const oneOf = <T extends string>(name: string, allowed: readonly T[], problem: string) => {
    const value = values.get(name);
    if (value === undefined || (allowed as readonly string[]).includes(value)) return value as T | undefined;
    throw new UsageError(`${name} ${value} ${problem} (expected one of: ${allowed.join(', ')})`);
  };
  // diff's: the base, how to print, and which breaking changes make it exit 1, if any.
  const diff = {
    base: values.get('--base') ?? '',
    format: oneOf('--format', FORMATS, 'is not a format') ?? 'text',
    failOn: oneOf('--fail-on', FAIL_ON, 'is not supported'),
  };
  if (command === 'diff' && !values.has('--base')) throw new UsageError('diff needs --base <git ref or folder>');
  if (command === 'import' && positional.length === 0)
    throw new UsageError('import needs the document: svcgen import <file>');
  const importArgs = {
    file: positional[0] ?? '',
    name: values.get('--name'),
    strict: values.has('--strict'),
    force: values.has('--force'),
  };
  const options = {
    definitionsDir: values.get('--definitions'),
    outDir: values.get('--out'),
    configFile: values.get('--config'),
    cache: !values.has('--no-cache'),
  };
  return { command, options, diff, importArgs };
}

type ParsedArgs = Exclude<ReturnType<typeof parseArgs>, string>;

/** "did you mean x? " for a mistyped command or option, or "". */
function suggestion(found: string, known: readonly string[]): string {
  const nearest = closest(found, known);
  return nearest === undefined ? '' : `did you mean ${nearest}? `;
}

async function run(argv: readonly string[]): Promise<number> {
  let args: ReturnType<typeof parseArgs>;
  try {
    args = parseArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    // One line: what was wrong, and where the usage is (not the whole help, which buries it).
    process.stderr.write(`svcgen: ${error.message}; run svcgen --help for usage\n`);
    return 2;
  }
  if (args === 'help') return print(USAGE);
  if (args === 'version') return print(GENERATOR_VERSION);
  const { options } = args;
  // V8's tiering setting for a short-lived process, before the work starts; `generate` sets it only
  // once it knows it has work to do (loading node:v8 is a few percent of a run with nothing to do).
  const setV8Tiering = async () => void (await import('./set-v8-tiering.js'));
  if (args.command !== 'generate') await setV8Tiering();
  switch (args.command) {
    case 'schema': {
      const { definitionsJsonSchema } = await import('./definitions/json-schema.js');
      return print(JSON.stringify(definitionsJsonSchema(), null, 2));
    }
    case 'generate': {
      const { generate } = await import('./pipeline.js');
      const result = await generate({ ...options, beforeBuild: setV8Tiering });
      if (!result.ok) return reportDiagnostics(result.diagnostics);
      if (result.warnings.length > 0) process.stderr.write(`${result.warnings.join('\n')}\n`);
      if (result.gitattributes === 'added')
        print(`svcgen: marked ${relativeOut(result.outDir)}/** as linguist-generated in .gitattributes`);
      if (result.stamp) {
        const { stampCommand, writeNoopStamp } = await import('./incremental/noop-stamp.js');
        const upToDate = `svcgen: ${relativeOut(result.outDir)} is up to date\n`;
        writeNoopStamp(result.stamp.cacheDir, stampCommand(process.cwd(), argv), upToDate, result.stamp.paths);
      }
      return print(`svcgen: ${describeGenerate(result)}`);
    }
    case 'check':
      return runCheck(options);
    case 'scaffold': {
      const [{ scaffold }, { describeScaffold }] = await Promise.all([
        import('./scaffold/scaffold.js'),
        import('./scaffold/report.js'),
      ]);
      const result = await scaffold(options);
      return result.ok ? print(describeScaffold(result.modules)) : reportDiagnostics(result.diagnostics);
    }
    case 'diff':
      return runDiff(options, args.diff);
    case 'import':
      return runImport(options, args.importArgs);
    case 'watch':
      return runWatch(options);
    case 'init': {
      const { init } = await import('./init.js');
      const result = await init();
      if (!result.ok) {
        process.stderr.write(`svcgen: ${result.message}\n`);
        return 1;
      }
      const marked =
        result.gitattributes === 'added' ? '; marked generated/** as linguist-generated in .gitattributes' : '';
      return print(`svcgen: wrote ${result.written.join(', ')}${marked}\nNext: svcgen generate`);
    }
  }
}

async function runCheck(options: RunOptions): Promise<number> {
  const [{ check }, { resolveConfig }, { handlerCoverage }, { describeCoverage }] = await Promise.all([
    import('./pipeline.js'),
    import('./config.js'),
    import('./scaffold/coverage.js'),
    import('./scaffold/report.js'),
  ]);
  const result = await check(options);
  if (!result.ok) return reportDiagnostics(result.diagnostics);
  // The handler modules' report: routes without a method, unreadable modules.
  const handlers = describeCoverage(await handlerCoverage(await resolveConfig(options)));
  if (result.upToDate && handlers.length === 0) {
    return print(`svcgen: ${relativeOut(result.outDir)} matches the definitions`);
  }
  const { missing, changed, extra, foreign } = result.drift;
  const lines = result.upToDate
    ? []
    : [
        `svcgen: ${relativeOut(result.outDir)} differs from what the definitions produce (run svcgen generate):`,
        ...missing.map((path) => `  missing: ${path}`),
        ...changed.flatMap((entry) => [`  changed: ${entry.path}`, entry.diff]),
        ...extra.map((path) => `  extra:   ${path} (no longer generated)`),
        ...foreign.map((path) => `  extra:   ${path} (not written by svcgen)`),
      ];
  process.stderr.write(`${[...lines, ...handlers].join('\n')}\n`);
  return 1;
}

async function runDiff(options: RunOptions, args: ParsedArgs['diff']): Promise<number> {
  const [{ diff }, { renderDiff }] = await Promise.all([import('./diff/diff.js'), import('./diff/render.js')]);
  const result = await diff({ ...options, base: args.base });
  if (!result.ok) {
    const details = result.diagnostics.map(formatDiagnostic);
    process.stderr.write(`${[...details, `svcgen: ${result.message}`].join('\n')}\n`);
    return result.reason === 'base-not-found' ? 2 : 1;
  }
  process.stdout.write(renderDiff(result, args.format));
  const { breaking, breakingForClients, breakingForServers } = result.summary;
  const counts = { breaking, 'breaking-for-clients': breakingForClients, 'breaking-for-servers': breakingForServers };
  return args.failOn !== undefined && counts[args.failOn] > 0 ? 1 : 0;
}

async function runImport(options: RunOptions, args: ParsedArgs['importArgs']): Promise<number> {
  const [{ importDocument }, { ImportError }, { resolveConfig }] = await Promise.all([
    import('./import/import.js'),
    import('./import/report.js'),
    import('./config.js'),
  ]);
  const { definitionsDir } = await resolveConfig(options);
  try {
    const result = importDocument({ ...args, definitionsDir });
    process.stderr.write(result.lines.map((line) => `${line}\n`).join(''));
    const written = result.files.map((file) => relative(process.cwd(), file)).join(', ');
    return print(`svcgen: wrote ${written}\nNext: svcgen generate`);
  } catch (error) {
    if (!(error instanceof ImportError)) throw error;
    process.stderr.write(`${error.lines.join('\n')}\nsvcgen import: nothing was written\n`);
    return 1;
  }
}

async function runWatch(options: RunOptions): Promise<number> {
  const { watch } = await import('./watch.js');
  const watcher = watch({
    ...options,
    onResult: (event) => {
      const time = new Date().toTimeString().slice(0, 8);
      const cause = event.trigger.reason === 'start' ? 'start' : `${event.trigger.changed.join(', ')} changed`;
      if (event.kind === 'error') {
        process.stderr.write(`svcgen watch: [${time}] ${cause}: ${describeFailure(event.error)}\n`);
      } else if (!event.result.ok) {
        reportDiagnostics(event.result.diagnostics, `svcgen watch: [${time}] ${cause}`, '; watching for changes');
      } else {
        process.stdout.write(`svcgen watch: [${time}] ${cause}: ${describeGenerate(event.result)}\n`);
      }
    },
  });
  await watcher.ready;
  process.stdout.write('svcgen watch: watching definitions, templates and config (Ctrl-C to stop)\n');
  await new Promise((resolve) => process.once('SIGINT', resolve).once('SIGTERM', resolve));
  await watcher.close();
  return 0;
}

function describeGenerate(result: Extract<GenerateResult, { ok: true }>): string {
  if (result.upToDate) return `${relativeOut(result.outDir)} is up to date`; // as the no-op stamp's message above
  return `wrote ${result.written.length} file(s), deleted ${result.deleted.length} in ${relativeOut(result.outDir)}`;
}

/** The output folder as the user would type it from here (`../generated` from a subfolder). */
function relativeOut(outDir: string): string {
  return relative(process.cwd(), outDir) || '.';
}

/** The diagnostics, then a line counting them (begun by `lead`): exit code 1. */
function reportDiagnostics(diagnostics: readonly Diagnostic[], lead = 'svcgen', tail = ''): 1 {
  const summary = `${lead}: ${diagnostics.length} problem(s); nothing was written${tail}`;
  process.stderr.write(`${[...diagnostics.map(formatDiagnostic), summary].join('\n')}\n`);
  return 1;
}

/** Prints a line of success: exit code 0. */
function print(text: string): 0 {
  process.stdout.write(`${text}\n`);
  return 0;
}

/** One line naming the path and what is wrong with it, for a file-system problem the user can act on. */
function fileSystemProblem(error: unknown): string | undefined {
  if (error instanceof OutputError) return `${printablePath(displayPath(error.path) || '.')}: ${error.reason}`;
  const { code, path } = (error ?? {}) as NodeJS.ErrnoException;
  if (typeof code !== 'string' || typeof path !== 'string') return undefined;
  return `${printablePath(displayPath(path) || '.')}: ${describeFsError(error)}`;
}

/** A failure as one line: the file-system problem the user can act on, else an internal error. */
function describeFailure(error: unknown): string {
  return fileSystemProblem(error) ?? `internal error: ${error instanceof Error ? error.message : String(error)}`;
}

run(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`svcgen: ${describeFailure(error)}\n`);
    process.exitCode = fileSystemProblem(error) ? 3 : 70;
  },
);
