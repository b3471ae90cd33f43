// Expressions and statements as layout documents (prettier's document builders). Every construct
// states its own layout with groups: a group stays on one line when it fits the print width, else
// its lines break and its contents indent. The few rules beyond that read the tree, never the
// printed width of a neighbour: a last object, array or function argument hugs the call's
// parentheses, and a chain of two or more calls (`z.string().min(1)`) puts one call per line
// when it breaks.
import { builders, utils } from 'prettier/doc';
import {
  byKind,
  type ByKind,
  type Declaration,
  type Expr,
  type MemberText,
  type ObjectMember,
  type Statement,
} from './ast.js';
import { printKey, printNumber, printRegex, printString } from './literals.js';
import { printParameters, printType, printTypeArguments } from './print-type.js';

type Doc = builders.Doc;
const { group, hardline, ifBreak, indent, join, line, literalline, softline } = builders;

export const printExpression = (node: Expr): Doc => byKind(EXPRESSIONS, node);

const EXPRESSIONS: ByKind<Expr, Doc> = {
  identifier: (node) => node.name,
  literal: ({ value }) =>
    typeof value === 'string' ? printString(value) : typeof value === 'number' ? printNumber(value) : String(value),
  regex: (node) => printRegex(node.pattern),
  member: (node) => [printExpression(node.object), '.', node.property],
  element: (node) => [printExpression(node.object), '[', printExpression(node.index), ']'],
  call: printCall,
  // `expanded` keeps one member per line even when the object would fit on one (`{}` stays as it is).
  object: ({ properties, expanded }) =>
    group(printList('{', properties.map(printObjectMember), '}', line), {
      shouldBreak: expanded && properties.length > 0,
    }),
  array: (node) => group(printList('[', node.elements.map(printExpression), ']', softline)),
  cast: (node) => [printExpression(node.expression), ` ${node.operator} `, printType(node.type)],
  assign: (node) => group(printAssignment(printExpression(node.left), ' =', node.right)),
  arrow: printArrow,
};

/**
 * `open item, item close` on one line, else one item per line with a trailing separator; `padding`
 * is what stands inside the brackets on one line. Not grouped: the caller decides what breaks it.
 */
export function printList(open: string, items: readonly Doc[], close: string, padding: Doc, separator = ','): Doc {
  if (items.length === 0) return `${open}${close}`;
  return [open, indent([padding, join([separator, line], [...items])]), ifBreak(separator), padding, close];
}

/** An expression that breaks inside its own brackets, so it can start on the line before it. */
function breaksInside(node: Expr): boolean {
  if (node.kind === 'cast') return breaksInside(node.expression);
  if (node.kind === 'object') return node.properties.length > 0;
  if (node.kind === 'array') return node.elements.length > 0;
  if (node.kind === 'call')
    return node.args.length > 0 || (node.callee.kind === 'member' && isPlainCall(node.callee.object));
  return node.kind === 'arrow';
}

// ---------------------------------------------------------------- calls

function printCall(node: Extract<Expr, { kind: 'call' }>): Doc {
  if (node.isNew || node.callee.kind !== 'member') {
    return [
      node.isNew ? 'new ' : '',
      printExpression(node.callee),
      printTypeArguments(node.typeArgs),
      printArguments(node.args),
    ];
  }
  const { root, links, calls } = chainOf(node);
  // One call, or calls whose arguments break anyway (`z.strictObject({…}).optional()`): one line.
  if (links.length === 1 || links.slice(0, -1).some(utils.willBreak)) return [printExpression(root), ...links];
  // As prettier does: more than two calls, one with an argument that is not simple, put one call per line.
  const shouldBreak =
    calls.length + (isPlainCall(root) ? 1 : 0) > 2 && calls.some((args) => !args.every((arg) => isSimple(arg)));
  return group([printExpression(root), indent(links.map((link) => [softline, link]))], { shouldBreak });
}

const isPlainCall = (node: Expr) => node.kind === 'call' && !node.isNew;

/**
 * `a.b(x).c.d()` as its root `a` and its links `.b(x)` and `.c.d()`, each ending with a call, and the
 * arguments of those calls.
 */
function chainOf(node: Expr): { root: Expr; links: Doc[]; calls: (readonly Expr[])[] } {
  if (node.kind === 'call' && !node.isNew && node.callee.kind === 'member') {
    const { root, links, calls } = chainOf(node.callee.object);
    const link = ['.', node.callee.property, printTypeArguments(node.typeArgs), printArguments(node.args)];
    return { root, links: [...links, link], calls: [...calls, node.args] };
  }
  if (node.kind === 'member') {
    const { root, links, calls } = chainOf(node.object);
    if (links.length > 0)
      return { root, links: [...links.slice(0, -1), [links[links.length - 1] as Doc, '.', node.property]], calls };
  }
  return { root: node, links: [], calls: [] };
}

/**
 * prettier's simple call argument (isSimpleCallArgument), `depth` levels of nesting allowed: names,
 * literals, short regular expressions, and objects, arrays and calls of those.
 */
function isSimple(node: Expr, depth = 2): boolean {
  if (depth <= 0) return false;
  const child = (each: Expr) => isSimple(each, depth - 1);
  switch (node.kind) {
    case 'identifier':
    case 'literal':
      return true;
    case 'regex':
      // The pattern as written between the slashes, measured as prettier measures text.
      return displayWidth(printRegex(node.pattern).slice(1, -1)) <= 5;
    case 'object':
      return node.properties.every(
        (member) =>
          member.kind === 'property' &&
          ((member.value.kind === 'identifier' && member.value.name === member.key) || child(member.value)),
      );
    case 'array':
      return node.elements.every(child);
    case 'call':
      return isSimple(node.callee, depth) && node.args.length <= depth && node.args.every(child);
    case 'member':
      return isSimple(node.object, depth);
    default:
      return false;
  }
}

/** Columns of printed text: two for East Asian wide characters and emoji, as prettier counts them. */
function displayWidth(text: string): number {
  let width = 0;
  for (const character of text)
    width +=
      /[\u1100-\u115F\u2E80-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6\u{1F300}-\u{1FAFF}\u{20000}-\u{3FFFD}]/u.test(
        character,
      )
        ? 2
        : 1;
  return width;
}

function printArguments(args: readonly Expr[]): Doc {
  const printed = args.map(printExpression);
  const last = args[args.length - 1];
  if (last && hugs(last) && !args.slice(0, -1).some(hugs)) return ['(', join(', ', printed), ')'];
  return group(printList('(', printed, ')', softline));
}

/** A last argument that opens its own brackets on the call's line (`f(a, {`, `f((x) => {`). */
function hugs(node: Expr): boolean {
  if (node.kind === 'cast') return hugs(node.expression);
  return (node.kind === 'object' || node.kind === 'array' || node.kind === 'arrow') && breaksInside(node);
}

// ---------------------------------------------------------------- objects and functions

export function printObjectMember(member: ObjectMember): Doc {
  if (member.kind === 'text') return printMemberText(member);
  const key = printKey(member.key);
  if (member.kind === 'getter') return ['get ', key, '() ', printBlock([{ kind: 'return', value: member.returns }])];
  // `{ name }` for `{ name: name }`.
  if (member.value.kind === 'identifier' && member.value.name === member.key) return key;
  return group(printAssignment(key, ':', member.value));
}

/**
 * A member given as its text, laid out already: its lines as they are (indented already), each
 * after a literal line break. A member of several lines breaks the groups around it, as the line
 * breaks inside it did.
 */
export function printMemberText(member: MemberText): Doc {
  return join(literalline, member.text.split('\n'));
}

function printArrow(node: Extract<Expr, { kind: 'arrow' }>): Doc {
  const head = [group(printParameters(node.params)), node.returns ? [': ', printType(node.returns)] : '', ' =>'];
  if (isStatements(node.body)) return [head, ' ', printBlock(node.body)];
  // An object body needs parentheses, or it would read as a block.
  const body = startsWithObject(node.body) ? ['(', printExpression(node.body), ')'] : printExpression(node.body);
  return group([head, breaksInside(node.body) ? [' ', body] : indent([line, body])]);
}

const isStatements = (body: Expr | readonly Statement[]): body is readonly Statement[] => Array.isArray(body);

function startsWithObject(node: Expr): boolean {
  if (node.kind === 'object') return true;
  if (node.kind === 'cast') return startsWithObject(node.expression);
  if (node.kind === 'member') return startsWithObject(node.object);
  if (node.kind === 'call') return !node.isNew && startsWithObject(node.callee);
  return false;
}

// ---------------------------------------------------------------- statements and assignments

/** `{`, each of `lines` on its own line (`between` them: a line break), `}`; `{}` for none. */
export function printBody(lines: readonly Doc[], between: Doc = hardline): Doc {
  if (lines.length === 0) return '{}';
  return ['{', indent([hardline, join(between, [...lines])]), hardline, '}'];
}

export const printBlock = (statements: readonly Statement[]): Doc => printBody(statements.map(printStatement));

const printStatement = (statement: Statement): Doc => byKind(STATEMENTS, statement);

const STATEMENTS: ByKind<Statement, Doc> = {
  return: (statement) => group(['return ', printExpression(statement.value), ';']),
  const: printConst,
  expression: (statement) => [printExpression(statement.expression), ';'],
};

/** `const name = value;`, a statement or a top-level declaration. */
export function printConst({ name, type, value }: Omit<Extract<Declaration, { kind: 'const' }>, 'kind'>): Doc {
  return group(['const ', printAssignment(type ? [name, ': ', printType(type)] : name, ' =', value), ';']);
}

/**
 * `left = right` and `key: value`: a value that breaks inside its own brackets stays on the line;
 * any other moves to the next line, indented, when the line is too long.
 */
export function printAssignment(left: Doc, operator: string, right: Expr): Doc {
  const value = printExpression(right);
  return breaksInside(right) ? [left, operator, ' ', value] : [left, operator, group(indent([line, value]))];
}
