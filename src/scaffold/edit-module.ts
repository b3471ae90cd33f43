// A scaffold plan as text edits to a handler module. Only spans scaffold wrote or inserts change:
// member names (a rename), @route and @deprecated lines, the stub's own NotImplemented name, the
// handlers type it wrote and its RetiredRoutes alias, and new stubs and imports; every other byte
// of the module, bodies and comments above all, is copied through unchanged. ts-morph finds the
// ranges (handler-module.ts); the edits are spliced here rather than made with ts-morph's own
// manipulation, whose rename goes through the language service (which would follow the member into
// the generated interface) and whose insertions print through its own writer: splicing makes byte
// identity outside these spans a property of the code, not of a printer.
import type { HandlerModule, MemberSite } from './handler-module.js';
import type { ScaffoldPlan } from './plan.js';
import {
  compact,
  handlersType,
  isScaffoldType,
  RETIRED_ALIAS,
  RETIRED_LINE,
  stubText,
  type ModuleImports,
  type ModuleNames,
} from './stub-text.js';

interface Edit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/**
 * The edited text, and warnings: what the user must do by hand (scaffold found code it does not own
 * where it would write).
 */
export function editModule(
  module: HandlerModule,
  plan: ScaffoldPlan,
  names: ModuleNames,
  imports: ModuleImports,
): { text: string; warnings: string[] } {
  const edits: Edit[] = [];
  const warnings: string[] = [];
  const member = (name: string) => module.members.find((candidate) => candidate.name === name) as MemberSite;
  if (plan.added.length > 0 && !module.imported.has('NotImplemented')) {
    const newline = module.importAt === module.text.length && !module.text.endsWith('\n') ? '\n' : '';
    edits.push(insert(module.importAt, `${newline}import { NotImplemented } from '${imports.errors}';\n`));
  }
  for (const run of plan.added) {
    const stubs = run.routes.map((route) => stubText(route, module.memberIndent)).join('');
    if (module.empty) {
      edits.push({ start: module.objectStart, end: module.objectClose, text: `\n${stubs}${module.closeIndent}` });
    } else if (run.after === undefined) {
      edits.push(insert(module.objectStart, `\n${stubs.slice(0, -1)}`));
    } else {
      const previous = member(run.after);
      if (!previous.comma) edits.push(insert(previous.end, ','));
      edits.push(insert(previous.insertAfter, `\n${stubs.slice(0, -1)}`));
    }
  }
  for (const { from, to } of plan.renamed) {
    const renamed = member(from);
    edits.push({ start: renamed.nameStart, end: renamed.nameEnd, text: to.method });
    if (renamed.stubName) edits.push({ ...renamed.stubName, text: to.method });
  }
  for (const { member: name, to } of plan.retagged) {
    const tag = member(name).tagLine;
    if (tag) edits.push({ start: tag.start, end: tag.end, text: `${tag.indent}* @route ${to.route}` });
  }
  for (const { name } of plan.newlyRetired) {
    const tag = member(name).tagLine;
    if (tag) edits.push(insert(tag.start, `${tag.indent}* ${RETIRED_LINE}\n`));
  }
  for (const name of plan.revived) {
    const line = member(name).retiredLine;
    if (line) edits.push({ ...line, text: '' });
  }
  edits.push(...typeEdits(module, plan, names, warnings));
  return { text: applyEdits(module.text, edits), warnings };
}

/** The handlers type follows the retired methods, with the alias it needs while there are any. */
function typeEdits(module: HandlerModule, plan: ScaffoldPlan, names: ModuleNames, warnings: string[]): Edit[] {
  const retired = plan.retired.map((member) => member.name);
  const wanted = handlersType(names, retired);
  const ours = isScaffoldType(module.type.text, names);
  if (!ours) {
    if (retired.length > 0)
      warnings.push(
        'the handlers type is not the one svcgen scaffold wrote: give the methods of removed routes ' +
          `(${retired.join(', ')}) a type yourself, or delete them`,
      );
    return [];
  }
  const edits: Edit[] = [];
  if (compact(module.type.text) !== compact(wanted))
    edits.push({ start: module.type.start, end: module.type.end, text: wanted });
  const alias = module.retiredAlias;
  if (retired.length > 0 && !alias) edits.push(insert(module.holderStart, `${RETIRED_ALIAS}\n\n`));
  if (retired.length === 0 && alias?.text === RETIRED_ALIAS) {
    const blank = module.text.startsWith('\n\n', alias.end) ? 2 : 1;
    edits.push({ start: alias.start, end: alias.end + blank, text: '' });
  }
  return edits;
}

function insert(at: number, text: string): Edit {
  return { start: at, end: at, text };
}

/** Edits in order of position (insertions at one position in the order made); they never overlap. */
function applyEdits(text: string, edits: readonly Edit[]): string {
  const ordered = edits
    .map((edit, index) => ({ edit, index }))
    .sort((a, b) => a.edit.start - b.edit.start || a.index - b.index);
  let result = '';
  let at = 0;
  for (const { edit } of ordered) {
    result += text.slice(at, edit.start) + edit.text;
    at = Math.max(at, edit.end);
  }
  return result + text.slice(at);
}
