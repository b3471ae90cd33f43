// A TCP proxy a test controls, in front of a shared server (PostgreSQL, Redis): cutting it drops every
// connection and refuses new ones, as a stopped server does, without stopping the server others use.
import { createServer, connect, type Server, type Socket } from 'node:net';

export class TcpProxy {
  readonly #target: { host: string; port: number };
  readonly #sockets = new Set<Socket>();
  #server: Server | undefined;
  port = 0;

  constructor(target: { host: string; port: number }) {
    this.#target = target;
  }

  /** Listens (again, on the same port after a cut). */
  async open(): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(this.#target);
      for (const socket of [client, upstream]) {
        this.#sockets.add(socket);
        socket.on('close', () => this.#sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as { port: number }).port;
    this.#server = server;
  }

  /** Drops every connection and stops listening. */
  async cut(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    for (const socket of this.#sockets) socket.destroy();
    if (server) await new Promise((resolve) => server.close(resolve));
  }
}
