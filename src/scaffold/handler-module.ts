// Reads a handler module with ts-morph: the object literal that holds the handlers (declared as
// `const x: FooHandlers = {…}` or returned by a function declared to return FooHandlers), each of
// its members with what scaffold wrote on it, and where. The only module that imports ts-morph;
// it is loaded by `svcgen scaffold`, and by `svcgen check` only when handler modules exist.
import {
  Node,
  Project,
  SyntaxKind,
  type ObjectLiteralExpression,
  type SourceFile,
  type Statement,
  type TypeNode,
} from 'ts-morph';
import type { Diagnostic } from '../definitions/diagnostics.js';
import type { MemberFacts } from './plan.js';
import { RETIRED_LINE, ROUTE_TAG } from './stub-text.js';

export interface MemberSite extends MemberFacts {
  /** The name's text range (quotes included for a quoted name). */
  readonly nameStart: number;
  readonly nameEnd: number;
  /** Where the member ends (before its comma, if any). */
  readonly end: number;
  /** Where a member inserted after it goes: after its comma and any comment on the rest of its line. */
  readonly insertAfter: number;
  /** Whether a comma follows it (the last member may have none). */
  readonly comma: boolean;
  /** The @route tag's line (start and its indentation), when it has one. */
  readonly tagLine: { readonly start: number; readonly end: number; readonly indent: string } | undefined;
  /** The range of scaffold's @deprecated line (with its line break), when it has one. */
  readonly retiredLine: { readonly start: number; readonly end: number } | undefined;
  /** The range of the text of a stub's NotImplemented name, when the body is still the stub scaffold wrote. */
  readonly stubName: { readonly start: number; readonly end: number } | undefined;
}

export interface HandlerModule {
  readonly text: string;
  readonly members: readonly MemberSite[];
  /** Just after the object's `{`, and the indentation of a member there. */
  readonly objectStart: number;
  readonly memberIndent: string;
  /** Whether the object is `{}` with nothing but white space in it, and where its `}` is. */
  readonly empty: boolean;
  readonly objectClose: number;
  readonly closeIndent: string;
  /** The holder's type annotation. */
  readonly type: { readonly start: number; readonly end: number; readonly text: string };
  /** Where the statement holding the object starts (its docs included). */
  readonly holderStart: number;
  /** The identifiers the module imports by name. */
  readonly imported: ReadonlySet<string>;
  /** The start of the line a new import goes on: after the last import (or at the first statement). */
  readonly importAt: number;
  /** The text range of the RetiredRoutes alias with its docs, when there is one. */
  readonly retiredAlias: { readonly start: number; readonly end: number; readonly text: string } | undefined;
}

export type ReadResult =
  { readonly ok: true; readonly module: HandlerModule } | { readonly ok: false; readonly diagnostic: Diagnostic };

/** Parses `text`; `handlers` is the handler interface's name (e.g. LibraryApiHandlers). */
export function readHandlerModule(file: string, text: string, handlers: string): ReadResult {
  const source = new Project({ useInMemoryFileSystem: true }).createSourceFile('/module.ts', text);
  const fail = (position: number, code: Diagnostic['code'], message: string): ReadResult => {
    const { line, column } = source.getLineAndColumnAtPos(position);
    return { ok: false, diagnostic: { code, file, line, column, message } };
  };
  const syntaxError = (
    source.compilerNode as unknown as { parseDiagnostics: readonly { start?: number; messageText: unknown }[] }
  ).parseDiagnostics[0];
  if (syntaxError) {
    const message = typeof syntaxError.messageText === 'string' ? syntaxError.messageText : 'syntax error';
    return fail(syntaxError.start ?? 0, 'SVC245', `cannot read the handler module: ${message}; nothing was changed`);
  }
  const holder = findHolder(source, handlers);
  if (!holder)
    return fail(
      0,
      'SVC246',
      'no handlers object: svcgen scaffold edits an object literal declared as ' +
        `\`const handlers: ${handlers} = {…}\` or returned by a function declared to return ${handlers}`,
    );
  const { object, type, statement } = holder;
  const unreadable = object
    .getProperties()
    .find((member) => member.isKind(SyntaxKind.SpreadAssignment) || memberName(member) === undefined);
  if (unreadable)
    return fail(
      unreadable.getStart(),
      'SVC247',
      `${unreadable.getText().split('\n')[0]}: svcgen scaffold cannot tell which routes a spread or computed member ` +
        'serves; write those methods out in the handlers object',
    );
  const properties = object.getProperties();
  const members = properties.map((member) => memberSite(member, text));
  const imports = source.getImportDeclarations();
  const alias = source.getTypeAlias('RetiredRoutes');
  const aliasStart = alias ? lineStart(text, alias.getStart(true)) : 0;
  return {
    ok: true,
    module: {
      text,
      members,
      objectStart: object.getStart() + 1,
      memberIndent: properties[0]
        ? indentAt(text, properties[0].getStart(true))
        : `${indentAt(text, object.getStart())}  `,
      empty: object.getText().slice(1, -1).trim() === '',
      objectClose: object.getEnd() - 1,
      closeIndent: indentAt(text, object.getEnd() - 1),
      type: { start: type.getStart(), end: type.getEnd(), text: type.getText() },
      holderStart: lineStart(text, statement.getStart(true)),
      imported: new Set(
        imports.flatMap((declaration) =>
          declaration.getNamedImports().map((named) => (named.getAliasNode() ?? named.getNameNode()).getText()),
        ),
      ),
      importAt: imports.at(-1)
        ? Math.min(text.length, lineEnd(text, (imports.at(-1) as Statement).getEnd()) + 1)
        : lineStart(text, source.getStatements()[0]?.getStart(true) ?? text.length),
      retiredAlias: alias && {
        start: aliasStart,
        end: lineEnd(text, alias.getEnd()),
        text: text.slice(aliasStart, alias.getEnd()),
      },
    },
  };
}

/** The handlers object, its holder's type annotation and the statement that declares the holder. */
function findHolder(source: SourceFile, handlers: string) {
  const names = new RegExp(`\\b${handlers}\\b`);
  const holder = (statement: Node, type: TypeNode | undefined, object: ObjectLiteralExpression | undefined) =>
    type && object && names.test(type.getText()) ? { object, type, statement } : undefined;
  for (const statement of source.getStatements()) {
    if (Node.isFunctionDeclaration(statement)) {
      const found = holder(statement, statement.getReturnTypeNode(), returnedObject(statement.getBody()));
      if (found) return found;
    }
    for (const declaration of Node.isVariableStatement(statement) ? statement.getDeclarations() : []) {
      const value = declaration.getInitializer();
      const found =
        Node.isArrowFunction(value) || Node.isFunctionExpression(value)
          ? holder(statement, value.getReturnTypeNode(), returnedObject(value.getBody()))
          : holder(statement, declaration.getTypeNode(), Node.isObjectLiteralExpression(value) ? value : undefined);
      if (found) return found;
    }
  }
  return undefined;
}

/** The object a function body returns: `({…})` of an arrow function, or the first `return {…}` of a block. */
function returnedObject(body: Node | undefined): ObjectLiteralExpression | undefined {
  const unwrap = (node: Node | undefined) => (Node.isParenthesizedExpression(node) ? node.getExpression() : node);
  const expression = unwrap(body);
  if (Node.isObjectLiteralExpression(expression)) return expression;
  for (const statement of Node.isBlock(body) ? body.getStatements() : []) {
    const returned = Node.isReturnStatement(statement) ? unwrap(statement.getExpression()) : undefined;
    if (Node.isObjectLiteralExpression(returned)) return returned;
  }
  return undefined;
}

function memberName(member: Node): { text: string; start: number; end: number } | undefined {
  const name = (member as Node & { getNameNode?: () => Node }).getNameNode?.();
  if (!name) return undefined;
  const text = Node.isIdentifier(name)
    ? name.getText()
    : Node.isStringLiteral(name) || Node.isNoSubstitutionTemplateLiteral(name)
      ? name.getLiteralText()
      : undefined;
  return text === undefined ? undefined : { text, start: name.getStart(), end: name.getEnd() };
}

function memberSite(member: Node, text: string): MemberSite {
  const name = memberName(member) as NonNullable<ReturnType<typeof memberName>>;
  const docs = member
    .getLeadingCommentRanges()
    .filter((range) => range.getText().startsWith('/**'))
    .at(-1);
  const [docsText, docsAt] = [docs?.getText() ?? '', docs?.getPos() ?? 0];
  const tag = ROUTE_TAG.exec(docsText);
  const retiredAt = docsAt + docsText.indexOf(RETIRED_LINE);
  const retired = docsText.includes(RETIRED_LINE);
  const end = member.getEnd();
  return {
    name: name.text,
    route: tag?.[2]?.replace(/[ \t]+/, ' '),
    retired,
    nameStart: name.start,
    nameEnd: name.end,
    end,
    insertAfter: afterComma(text, end),
    comma: /^[ \t]*,/.test(text.slice(end)),
    tagLine: tag
      ? { start: docsAt + tag.index, end: docsAt + tag.index + tag[0].length, indent: tag[1] ?? '' }
      : undefined,
    retiredLine: retired ? { start: lineStart(text, retiredAt), end: lineEnd(text, retiredAt) + 1 } : undefined,
    stubName: stubNameRange(member, name.text),
  };
}

/** The quoted name in a body that is still exactly the stub scaffold wrote, white space aside. */
function stubNameRange(member: Node, name: string): { start: number; end: number } | undefined {
  if (!Node.isMethodDeclaration(member)) return undefined;
  const body = member.getBody();
  if (!body || body.getText().replace(/\s+/g, ' ') !== `{ throw new NotImplemented('${name}'); }`) return undefined;
  const literal = body.getDescendantsOfKind(SyntaxKind.StringLiteral)[0];
  return literal ? { start: literal.getStart() + 1, end: literal.getEnd() - 1 } : undefined;
}

/** After the member's comma and any comment on the rest of its line: where a member inserted after it starts. */
function afterComma(text: string, end: number): number {
  const rest = /^[ \t]*,?/.exec(text.slice(end)) as RegExpExecArray;
  const comma = end + rest[0].length;
  const comment = /^[ \t]*(\/\/[^\n]*|\/\*[^\n]*?\*\/[ \t]*)?(?=\n)/.exec(text.slice(comma));
  return comment ? comma + comment[0].length : comma;
}

function lineStart(text: string, position: number): number {
  return text.lastIndexOf('\n', position - 1) + 1;
}

function lineEnd(text: string, position: number): number {
  const end = text.indexOf('\n', position);
  return end < 0 ? text.length : end;
}

function indentAt(text: string, position: number): string {
  return /^[ \t]*/.exec(text.slice(lineStart(text, position)))?.[0] ?? '';
}
