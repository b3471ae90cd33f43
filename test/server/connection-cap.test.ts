// The reference service's per-address connection cap (SVC_MAX_CONNECTIONS_PER_ADDRESS, the runtime's
// maxConnectionsPerAddress): sockets over it are closed at once, other addresses are unaffected, 0 turns it
// off (a service behind a proxy), and a value that is no count is refused at start, naming the variable.
import { connect, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../examples/reference-service/config.js';
import { startService, type Service } from './helpers.js';

const services: Service[] = [];
const sockets: Socket[] = [];
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  for (const service of services) await service.close();
});

/** Opens `count` sockets from `localAddress` one after another; how many of them the server closed within 500 ms. */
async function closedOf(service: Service, count: number, localAddress: string): Promise<number> {
  const port = Number(new URL(service.baseUrl).port);
  let closed = 0;
  for (let index = 0; index < count; index++) {
    const socket = connect({ host: '127.0.0.1', port, localAddress });
    sockets.push(socket);
    socket.on('error', () => undefined);
    socket.once('close', () => closed++);
    await new Promise((resolve) => socket.once('connect', resolve));
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
  return closed;
}

describe('SVC_MAX_CONNECTIONS_PER_ADDRESS', () => {
  it('closes the sockets of one address over the cap at once, and no other address', async () => {
    const service = await startService({ SVC_MAX_CONNECTIONS_PER_ADDRESS: '3' });
    services.push(service);
    expect(await closedOf(service, 5, '127.0.0.1')).toBe(2);
    expect(await closedOf(service, 3, '127.0.0.3')).toBe(0);
  });

  it('0 turns the cap off', async () => {
    const service = await startService({ SVC_MAX_CONNECTIONS_PER_ADDRESS: '0' });
    services.push(service);
    expect(await closedOf(service, 300, '127.0.0.4')).toBe(0);
  });

  it('refuses a value that is no count', () => {
    for (const value of ['-1', 'many', '2.5'])
      expect(() => loadConfig({ SVC_MAX_CONNECTIONS_PER_ADDRESS: value })).toThrow(
        `SVC_MAX_CONNECTIONS_PER_ADDRESS must be a whole number (0 or more), got "${value}"`,
      );
  });
});
