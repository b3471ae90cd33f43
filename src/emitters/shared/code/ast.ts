// The small TypeScript syntax tree the emitters build: only the constructs generated code uses.
// print-file.ts turns it into text; each node states its own layout (prettier-style groups that
// stay on one line when they fit), so the same tree always prints the same text.

/**
 * A function per kind of node, given that kind's node: the printers' tables, over every kind, so a
 * new kind of node fails to compile until each has an entry for it.
 */
export type ByKind<Node extends { readonly kind: string }, Result> = {
  readonly [Kind in Node['kind']]: (node: Extract<Node, { readonly kind: Kind }>) => Result;
};

/** The entry of `table` for the node's kind, called with the node. */
export const byKind = <Node extends { readonly kind: string }, Result>(table: ByKind<Node, Result>, node: Node) =>
  (table[node.kind as Node['kind']] as (node: Node) => Result)(node);

// ---------------------------------------------------------------- expressions

export type Expr =
  | { readonly kind: 'identifier'; readonly name: string }
  | { readonly kind: 'literal'; readonly value: string | number | boolean | null }
  | { readonly kind: 'regex'; readonly pattern: string }
  | { readonly kind: 'member'; readonly object: Expr; readonly property: string }
  | { readonly kind: 'element'; readonly object: Expr; readonly index: Expr }
  | {
      readonly kind: 'call';
      readonly callee: Expr;
      readonly args: readonly Expr[];
      readonly typeArgs: readonly TypeNode[];
      readonly isNew: boolean;
    }
  | { readonly kind: 'object'; readonly properties: readonly ObjectMember[]; readonly expanded: boolean }
  | { readonly kind: 'array'; readonly elements: readonly Expr[] }
  | { readonly kind: 'cast'; readonly operator: 'as' | 'satisfies'; readonly expression: Expr; readonly type: TypeNode }
  | { readonly kind: 'assign'; readonly left: Expr; readonly right: Expr }
  /** `(params): returns => body`: an expression body, or a block of statements. */
  | {
      readonly kind: 'arrow';
      readonly params: readonly Parameter[];
      readonly returns?: TypeNode;
      readonly body: Expr | readonly Statement[];
    };

export type ObjectMember =
  | { readonly kind: 'property'; readonly key: string | number; readonly value: Expr }
  /** `get key() { return value; }`: lets records refer to each other in any order. */
  | { readonly kind: 'getter'; readonly key: string; readonly returns: Expr }
  | MemberText;

/**
 * A member of an object, interface or class body as its text, laid out where it sits (print-file.ts's
 * printMemberText): e.g. a part an emitter renders on its own. Its body must break (an expanded
 * object, an interface, a class), as the member was laid out in one that does, and sit as deep as
 * the member was laid out.
 */
export type MemberText = { readonly kind: 'text'; readonly text: string };

export const memberText = (text: string): MemberText => ({ kind: 'text', text });

export const isMemberText = (member: object): member is MemberText =>
  (member as { readonly kind?: unknown }).kind === 'text';

export const id = (name: string): Expr => ({ kind: 'identifier', name });
export const literal = (value: string | number | boolean | null): Expr => ({ kind: 'literal', value });
export const regex = (pattern: string): Expr => ({ kind: 'regex', pattern });

/** `a.b.c` from "a.b.c". */
export function path(dotted: string): Expr {
  const [head, ...rest] = dotted.split('.');
  return rest.reduce<Expr>((object, property) => ({ kind: 'member', object, property }), id(head as string));
}

export const member = (object: Expr, property: string): Expr => ({ kind: 'member', object, property });
/** `object[index]`. */
export const element = (object: Expr, index: Expr): Expr => ({ kind: 'element', object, index });

export function call(callee: Expr | string, args: readonly Expr[] = [], typeArgs: readonly TypeNode[] = []): Expr {
  return { kind: 'call', callee: typeof callee === 'string' ? path(callee) : callee, args, typeArgs, isNew: false };
}

export function newCall(callee: string, args: readonly Expr[]): Expr {
  return { kind: 'call', callee: path(callee), args, typeArgs: [], isNew: true };
}

/** `receiver.name(args)`: one link of a method chain. */
export const method = (receiver: Expr, name: string, args: readonly Expr[] = []): Expr =>
  call(member(receiver, name), args);

/** An object literal; `expanded` keeps one member per line even when it would fit on one. */
export function object(properties: readonly ObjectMember[], { expanded = false } = {}): Expr {
  return { kind: 'object', properties, expanded };
}

export const property = (key: string | number, value: Expr): ObjectMember => ({ kind: 'property', key, value });
export const getter = (key: string, returns: Expr): ObjectMember => ({ kind: 'getter', key, returns });
export const array = (elements: readonly Expr[]): Expr => ({ kind: 'array', elements });
function cast(operator: 'as' | 'satisfies', expression: Expr, type: TypeNode): Expr {
  return { kind: 'cast', operator, expression, type };
}
export const asConst = (expression: Expr): Expr => cast('as', expression, typeRef('const'));
export const satisfies = (expression: Expr, type: TypeNode): Expr => cast('satisfies', expression, type);
export const assign = (left: Expr, right: Expr): Expr => ({ kind: 'assign', left, right });

export function arrow(params: readonly Parameter[], body: Expr | readonly Statement[], returns?: TypeNode): Expr {
  return returns ? { kind: 'arrow', params, body, returns } : { kind: 'arrow', params, body };
}

/**
 * Every identifier an expression names, at any depth (what a file must import or declare): a walk
 * over every child, so a new kind of node needs no case here. A member's text is not a tree: what
 * it names is not seen.
 */
export function identifiersOf(node: Expr, into: Set<string> = new Set()): Set<string> {
  const visit = (child: unknown): void => {
    if (Array.isArray(child)) child.forEach(visit);
    else if (typeof child !== 'object' || child === null) return;
    else if ((child as Expr).kind === 'identifier') into.add((child as { name: string }).name);
    else Object.values(child).forEach(visit);
  };
  visit(node);
  return into;
}

/** A JSON value as an expression; `expanded` writes every object one member per line. */
export function jsonValue(value: unknown, options: { readonly expanded: boolean }): Expr {
  if (Array.isArray(value)) return array(value.map((item) => jsonValue(item, options)));
  if (value !== null && typeof value === 'object') {
    return object(
      Object.entries(value).map(([key, item]) => property(key, jsonValue(item, options))),
      options,
    );
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value === null)
    return literal(value);
  throw new Error(`not a JSON value: ${String(value)}`);
}

// ---------------------------------------------------------------- types

export type TypeNode =
  /** A type name with optional arguments: `string`, `types.Page`, `Record<string, T>`, `const`. */
  | { readonly kind: 'reference'; readonly name: string; readonly args: readonly TypeNode[] }
  | { readonly kind: 'string-literal'; readonly value: string }
  | { readonly kind: 'number-literal'; readonly value: number }
  | { readonly kind: 'union'; readonly types: readonly TypeNode[] }
  | { readonly kind: 'intersection'; readonly types: readonly TypeNode[] }
  | { readonly kind: 'array'; readonly element: TypeNode }
  | { readonly kind: 'indexed'; readonly object: TypeNode; readonly index: TypeNode }
  | { readonly kind: 'typeof'; readonly name: string }
  | { readonly kind: 'predicate'; readonly parameter: string; readonly type: TypeNode }
  | { readonly kind: 'type-literal'; readonly members: readonly PropertySignature[] }
  | { readonly kind: 'function'; readonly params: readonly Parameter[]; readonly returns: TypeNode };

export interface PropertySignature {
  /** With `index`, the key's name in an index signature: `[name: string]: type`. */
  readonly name: string | number;
  readonly index?: boolean;
  readonly type: TypeNode;
  readonly optional?: boolean;
  readonly readonly?: boolean;
  readonly docs?: string | undefined;
}

export interface Parameter {
  readonly name: string;
  /** Left out for an arrow function's parameter whose type is inferred. */
  readonly type?: TypeNode;
  readonly optional?: boolean;
  readonly initializer?: Expr;
}

export const typeRef = (name: string, args: readonly TypeNode[] = []): TypeNode => ({ kind: 'reference', name, args });
export const stringType = (value: string): TypeNode => ({ kind: 'string-literal', value });
export const numberType = (value: number): TypeNode => ({ kind: 'number-literal', value });
export const arrayType = (element: TypeNode): TypeNode => ({ kind: 'array', element });
export const indexed = (object: TypeNode, index: TypeNode): TypeNode => ({ kind: 'indexed', object, index });
/** A response's key as a member name: a status stays a number (200), a class or default a string ('4XX'). */
export const responseKey = (key: string): string | number => (/^[0-9]+$/.test(key) ? Number(key) : key);
/** A response's key as an index type: 200, '4XX' or 'default'. */
export const responseKeyType = (key: string): TypeNode => {
  const name = responseKey(key);
  return typeof name === 'number' ? numberType(name) : stringType(name);
};
export const typeOf = (name: string): TypeNode => ({ kind: 'typeof', name });
/** A type guard's return type: `parameter is type`. */
export const predicate = (parameter: string, type: TypeNode): TypeNode => ({ kind: 'predicate', parameter, type });
export const typeLiteral = (members: readonly PropertySignature[]): TypeNode => ({ kind: 'type-literal', members });
export function functionType(params: readonly Parameter[], returns: TypeNode): TypeNode {
  return { kind: 'function', params, returns };
}

/** `A & B`. */
export const intersection = (types: readonly TypeNode[]): TypeNode => ({ kind: 'intersection', types });

/** A union, flattened; one member is that member itself. */
export function union(types: readonly TypeNode[]): TypeNode {
  const flat = types.flatMap((type) => (type.kind === 'union' ? type.types : [type]));
  return flat.length === 1 ? (flat[0] as TypeNode) : { kind: 'union', types: flat };
}

// ---------------------------------------------------------------- declarations

export interface MethodSignature {
  readonly name: string;
  readonly params: readonly Parameter[];
  readonly returns: TypeNode;
  readonly docs?: string | undefined;
}

/** `return value;`, `const name = value;` or a bare expression statement. */
export type Statement =
  | { readonly kind: 'return'; readonly value: Expr }
  | { readonly kind: 'const'; readonly name: string; readonly value: Expr }
  | { readonly kind: 'expression'; readonly expression: Expr };

export type InterfaceMember = PropertySignature | ({ readonly method: true } & MethodSignature) | MemberText;

export interface ClassMethod extends Omit<MethodSignature, 'returns'> {
  readonly returns?: TypeNode;
  readonly body: readonly Statement[];
}

export type Declaration =
  | {
      readonly kind: 'import';
      readonly from: string;
      readonly typeOnly?: boolean;
      /** Named imports; "type X" marks one type-only import in a value import. */
      readonly names?: readonly string[];
      readonly namespace?: string;
    }
  /** `export { names } from 'from';` */
  | { readonly kind: 're-export'; readonly from: string; readonly names: readonly string[] }
  | {
      readonly kind: 'interface';
      readonly name: string;
      readonly typeParams?: readonly string[] | undefined;
      readonly extends?: readonly TypeNode[] | undefined;
      readonly members: readonly InterfaceMember[];
    }
  | {
      readonly kind: 'type-alias';
      readonly name: string;
      readonly typeParams?: readonly string[] | undefined;
      readonly type: TypeNode;
    }
  | { readonly kind: 'const'; readonly name: string; readonly type?: TypeNode | undefined; readonly value: Expr }
  | ({ readonly kind: 'function'; readonly typeParams?: readonly string[] | undefined } & Omit<ClassMethod, 'docs'>)
  | {
      readonly kind: 'class';
      readonly name: string;
      readonly fields: readonly { readonly name: string; readonly type: TypeNode; readonly modifiers: string }[];
      readonly constructorParams: readonly Parameter[];
      readonly constructorBody: readonly Statement[];
      readonly methods: readonly (ClassMethod | MemberText)[];
    };

/** A top-level statement: a declaration, whether it is exported, and its doc comment. */
export interface TopLevel {
  readonly declaration: Declaration;
  readonly exported?: boolean;
  readonly docs?: string | undefined;
}

export const exported = (declaration: Declaration, docs?: string): TopLevel => ({ declaration, exported: true, docs });
export const local = (declaration: Declaration, docs?: string): TopLevel => ({ declaration, exported: false, docs });
