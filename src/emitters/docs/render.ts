// Renders a docs page from handlebars templates, strictly: a variable that is not in the data,
// a helper that is not known, a partial that does not exist or that includes itself without
// end, and a syntax error all stop the run with SVC401 at the template's file, line and column,
// never with silently empty output.
import Handlebars from 'handlebars';
import { DefinitionsError } from '../../definitions/diagnostics.js';
import type { TemplateFile } from '../contract.js';
import { codeSpan } from './markdown.js';
import { PRECOMPILED } from './precompiled.js';

/** Deep enough for any sensible nesting; a partial that includes itself hits it at once. */
export const MAX_PARTIAL_DEPTH = 32;

type Delegate = Handlebars.TemplateDelegate;
type HelperOptions = Handlebars.HelperOptions & { readonly loc?: hbs.AST.SourceLocation };

/** A template failure at a place inside the template being run (its file is added on the way out). */
class LocatedFailure extends Error {
  constructor(
    message: string,
    readonly line: number,
    /** 1-based. */
    readonly column: number,
    readonly file?: string,
  ) {
    super(message);
  }
}

type Helper = (...args: unknown[]) => unknown;

const HELPERS: Record<string, Helper> = {
  /** {{code value}}: the value in a code span. */
  code: (value) => codeSpan(String(value)),
  /** {{join list ", "}}: the items of a list joined by a separator. */
  join: (list, separator) =>
    Array.isArray(list) ? list.map(String).join(typeof separator === 'string' ? separator : ', ') : String(list),
};

const BUILT_IN_BLOCKS = ['each', 'if', 'unless', 'with'] as const;

export const COMPILE_OPTIONS = {
  strict: true,
  knownHelpersOnly: true,
  knownHelpers: Object.fromEntries(Object.keys(HELPERS).map((name) => [name, true])),
  noEscape: true,
} as const;

/** A partial included by a template, at its line and (1-based) column. */
type PartialCall = Pick<LocatedFailure, 'line' | 'column'> & { readonly partial: string };

/** The name a template is included by: its file name up to the first dot ("docs-route.md.hbs" → "docs-route"). */
export function partialName(fileName: string): string {
  return fileName.split('.')[0] as string;
}

interface RendererOptions {
  /** Partials replaced, by name (see sectioned-page.ts): each gets the partial's context, returns its text. */
  readonly stubs?: ReadonlyMap<string, (context: unknown) => string>;
  /** svcgen's own templates, known to be sound: compiled without checking them first. */
  readonly trusted?: boolean;
}

/**
 * Checks and compiles the templates once, for every page of a run: compiling them again per page
 * cost more than rendering.
 */
export function templateRenderer(
  templates: readonly TemplateFile[],
  entry: string,
  { stubs = new Map(), trusted = false }: RendererOptions = {},
): (data: unknown) => string {
  const main = templates.find((template) => template.name === entry);
  if (!main) {
    const expected = "expected it in svcgen's templates or the templates folder of the config";
    throw templateError(new LocatedFailure(`template ${entry} not found (${expected})`, 1, 1), `templates/${entry}`);
  }
  const hb = Handlebars.create();
  registerHelpers(hb);
  const names = new Set(templates.map((template) => partialName(template.name)));
  const calls = new Map<string, readonly PartialCall[]>();
  if (!trusted) for (const template of templates) calls.set(template.name, checkTemplate(hb, template, names));

  // Pages render one after another, so one stack of the templates being run serves them all.
  const stack: TemplateFile[] = [];
  const run =
    (template: TemplateFile, compiled: Delegate): Delegate =>
    (context, options) => {
      const caller = stack.at(-1);
      if (stack.length >= MAX_PARTIAL_DEPTH && caller) {
        const call = calls.get(caller.name)?.find((candidate) => candidate.partial === partialName(template.name));
        throw new LocatedFailure(
          `partials nested deeper than ${MAX_PARTIAL_DEPTH} (does ${partialName(template.name)} include itself?)`,
          call?.line ?? 1,
          call?.column ?? 1,
          caller.file,
        );
      }
      stack.push(template);
      try {
        return compiled(context, options);
      } catch (error) {
        throw locate(error, template);
      } finally {
        stack.pop();
      }
    };
  for (const template of templates) {
    const name = partialName(template.name);
    // Handlebars compiles at the first call: a stubbed template never is.
    hb.registerPartial(name, stubs.get(name) ?? run(template, compile(hb, template)));
  }
  const runMain = run(main, compile(hb, main));
  return (data) => {
    try {
      return runMain(data);
    } catch (error) {
      throw templateError(locate(error, main), main.file);
    }
  };
}

/** A template's function: compiled by the build when it is svcgen's own as it is, else at its first call. */
function compile(hb: typeof Handlebars, template: TemplateFile): Delegate {
  const built = template.own ? PRECOMPILED[template.name] : undefined;
  return built?.text === template.content ? hb.template(built.spec) : hb.compile(template.content, COMPILE_OPTIONS);
}

/** Parses and compiles a template up front (syntax, unknown helpers, unknown partials) and lists its partial calls. */
function checkTemplate(hb: typeof Handlebars, template: TemplateFile, partials: ReadonlySet<string>): PartialCall[] {
  let program: hbs.AST.Program;
  try {
    program = hb.parse(template.content);
    hb.precompile(program, COMPILE_OPTIONS);
  } catch (error) {
    throw templateError(locate(error, template), template.file);
  }
  const calls: PartialCall[] = [];
  const visitor = new Handlebars.Visitor();
  visitor.PartialStatement = ({ name, loc }) => {
    if (name.type !== 'SubExpression')
      calls.push({ partial: name.original, line: loc.start.line, column: loc.start.column + 1 });
  };
  visitor.accept(program);
  const unknown = calls.find((call) => !partials.has(call.partial));
  if (unknown) {
    const message = `unknown partial "${unknown.partial}" (expected one of: ${[...partials].sort().join(', ')})`;
    throw templateError(new LocatedFailure(message, unknown.line, unknown.column), template.file);
  }
  return calls;
}

/**
 * Helpers, the built-in block helpers included, refuse an undefined argument: the page data
 * has null for every absent value, so undefined can only be a name that is not in the data.
 */
function registerHelpers(hb: typeof Handlebars): void {
  const wrap = (name: string, helper: Helper) =>
    function (this: unknown, ...args: unknown[]): unknown {
      const options = args.at(-1) as HelperOptions;
      const params = args.slice(0, -1);
      const missing = params.findIndex((param) => param === undefined);
      const hashMissing = Object.entries(options.hash ?? {}).find(([, value]) => value === undefined)?.[0];
      if (missing !== -1 || hashMissing !== undefined) {
        const what = hashMissing !== undefined ? `its ${hashMissing}= argument` : `its argument ${missing + 1}`;
        throw new LocatedFailure(
          `helper ${name}: ${what} is not defined (a misspelled or unknown variable)`,
          options.loc?.start.line ?? 1,
          (options.loc?.start.column ?? 0) + 1,
        );
      }
      return helper.apply(this, args);
    };
  for (const name of BUILT_IN_BLOCKS) hb.registerHelper(name, wrap(name, hb.helpers[name] as Helper));
  for (const [name, helper] of Object.entries(HELPERS)) hb.registerHelper(name, wrap(name, helper));
}

/** Handlebars' own errors carry "line:column" (column 0-based) or "on line N"; ours carry a location. */
function locate(error: unknown, template: TemplateFile): LocatedFailure {
  if (error instanceof LocatedFailure)
    return error.file ? error : new LocatedFailure(error.message, error.line, error.column, template.file);
  const message = error instanceof Error ? error.message : String(error);
  const { lineNumber, column } = error as { lineNumber?: number; column?: number };
  if (typeof lineNumber === 'number')
    return new LocatedFailure(describe(message), lineNumber, (column ?? 0) + 1, template.file);
  const parse = /Parse error on line (\d+):[\s\S]*?\n(Expecting [\s\S]*)$/.exec(message);
  if (parse)
    return new LocatedFailure(`syntax error: ${parse[2]?.replace(/\s+/g, ' ')}`, Number(parse[1]), 1, template.file);
  return new LocatedFailure(message, 1, 1, template.file);
}

function describe(message: string): string {
  const bare = message.replace(/ - \d+:\d+$/, '');
  const variable = /^"([^"]+)" not defined in /.exec(bare);
  if (variable) return `unknown variable "${variable[1]}" (not in the page data; see src/emitters/docs/page-types.ts)`;
  const helper = /unknown helper (\S+)$/.exec(bare);
  if (helper)
    return `unknown helper "${helper[1]}" (expected one of: ${[...Object.keys(HELPERS), ...BUILT_IN_BLOCKS, 'lookup'].sort().join(', ')})`;
  return bare;
}

/** SVC401 at the failure's place: in the template it names, else in `file`. */
function templateError({ message, line, column, file: named }: LocatedFailure, file: string): DefinitionsError {
  return new DefinitionsError([
    { code: 'SVC401', file: named ?? file, line, column, message: `template error: ${message}` },
  ]);
}
