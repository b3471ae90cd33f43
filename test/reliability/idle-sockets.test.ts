// Idle sockets (issue 24 item 3): the reference service runs as its own process under a file limit of 1,024
// (`prlimit --nofile=1024`), and 1,100 TCP connections that never send a byte fill that limit, so new clients
// are dropped unanswered. With the recommended server options (connectionTimeout 10 s) the service closes
// the idle sockets itself and a real HTTP request is answered again within a bounded time; without them
// (Fastify's default: no connection timeout) the idle sockets stay open for ever and nobody is answered.
// The flood comes from several loopback addresses, as from several clients: one address alone is held to
// the per-address connection cap (slow-clients.test.ts).
import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { recommendedHttpServerLimits, recommendedServerOptions } from '../../src/runtime/server/server-options.js';
import { probe, sleep, startServiceProcess, type ServiceProcess } from './service-process.js';

const FILE_LIMIT = 1024;
const IDLE_SOCKETS = 1100;
/** The flood's client addresses, 127.0.0.10 and up: each opens fewer sockets than the per-address cap. */
const FLOOD_ADDRESSES = 8;
/** Idle sockets added, a few times at most, while a new client is still answered (the limit not yet full). */
const TOP_UP_SOCKETS = 16;
const TOP_UPS = 4;
/** How long after the flood a request must be answered again: the connection timeout plus slack for a busy machine. */
const RECOVERY_MS = recommendedServerOptions.connectionTimeout + 8_000;

const services: ServiceProcess[] = [];
const sockets: Socket[] = [];
afterAll(() => {
  for (const socket of sockets) socket.destroy();
  for (const service of services) service.stop();
});

/** The soft and hard "Max open files" of a process, from /proc. */
function openFileLimits(pid: number): [number, number] {
  const line = readFileSync(`/proc/${pid}/limits`, 'utf8')
    .split('\n')
    .find((text) => text.startsWith('Max open files'));
  const numbers = line?.match(/\d+/g)?.map(Number);
  if (numbers === undefined || numbers.length < 2) throw new Error(`no open file limit in /proc/${pid}/limits`);
  return [numbers[0] as number, numbers[1] as number];
}

interface IdleSocket {
  readonly socket: Socket;
  /** When the server closed it (ms since the flood began); undefined while it is open. */
  closedAt?: number;
}

/** Opens `count` connections that never send anything; resolves once every one has connected or failed. */
async function openIdleSockets(port: number, count: number, floodStart: number): Promise<IdleSocket[]> {
  const idle: IdleSocket[] = [];
  const settled: Promise<void>[] = [];
  for (let index = 0; index < count; index++) {
    const socket = connect({ host: '127.0.0.1', port, localAddress: `127.0.0.${10 + (index % FLOOD_ADDRESSES)}` });
    sockets.push(socket);
    const entry: IdleSocket = { socket };
    idle.push(entry);
    // Whatever ends the socket (FIN, reset) comes from the server: the test never writes or closes one.
    socket.on('error', () => undefined);
    socket.on('data', () => undefined);
    socket.once('close', () => (entry.closedAt = Date.now() - floodStart));
    settled.push(
      new Promise((resolve) => {
        socket.once('connect', () => resolve());
        socket.once('close', () => resolve());
      }),
    );
  }
  await Promise.all(settled);
  return idle;
}

describe('idle sockets under a 1,024 file limit', () => {
  it(`${IDLE_SOCKETS} sockets that send nothing are closed by the server; new clients are answered again`, async () => {
    expect(IDLE_SOCKETS).toBeGreaterThan(FILE_LIMIT);
    expect((IDLE_SOCKETS + TOP_UPS * TOP_UP_SOCKETS) / FLOOD_ADDRESSES).toBeLessThan(
      recommendedHttpServerLimits.maxConnectionsPerAddress,
    );
    // The test process must be able to hold every idle socket itself, or it would measure its own limit.
    const [ownSoft] = openFileLimits(process.pid);
    expect(ownSoft, 'the test process needs a file limit (ulimit -n) above the flood').toBeGreaterThan(
      IDLE_SOCKETS + TOP_UPS * TOP_UP_SOCKETS + 200,
    );

    const service = await startServiceProcess({ fileLimit: FILE_LIMIT });
    services.push(service);
    expect(openFileLimits(service.pid)).toEqual([FILE_LIMIT, FILE_LIMIT]);
    expect(await probe(service.port, 5_000)).toBe(200);

    const floodStart = Date.now();
    const idle = await openIdleSockets(service.port, IDLE_SOCKETS, floodStart);
    // The premise: while the idle sockets hold the file limit, a new client is not answered. A connection the
    // service ends lingers until its client's FIN is read (closeLingerMs): an idle socket that arrived just before
    // was dropped, and the slot is free again once the FIN is read. A few more idle sockets, after it, take it.
    let duringFlood = await probe(service.port, 2_000);
    for (let topUp = 0; duringFlood === 200 && topUp < TOP_UPS; topUp++) {
      await sleep(200);
      idle.push(...(await openIdleSockets(service.port, TOP_UP_SOCKETS, floodStart)));
      duringFlood = await probe(service.port, 2_000);
    }
    const openedMs = Date.now() - floodStart;
    expect(duringFlood, 'the flood did not exhaust the file limit').not.toBe(200);

    // A client that retries is answered again once the idle sockets have been shed.
    let respondedAfterMs: number | undefined;
    let lastFailure: number | string = duringFlood;
    while (Date.now() - floodStart < RECOVERY_MS) {
      const outcome = await probe(service.port, 2_000);
      if (outcome === 200) {
        respondedAfterMs = Date.now() - floodStart;
        break;
      }
      lastFailure = outcome;
      await sleep(250);
    }
    const stillOpen = (): number => idle.filter((entry) => entry.closedAt === undefined).length;
    expect(
      respondedAfterMs,
      `no answer within ${RECOVERY_MS} ms of the flood (last: ${String(lastFailure)}); ` +
        `${stillOpen()} of ${idle.length} idle sockets still open`,
    ).toBeDefined();

    // Every idle socket was closed by the server (the test never closes one before the end).
    while (stillOpen() > 0 && Date.now() - floodStart < RECOVERY_MS) await sleep(100);
    expect(stillOpen(), 'idle sockets the server never closed').toBe(0);
    const lifetimes = idle.map((entry) => entry.closedAt as number);
    const longest = Math.max(...lifetimes);
    expect(longest).toBeLessThan(RECOVERY_MS);
    // Some were held until the connection timeout: those the server had accepted, up to its file limit.
    const heldToTimeout = lifetimes.filter((ms) => ms >= recommendedServerOptions.connectionTimeout - 1_000).length;
    expect(heldToTimeout).toBeGreaterThan(FILE_LIMIT / 2);
    console.log(
      `idle sockets: ${idle.length} opened in ${openedMs} ms; ${heldToTimeout} held until the timeout, ` +
        `${idle.length - heldToTimeout} dropped earlier; the last closed after ${longest} ms; ` +
        `a new client was answered again after ${respondedAfterMs} ms (during the flood: ${String(duringFlood)})`,
    );
  }, 45_000);
});
