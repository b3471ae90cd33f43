// Judges a handler's result against the route's response schema before anything is sent: a result
// that lacks a required member, or holds a value of the wrong type, format or enum, is a server fault
// (a 500 from the plugin), never a 200 and never a 400. Members the definitions do not declare are
// dropped by the serializer; in development they break the response too (droppedMembers), so they are seen early.
import type { z } from 'zod';
import { jsonPointer } from './errors.js';
import type { InterfaceMeta, ResponseMeta } from './interface-meta.js';
import { countedResult } from '../wire/wire-styles.js';

/** A handler result that breaks the definition of its response; `violations` name each bad member by JSON pointer. */
export class ResponseBreach extends Error {
  readonly route: string;
  readonly status: number;
  readonly violations: readonly string[];

  constructor(route: string, status: number, violations: readonly string[]) {
    super(`${route}: the result breaks the definition of its ${status} response: ${violations.join('; ')}`);
    this.name = 'ResponseBreach';
    this.route = route;
    this.status = status;
    this.violations = violations;
  }
}

export interface ResultJudgement {
  readonly meta: InterfaceMeta;
  readonly route: string;
  readonly response: ResponseMeta;
  /** The route's zod schema of the response body (records before any envelope). */
  readonly schema: z.ZodType | undefined;
}

/** Throws a ResponseBreach naming every bad member, or returns when the result fits its definition. */
export function judgeResult(judgement: ResultJudgement, result: unknown): void {
  const { schema, response } = judgement;
  if (!schema || !response.hasBody) return;
  const violations: string[] = [];
  let value = result;
  let prefix = '';
  if (countedResult(judgement.meta, response)) {
    const list = (typeof result === 'object' && result !== null ? result : {}) as Record<string, unknown>;
    const total = list['total'];
    if (typeof total !== 'number' || !Number.isInteger(total) || total < 0)
      violations.push(`/total: expected a whole number >= 0, got ${describe(total)}`);
    value = list['items'];
    prefix = '/items';
  }
  violations.push(...declaredViolations(schema, value, prefix));
  if (violations.length > 0) throw new ResponseBreach(judgement.route, response.status, violations);
}

/** What in the value breaks the schema, each as `pointer: message`; members it does not declare are not counted. */
export function declaredViolations(schema: z.ZodType, value: unknown, prefix = ''): string[] {
  const parsed = schema.safeParse(value);
  if (parsed.success) return [];
  return parsed.error.issues
    .filter((issue) => !onlyUndeclared(issue))
    .map((issue) => `${`${prefix}${jsonPointer(issue.path)}` || '/'}: ${issue.message}`);
}

/** A result with toJSON goes out as what toJSON returns (JSON.stringify's rule): it is judged as that value too. */
export function asSent(result: unknown): unknown {
  const toJson = typeof result === 'object' && result !== null ? (result as { toJSON?: unknown }).toJSON : undefined;
  return typeof toJson === 'function' ? (toJson as (key: string) => unknown).call(result, '') : result;
}

/**
 * Whether the issue is only about undeclared members, which the serializer drops: a strict record schema reports
 * them, and a union reports them inside each variant it tried, so one variant with no other issue is a match.
 */
function onlyUndeclared(issue: z.core.$ZodIssue): boolean {
  if (issue.code === 'unrecognized_keys') return true;
  return issue.code === 'invalid_union' && issue.errors.some((variant) => variant.every(onlyUndeclared));
}

/**
 * The members of the response as rendered that its serialized form left out, as JSON pointers into the
 * response: what the definitions do not declare (development reports them instead of dropping them).
 */
export function droppedMembers(rendered: unknown, sent: unknown, pointer = ''): string[] {
  if (Array.isArray(rendered) && Array.isArray(sent))
    return rendered.flatMap((item, index) => droppedMembers(item, sent[index], `${pointer}/${index}`));
  if (!isPlain(rendered) || !isPlain(sent)) return [];
  return Object.entries(rendered).flatMap(([key, value]) => {
    if (value === undefined) return [];
    const at = `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    return key in sent ? droppedMembers(value, sent[key], at) : [at];
  });
}

function isPlain(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  return value === undefined ? 'nothing' : JSON.stringify(value);
}
