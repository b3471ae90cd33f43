// Expressions as prettier documents: calls and their arguments, method chains, objects, arrays
// and the layouts of `name = value` and `key: value`, each built as prettier builds it for the
// same source (its rules for these constructs, re-expressed over our small tree).
import { builders, utils } from 'prettier/doc';
import type { Expr, ObjectMember, ObjectProperty } from './ast.js';
import { printKey, printNumber, printString, textWidth } from './literals.js';
import { pieceDoc } from './piece-marker.js';
import { printType, printTypeArguments } from './print-type.js';
import { willBreak } from './will-break.js';

type Doc = builders.Doc;
const { breakParent, conditionalGroup, fill, group, hardline, ifBreak, indent, indentIfBreak, join, label, line, lineSuffixBoundary, softline } = builders;
const { canBreak } = utils;

const TAB_WIDTH = 2;
const PRINT_WIDTH = 120;

type Call = Extract<Expr, { kind: 'call' }>;

/**
 * Each node is printed once per file and its document shared, as prettier does: a hugged last
 * argument is laid out twice (hugged and broken out), and re-printing its contents at every
 * level of nesting would double the work per level.
 */
const printedDocs = new Map<Expr, Doc>();

/** Forget the documents of the last file (they are not needed once it is printed). */
export function clearPrintedExpressions(): void {
  printedDocs.clear();
}

export function printExpression(node: Expr): Doc {
  let doc = printedDocs.get(node);
  if (doc === undefined) {
    doc = printUncached(node);
    printedDocs.set(node, doc);
  }
  return doc;
}

function printUncached(node: Expr): Doc {
  switch (node.kind) {
    case 'identifier':
      return node.name;
    case 'literal':
      return printLiteral(node.value);
    case 'regex':
      return `/${node.pattern}/`;
    case 'member':
      return joinText([printExpression(node.object), `.${node.property}`]);
    case 'call':
      return printCall(node);
    case 'object':
      return printObject(node.properties, node.expanded);
    case 'array':
      return printArray(node.elements);
    case 'cast':
      return [printExpression(node.expression), ` ${node.operator} `, printType(node.type)];
    case 'assign':
      return printAssignment(printExpression(node.left), ' =', node.right, undefined);
  }
}

/** Adjacent plain text merged: fewer document nodes for the printer to walk, same layout. */
function joinText(parts: readonly Doc[]): Doc {
  const merged: Doc[] = [];
  for (const part of parts) {
    const last = merged[merged.length - 1];
    if (typeof part === 'string' && typeof last === 'string') merged[merged.length - 1] = last + part;
    else merged.push(part);
  }
  return merged.length === 1 ? (merged[0] as Doc) : merged;
}

function printLiteral(value: string | number | boolean | null): string {
  if (typeof value === 'string') return printString(value);
  if (typeof value === 'number') return printNumber(value);
  return String(value);
}

// ---------------------------------------------------------------- calls

function printCall(node: Call): Doc {
  if (!node.isNew && node.callee.kind === 'member') return printMemberChain(node);
  const contents = [node.isNew ? 'new ' : '', printExpression(node.callee), printTypeArguments(node.typeArgs), printCallArguments(node.args)];
  return node.callee.kind === 'call' ? group(contents) : contents;
}

function printCallArguments(args: readonly Expr[]): Doc {
  // prettier's group(['(', ')']) has nothing to break: the plain text lays out the same and is cheaper.
  if (args.length === 0) return '()';
  const printed = args.map((arg, index) => (index === args.length - 1 ? printExpression(arg) : [printExpression(arg), ',', line]));
  const allArgsBrokenOut = () => group(['(', indent([line, ...printed]), ',', line, ')'], { shouldBreak: true });

  if (shouldHugLastArgument(args)) {
    const head = printed.slice(0, -1);
    if (head.some(willBreak)) return allArgsBrokenOut();
    const last = printExpression(args[args.length - 1] as Expr);
    if (willBreak(last)) {
      return [breakParent, conditionalGroup([['(', ...head, group(last, { shouldBreak: true }), ')'], allArgsBrokenOut()])];
    }
    return conditionalGroup([['(', ...head, last, ')'], ['(', ...head, group(last, { shouldBreak: true }), ')'], allArgsBrokenOut()]);
  }
  return group(['(', indent([softline, ...printed]), ifBreak(','), softline, ')'], { shouldBreak: printed.some(willBreak) });
}

/** A last argument that is an object or array stays on the call's line and breaks inside. */
function shouldHugLastArgument(args: readonly Expr[]): boolean {
  const last = args[args.length - 1] as Expr;
  const penultimate = args[args.length - 2];
  return couldExpand(last) && (!penultimate || nodeType(penultimate) !== nodeType(last)) && !(args.length > 1 && isConciseArray(last));
}

function couldExpand(node: Expr): boolean {
  if (node.kind === 'object') return node.properties.length > 0;
  if (node.kind === 'array') return node.elements.length > 0;
  if (node.kind === 'cast') return couldExpand(node.expression);
  return false;
}

/** The syntax node type prettier compares ("two last arguments of the same type do not hug"). */
function nodeType(node: Expr): string {
  if (node.kind === 'literal') return node.value === null ? 'null' : typeof node.value;
  if (node.kind === 'call') return node.isNew ? 'new' : 'call';
  if (node.kind === 'cast') return node.operator;
  return node.kind;
}

const isNumberLiteral = (node: Expr) => node.kind === 'literal' && typeof node.value === 'number';
const isConciseArray = (node: Expr) => node.kind === 'array' && node.elements.length > 0 && node.elements.every(isNumberLiteral);

/** Prettier's notion of an argument too plain to be worth a line of its own. */
function isSimpleArgument(node: Expr, depth = 2): boolean {
  if (depth <= 0) return false;
  const isChildSimple = (child: Expr) => isSimpleArgument(child, depth - 1);
  switch (node.kind) {
    case 'regex':
      return textWidth(node.pattern) <= 5;
    case 'literal':
    case 'identifier':
      return true;
    case 'object':
      return node.properties.every((member) => {
        // A piece is laid out on its own line: nothing that asks this may hold one.
        if (member.kind === 'piece') throw new Error('a printed piece cannot be an argument of a method chain');
        return member.kind === 'property' && isChildSimple(member.value);
      });
    case 'array':
      return node.elements.every(isChildSimple);
    case 'call':
      return isSimpleArgument(node.callee, depth) && node.args.length <= depth && node.args.every(isChildSimple);
    case 'member':
      return isSimpleArgument(node.object, depth);
    default:
      return false;
  }
}

// ---------------------------------------------------------------- method chains

const isCallLink = (node: Expr) => node.kind === 'call' && !node.isNew;
const isFactory = (name: string) => /^[A-Z]|^[$_]+$/.test(name);

/** `a.b(x).c()` as its links in source order: the head `a`, `.b`, `(x)`, `.c`, `()`. */
function chainLinks(root: Call): Expr[] {
  const links: Expr[] = [root];
  let current: Expr = root.callee;
  for (;;) {
    if (current.kind === 'call' && !current.isNew && (current.callee.kind === 'member' || current.callee.kind === 'call')) {
      links.unshift(current);
      current = current.callee;
    } else if (current.kind === 'member') {
      links.unshift(current);
      current = current.object;
    } else {
      links.unshift(current);
      return links;
    }
  }
}

/**
 * The head and its first links form the first group; each later group is a member and its
 * calls. `merged`: the first call stays on the head's line (`this.x()`, factories like `Object.keys()`).
 */
function groupChain(links: readonly Expr[]): { groups: Expr[][]; merged: boolean } {
  const first = links[0] as Expr;
  const firstGroup: Expr[] = [first];
  let index = 1;
  while (index < links.length && isCallLink(links[index] as Expr)) firstGroup.push(links[index++] as Expr);
  if (!isCallLink(first)) {
    while (index + 1 < links.length && (links[index] as Expr).kind === 'member' && (links[index + 1] as Expr).kind === 'member') firstGroup.push(links[index++] as Expr);
  }
  const groups: Expr[][] = [firstGroup];
  let currentGroup: Expr[] = [];
  let hasSeenCall = false;
  for (; index < links.length; index += 1) {
    const link = links[index] as Expr;
    if (hasSeenCall && link.kind === 'member') {
      groups.push(currentGroup);
      currentGroup = [];
      hasSeenCall = false;
    }
    if (isCallLink(link)) hasSeenCall = true;
    currentGroup.push(link);
  }
  if (currentGroup.length > 0) groups.push(currentGroup);
  return { groups, merged: groups.length >= 2 && keepsFirstCallOnHead(firstGroup) };
}

function keepsFirstCallOnHead(firstGroup: readonly Expr[]): boolean {
  if (firstGroup.length === 1) {
    const head = firstGroup[0] as Expr;
    return head.kind === 'identifier' && (head.name === 'this' || isFactory(head.name));
  }
  const last = firstGroup[firstGroup.length - 1] as Expr;
  return last.kind === 'member' && isFactory(last.property);
}

/** A chain of more groups than this stays on one line (prettier does not treat it as a chain). */
const chainCutoff = (merged: boolean) => (merged ? 3 : 2);

/** Whether printMemberChain lays this call out as a chain (one `.link()` per line when broken). */
function isLaidOutAsChain(node: Call): boolean {
  const { groups, merged } = groupChain(chainLinks(node));
  return groups.length > chainCutoff(merged);
}

/** `a.b(x).c().d(y)`: kept on one line when it fits and is short, else one `.link()` per line. */
function printMemberChain(root: Call): Doc {
  const { groups, merged } = groupChain(chainLinks(root));
  const printLink = (link: Expr): Doc => {
    if (isCallLink(link) && link !== groups[0]?.[0]) {
      const call = link as Call;
      return call.typeArgs.length === 0 ? printCallArguments(call.args) : [printTypeArguments(call.typeArgs), printCallArguments(call.args)];
    }
    if (link.kind === 'member' && link !== groups[0]?.[0]) return `.${link.property}`;
    return printExpression(link);
  };
  const printedGroups = groups.map((linkGroup) => joinText(linkGroup.map(printLink)));
  const oneLine = printedGroups;
  if (groups.length <= chainCutoff(merged)) return group(oneLine);

  const expanded = [printedGroups[0] as Doc, merged ? (printedGroups[1] as Doc) : '', indent([hardline, join(hardline, printedGroups.slice(merged ? 2 : 1))])];
  const calls = groups.flat().filter((node): node is Call => isCallLink(node));
  const complexArguments = calls.length > 2 && calls.some((call) => !call.args.every((arg) => isSimpleArgument(arg)));
  const result = complexArguments || printedGroups.slice(0, -1).some(willBreak) ? group(expanded) : [willBreak(oneLine) ? breakParent : '', conditionalGroup([oneLine, expanded])];
  return label({ memberChain: true }, result);
}

// ---------------------------------------------------------------- objects and arrays

function printObject(members: readonly ObjectMember[], expanded: boolean): Doc {
  if (members.length === 0) return '{}';
  const printed = members.map((member, index) => [index === 0 ? '' : [',', line], member.kind === 'piece' ? pieceDoc(member.index) : printObjectMemberDoc(member)]);
  return group(['{', indent([line, ...printed]), ifBreak(','), line, '}'], { shouldBreak: expanded });
}

/** One member of an object literal, as it sits between the separators. */
export function printObjectMemberDoc(member: ObjectProperty): Doc {
  return group(printObjectMember(member));
}

function printObjectMember(member: ObjectProperty): Doc {
  const key = printKey(member.key);
  if (member.kind === 'getter') {
    return ['get ', key, '() {', indent([hardline, 'return ', printExpression(member.returns), ';']), hardline, '}'];
  }
  // `{ name }` for `{ name: name }`.
  if (member.value.kind === 'identifier' && member.value.name === member.key) return key;
  return printAssignment(key, ':', member.value, key);
}

function printArray(elements: readonly Expr[]): Doc {
  if (elements.length === 0) return '[]';
  const shouldBreak =
    elements.length > 1 &&
    elements.every((element, index) => {
      const next = elements[index + 1];
      if (element.kind !== 'object' && element.kind !== 'array') return false;
      if (next && next.kind !== element.kind) return false;
      return (element.kind === 'object' ? element.properties.length : element.elements.length) > 1;
    });
  if (elements.every(isNumberLiteral)) {
    const id = Symbol('array');
    const parts = elements.flatMap((element, index) => {
      const isLast = index === elements.length - 1;
      const printed = [printExpression(element), isLast ? ifBreak(',', '', { groupId: id }) : ','];
      return isLast ? [printed] : [printed, line];
    });
    return group(['[', indent([softline, fill(parts)]), softline, ']'], { shouldBreak, id });
  }
  const printed = elements.map((element, index) => [group(printExpression(element)), index === elements.length - 1 ? '' : [',', line]]);
  return group(['[', indent([softline, ...printed, ifBreak(',')]), softline, ']'], { shouldBreak });
}

// ---------------------------------------------------------------- assignments

/**
 * `left = right` and `key: value`: which side breaks first depends on the right-hand side
 * (prettier's assignment layouts). `propertyKey` is set for object properties.
 */
export function printAssignment(left: Doc, operator: string, right: Expr, propertyKey: string | undefined): Doc {
  const rightDoc = printExpression(right);
  // A group around plain text has nothing to break: the text alone lays out the same.
  const leftDoc = typeof left === 'string' ? left : group(left);
  switch (assignmentLayout(left, right, propertyKey)) {
    case 'break-after-operator':
      return group([leftDoc, operator, group(indent([line, rightDoc]))]);
    case 'never-break-after-operator':
      return group([leftDoc, operator, ' ', rightDoc]);
    case 'fluid': {
      const groupId = Symbol('assignment');
      return group([leftDoc, operator, group(indent(line), { id: groupId }), lineSuffixBoundary, indentIfBreak(rightDoc, { groupId })]);
    }
  }
}

type AssignmentLayout = 'break-after-operator' | 'never-break-after-operator' | 'fluid';

function assignmentLayout(left: Doc, right: Expr, propertyKey: string | undefined): AssignmentLayout {
  // Wrapping a property with a very short key rarely gains anything.
  const hasShortKey = propertyKey !== undefined && textWidth(propertyKey) < TAB_WIDTH + 3;
  if (!hasShortKey && ((right.kind === 'literal' && typeof right.value === 'string') || isPoorlyBreakableChain(right))) return 'break-after-operator';
  const isBooleanOrNumber = right.kind === 'literal' && (typeof right.value === 'boolean' || typeof right.value === 'number');
  if (!canBreak(left) && (hasShortKey || isBooleanOrNumber)) return 'never-break-after-operator';
  return 'fluid';
}

/** `a.b.c` or `a.b().c(x)` with at most one short argument per call: nothing inside it to break. */
function isPoorlyBreakableChain(node: Expr, deep = false): boolean {
  if (node.kind === 'call' && !node.isNew) {
    if (node.callee.kind === 'member' && isLaidOutAsChain(node)) return false;
    const poorlyBreakable = node.args.length === 0 || (node.args.length === 1 && isLoneShortArgument(node.args[0] as Expr));
    if (!poorlyBreakable || hasComplexTypeArguments(node)) return false;
    return isPoorlyBreakableChain(node.callee, true);
  }
  if (node.kind === 'member') return isPoorlyBreakableChain(node.object, true);
  return deep && node.kind === 'identifier';
}

function hasComplexTypeArguments(node: Call): boolean {
  if (node.typeArgs.length > 1) return true;
  const only = node.typeArgs[0];
  if (only && (only.kind === 'union' || only.kind === 'type-literal')) return true;
  return node.typeArgs.length > 0 && willBreak(printTypeArguments(node.typeArgs));
}

function isLoneShortArgument(node: Expr): boolean {
  const threshold = PRINT_WIDTH * 0.25;
  if (node.kind === 'identifier') return textWidth(node.name) <= threshold;
  if (node.kind === 'regex') return textWidth(node.pattern) <= threshold;
  if (node.kind === 'literal') return typeof node.value !== 'string' || printString(node.value).length <= threshold;
  return false;
}
