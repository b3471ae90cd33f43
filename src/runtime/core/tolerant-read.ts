// Clients read responses tolerantly: a member the client's schemas do not know (one a newer server
// added) is dropped, not a failure, so an additive change to an interface breaks no deployed client.
// The record schemas stay strict because servers check requests with the same ones; the tolerance
// is applied here, from zod's own report of the unknown members, at any depth.
import type { z } from 'zod';

export type TolerantReading =
  { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly issues: string[] };

/**
 * The value checked against the schema, with the members the schema does not declare removed (the value, a
 * freshly parsed response, is changed in place). Fails with the issues other than unknown members.
 */
export function readTolerantly(schema: z.ZodType, value: unknown): TolerantReading {
  const first = schema.safeParse(value);
  if (first.success) return { ok: true, value };
  const unknown = first.error.issues.filter((issue) => issue.code === 'unrecognized_keys');
  const others = first.error.issues.filter((issue) => issue.code !== 'unrecognized_keys');
  if (others.length > 0 || unknown.length === 0) return { ok: false, issues: others.map(describeIssue) };
  for (const issue of unknown) {
    const holder = memberAt(value, issue.path);
    for (const key of issue.keys) delete holder?.[key];
  }
  // Without the unknown members the value passes unless a check depended on them; report that too.
  const second = schema.safeParse(value);
  return second.success ? { ok: true, value } : { ok: false, issues: second.error.issues.map(describeIssue) };
}

function describeIssue(issue: z.core.$ZodIssue): string {
  return `${issue.path.join('.') || '(body)'}: ${issue.message}`;
}

function memberAt(value: unknown, path: readonly PropertyKey[]): Record<PropertyKey, unknown> | undefined {
  let current = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return typeof current === 'object' && current !== null ? (current as Record<PropertyKey, unknown>) : undefined;
}
