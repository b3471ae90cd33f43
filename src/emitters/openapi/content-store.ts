// Values named by the sha256 of their JSON. In a memo key, a digest stands for the whole value at
// a fraction of the hashing: a record that 14 routes reach is serialised and hashed once, not in
// every route's key. A computation keyed by digests reads the values back from here, so it still
// sees nothing that its key does not name.
import { hash } from 'node:crypto';

export type Digest = string;

export class ContentStore<T> {
  private readonly byDigest = new Map<Digest, T>();

  put(value: T): Digest {
    const digest = hash('sha256', JSON.stringify(value));
    if (!this.byDigest.has(digest)) this.byDigest.set(digest, value);
    return digest;
  }

  get(digest: Digest): T {
    const value = this.byDigest.get(digest);
    if (value === undefined) throw new Error(`openapi: no value with digest ${digest} in this run`);
    return value;
  }
}
