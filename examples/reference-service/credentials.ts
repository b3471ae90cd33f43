// Secret handling: constant-time comparison and scrypt password hashes.
import {
  createHash,
  createHmac,
  randomBytes,
  scrypt,
  scryptSync,
  timingSafeEqual,
  type ScryptOptions,
} from 'node:crypto';

const SCRYPT: ScryptOptions = { N: 16_384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_LENGTH = 32;

/** Compares two secrets in time independent of where they differ (and of their lengths). */
export function secretsEqual(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b);
}

/** Both pairs are always compared, so the time does not tell which one was wrong. */
export function credentialsMatch(given: readonly [string, string], expected: readonly [string, string]): boolean {
  const first = secretsEqual(given[0], expected[0]);
  const second = secretsEqual(given[1], expected[1]);
  return first && second;
}

/** "scrypt$<salt>$<key>" in base64url. */
export function hashPassword(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFC'), salt, KEY_LENGTH, SCRYPT);
  return `scrypt$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

function scryptAsync(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, SCRYPT, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

// Checked against when the user is unknown, so that timing does not reveal which users exist.
const DECOY_HASH = hashPassword(randomBytes(16).toString('hex'));

/** Checks a password against a stored hash (or against a decoy when there is none). */
export async function verifyPassword(password: string, stored: string | undefined): Promise<boolean> {
  const [scheme, saltText, keyText] = (stored ?? DECOY_HASH).split('$');
  if (scheme !== 'scrypt' || saltText === undefined || keyText === undefined) return false;
  const expected = Buffer.from(keyText, 'base64url');
  const actual = await scryptAsync(password, Buffer.from(saltText, 'base64url'));
  return expected.length === actual.length && timingSafeEqual(expected, actual) && stored !== undefined;
}

/**
 * A credential's version: an HMAC of who and what under the service's secret, stored with the tokens
 * and sessions issued under it, so a changed password ends them. It reveals nothing of the secret.
 */
export function credentialVersion(key: Buffer, kind: string, ...parts: readonly string[]): string {
  return createHmac('sha256', key)
    .update([kind, ...parts].join('\u0000'), 'utf8')
    .digest('base64url');
}
