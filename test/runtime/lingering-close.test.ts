// The runtime's lingering close (applyRecommendedServerLimits, closeLingerMs): a body refused unread by its
// declared length gets its 413 and a FIN, and what the client still sends is read and discarded until the
// client closes or the linger time passes. Destroyed at once instead, the socket resets the client's next
// write, and a proxy in front (HAProxy) can lose the answer it had not read yet.
import { connect, type Socket } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { applyRecommendedServerLimits } from '../../src/runtime/server/server-options.js';

const CHUNK = Buffer.alloc(64 * 1024, 'x');
let app: FastifyInstance | undefined;
afterEach(async () => app?.close());

async function serve(closeLingerMs: number): Promise<number> {
  app = Fastify({ bodyLimit: 1_000 });
  app.post('/upload', async () => ({ ok: true }));
  applyRecommendedServerLimits(app.server, { closeLingerMs, maxConnectionsPerAddress: 0 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as { port: number }).port;
}

interface Exchange {
  readonly socket: Socket;
  /** Everything read until the server's FIN. */
  readonly response: Promise<string>;
  readonly closed: Promise<{ error?: string }>;
}

/** A POST declaring 10 MB, with its first 64 KiB sent. */
function startUpload(port: number): Exchange {
  // Half-open, so that the server's FIN does not end the client's side too: it goes on sending.
  const socket = connect({ host: '127.0.0.1', port, allowHalfOpen: true });
  let text = '';
  let failure: string | undefined;
  socket.on('data', (data: Buffer) => (text += data.toString('latin1')));
  socket.on('error', (error: NodeJS.ErrnoException) => (failure = error.code ?? error.message));
  const response = new Promise<string>((resolve, reject) => {
    socket.once('end', () => resolve(text));
    socket.once('close', () => reject(new Error(`closed before a FIN (${failure ?? 'no error'}), read: ${text}`)));
  });
  response.catch(() => undefined);
  const closed = new Promise<{ error?: string }>((resolve) =>
    socket.once('close', () => resolve(failure === undefined ? {} : { error: failure })),
  );
  socket.write(
    'POST /upload HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 10000000\r\n\r\n',
  );
  socket.write(CHUNK);
  return { socket, response, closed };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('lingering close of a connection after a refused body', () => {
  it('answers 413 with a FIN, and keeps reading what the client still sends until it closes', async () => {
    const exchange = startUpload(await serve(5_000));
    const answer = await exchange.response;
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    await pause(100);
    for (let sent = 0; sent < 16; sent++) exchange.socket.write(CHUNK);
    await pause(100);
    exchange.socket.end();
    expect(await exchange.closed).toEqual({});
  });

  it('destroys the connection once the linger time has passed', async () => {
    const exchange = startUpload(await serve(200));
    await exchange.response;
    const keepSending = setInterval(() => exchange.socket.writable && exchange.socket.write(CHUNK), 20);
    const closed = await exchange.closed;
    clearInterval(keepSending);
    expect(closed.error).toMatch(/ECONNRESET|EPIPE/);
  });
});
