#!/usr/bin/env node
// Argument parsing and printing only; the work is in generate.ts.
import { formatDiagnostic, type Diagnostic } from './definitions/diagnostics.js';
import { GENERATOR_VERSION } from './version.js';

const USAGE = `svcgen ${GENERATOR_VERSION}: TypeScript code from YAML interface definitions

Usage: svcgen <command> [options]

Commands:
  generate          write the output folder from the definitions
  check             exit 1 when the output folder differs from what the definitions produce
  schema            print the JSON Schema of the definitions format

Options:
  --definitions <dir>   definitions folder (default: definitions, or the config's)
  --out <dir>           output folder (default: generated, or the config's)
  --config <file>       config file (default: svcgen.config.yaml when present)
  --no-cache            do not use the format cache (node_modules/.cache/svcgen)
  -h, --help            show this help
  -v, --version         show the version

Exit codes: 0 success, 1 invalid definitions or check failed, 2 usage error.`;

const COMMANDS = ['generate', 'check', 'schema'] as const;
type Command = (typeof COMMANDS)[number];

interface ParsedArgs {
  readonly command: Command;
  readonly definitionsDir: string | undefined;
  readonly outDir: string | undefined;
  readonly configFile: string | undefined;
  readonly cache: boolean;
}

class UsageError extends Error {}

function parseArgs(argv: readonly string[]): ParsedArgs | 'help' | 'version' {
  let command: Command | undefined;
  const values: Record<string, string | undefined> = {};
  let cache = true;
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index] as string;
    if (arg === '-h' || arg === '--help') return 'help';
    if (arg === '-v' || arg === '--version') return 'version';
    if (arg === '--no-cache') {
      cache = false;
    } else if (arg === '--definitions' || arg === '--out' || arg === '--config') {
      const value = argv[index + 1];
      if (value === undefined || value.startsWith('--')) throw new UsageError(`${arg} needs a value`);
      values[arg] = value;
      index += 1;
    } else if (arg.startsWith('-')) {
      throw new UsageError(`unknown option ${arg}`);
    } else if (command === undefined && (COMMANDS as readonly string[]).includes(arg)) {
      command = arg as Command;
    } else {
      throw new UsageError(command === undefined ? `unknown command ${arg} (expected one of: ${COMMANDS.join(', ')})` : `unexpected argument ${arg}`);
    }
  }
  if (command === undefined) throw new UsageError('missing command');
  return { command, definitionsDir: values['--definitions'], outDir: values['--out'], configFile: values['--config'], cache };
}

async function run(argv: readonly string[]): Promise<number> {
  let args: ReturnType<typeof parseArgs>;
  try {
    args = parseArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`svcgen: ${error.message}\n\n${USAGE}\n`);
    return 2;
  }
  if (args === 'help') return print(USAGE, 0);
  if (args === 'version') return print(GENERATOR_VERSION, 0);
  const options = { definitionsDir: args.definitionsDir, outDir: args.outDir, configFile: args.configFile, cache: args.cache };
  switch (args.command) {
    case 'schema': {
      const { definitionsJsonSchema } = await import('./definitions/json-schema.js');
      return print(JSON.stringify(definitionsJsonSchema(), null, 2), 0);
    }
    case 'generate': {
      const { generate } = await import('./generate.js');
      const result = await generate(options);
      if (!result.ok) return reportDiagnostics(result.diagnostics);
      if (result.upToDate) return print(`svcgen: ${relativeOut(result.outDir)} is up to date`, 0);
      return print(`svcgen: wrote ${result.written.length} file(s), deleted ${result.deleted.length} in ${relativeOut(result.outDir)}`, 0);
    }
    case 'check': {
      const { check } = await import('./generate.js');
      const result = await check(options);
      if (!result.ok) return reportDiagnostics(result.diagnostics);
      if (result.upToDate) return print(`svcgen: ${relativeOut(result.outDir)} matches the definitions`, 0);
      const { missing, changed, extra } = result.drift;
      const lines = [
        `svcgen: ${relativeOut(result.outDir)} differs from what the definitions produce (run svcgen generate):`,
        ...missing.map((path) => `  missing: ${path}`),
        ...changed.flatMap((entry) => [`  changed: ${entry.path}`, entry.diff]),
        ...extra.map((path) => `  extra:   ${path}`),
      ];
      process.stderr.write(`${lines.join('\n')}\n`);
      return 1;
    }
  }
}

function relativeOut(outDir: string): string {
  const cwd = process.cwd();
  return outDir.startsWith(`${cwd}/`) ? outDir.slice(cwd.length + 1) : outDir;
}

function reportDiagnostics(diagnostics: readonly Diagnostic[]): number {
  process.stderr.write(`${diagnostics.map(formatDiagnostic).join('\n')}\nsvcgen: ${diagnostics.length} problem(s); nothing was written\n`);
  return 1;
}

function print(text: string, code: number): number {
  process.stdout.write(`${text}\n`);
  return code;
}

run(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`svcgen: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 70;
  },
);
