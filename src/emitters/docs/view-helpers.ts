// Small pieces every part of a docs page is built from.
import type { Origin } from '../../ir/types.js';
import { inline } from './markdown.js';
import type { OriginView } from './page-types.js';

export function anchor(section: string, name: string): string {
  return `${section}-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
}

export function origin(value: Origin): OriginView {
  return { origin: value, convention: value === 'convention' };
}

/** Optional text, safe for Markdown, or null. */
export function text(value: string | undefined): string | null {
  return value === undefined ? null : inline(value);
}

/** A value as JSON (defaults), or null. */
export function shown(value: unknown): string | null {
  return value === undefined ? null : inline(JSON.stringify(value));
}
