// Cache entries carry a sha256 of their text: a byte damaged on disk (or by hand) makes the entry
// fail its check, and it is discarded and computed again, never used. The cache only costs speed.
import { hash } from 'node:crypto';

/** `text` preceded by its digest and a space: one line when `text` is. */
export function seal(text: string): string {
  return `${hash('sha256', text)} ${text}`;
}

/** The text `seal` sealed, or undefined when the digest does not match (or is missing). */
export function unseal(sealed: string): string | undefined {
  const text = sealed.slice(DIGEST_LENGTH + 1);
  return sealed.charAt(DIGEST_LENGTH) === ' ' && hash('sha256', text) === sealed.slice(0, DIGEST_LENGTH)
    ? text
    : undefined;
}

const DIGEST_LENGTH = 64;
