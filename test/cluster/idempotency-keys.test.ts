// Issue 36 item 3 across instances: `npm run cluster` (three instances of the reference service on PostgreSQL
// and Redis behind HAProxy) keeps the answers to idempotency keys in the shared store. A createPriceList with
// one Idempotency-Key sent to each instance in turn, then through the load balancer, creates one price list and
// answers every repeat with the first answer; concurrent repeats on all instances run it once (the others are
// 409 or the first answer); the key with another body is refused.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../examples/reference-service/config.js';
import { CLUSTER_PG_URL, clusterUnavailable, useCluster } from '../helpers/cluster.js';
import { describeWhenAvailable } from '../helpers/describe-when-available.js';
import { DigestUser, type ReceivedResponse } from '../server/helpers.js';

const missing = await clusterUnavailable();
describeWhenAvailable(missing, 'idempotency keys across instances', idempotencySuite);

function idempotencySuite(): void {
  const config = loadConfig({});
  const cluster = useCluster();
  let db: pg.Client;
  beforeAll(async () => {
    db = new pg.Client({ connectionString: CLUSTER_PG_URL });
    await db.connect();
  });
  afterAll(async () => db?.end());

  /** A Digest user talking to one instance directly, or to the load balancer. */
  const userOn = (base: string) => new DigestUser(base, config.apiUsername, config.apiKey);
  const instanceUrl = (index: number) => `http://127.0.0.1:${cluster.instances[index]?.port}`;
  const create = (user: DigestUser, key: string, name: string) =>
    user.send('/api/PriceList', { method: 'POST', headers: { 'idempotency-key': key }, body: { name, priority: 3 } });
  const rowsNamed = async (name: string) =>
    Number(
      (await db.query(`SELECT count(*) AS n FROM "${cluster.schema}".price_list WHERE name = $1`, [name])).rows[0].n,
    );
  const sameResponse = (answer: ReceivedResponse, first: ReceivedResponse) => {
    expect(answer.status).toBe(first.status);
    expect(answer.header('location')).toBe(first.header('location'));
    expect(answer.header('content-type')).toBe(first.header('content-type'));
    expect(answer.text).toBe(first.text);
  };

  it('applies a POST once when its key is sent again to every other instance and through HAProxy', async () => {
    const key = randomUUID();
    const name = `Idempotent ${key}`;
    const first = await create(userOn(instanceUrl(0)), key, name);
    expect(first.status).toBe(201);
    for (const index of [1, 2]) sameResponse(await create(userOn(instanceUrl(index)), key, name), first);
    const front = userOn(cluster.front);
    for (let i = 0; i < 3; i++) sameResponse(await create(front, key, name), first);
    expect(await rowsNamed(name)).toBe(1);
    // Another key is another request.
    const other = await create(userOn(instanceUrl(1)), randomUUID(), name);
    expect(other.status).toBe(201);
    expect(other.json.data.id).not.toBe(first.json.data.id);
    expect(await rowsNamed(name)).toBe(2);
  });

  it('runs one of many concurrent requests with one key on three instances', async () => {
    const key = randomUUID();
    const name = `Raced ${key}`;
    const users = [0, 1, 2].map((index) => userOn(instanceUrl(index)));
    // Each user has its nonce first, so the POSTs themselves race.
    await Promise.all(users.map((user) => user.send('/api/PriceList/1')));
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => create(users[i % 3] as DigestUser, key, name)),
    );
    const created = answers.filter((answer) => answer.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const answer of created) sameResponse(answer, created[0] as ReceivedResponse);
    expect(answers.every((answer) => answer.status === 201 || answer.status === 409)).toBe(true);
    expect(await rowsNamed(name)).toBe(1);
    // Once it has answered, every instance answers the repeat with the first answer.
    for (const user of users) sameResponse(await create(user, key, name), created[0] as ReceivedResponse);
  });

  it('refuses the key with another body on another instance, and creates nothing', async () => {
    const key = randomUUID();
    const first = await create(userOn(instanceUrl(0)), key, `First ${key}`);
    expect(first.status).toBe(201);
    const reused = await create(userOn(instanceUrl(2)), key, `Second ${key}`);
    expect(reused.status).toBe(400);
    expect(reused.text).toMatch(/idempotency-key/i);
    expect(await rowsNamed(`Second ${key}`)).toBe(0);
  });
}
