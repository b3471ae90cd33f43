// Requests that leave from a chosen loopback address (127.0.0.x), so that tests can play many clients
// against the throttles, which count per client address.
import { connect } from 'node:net';
import { Agent, request } from 'undici';

/** An agent whose sockets leave from the given loopback address (undici's own localAddress is not applied). */
export function agentFrom(address: string): Agent {
  return new Agent({
    connect: (options, done) => {
      const socket = connect({ host: options.hostname, port: Number(options.port), localAddress: address });
      socket.once('connect', () => done(null, socket));
      socket.once('error', (error) => done(error, null));
    },
  });
}

export interface LoopbackResponse {
  readonly status: number;
  readonly retryAfter: string | string[] | undefined;
  readonly json: any;
}

/** Agents per source address, closed together. */
export class LoopbackClients {
  readonly #agents = new Map<string, Agent>();

  agent(address: string): Agent {
    let agent = this.#agents.get(address);
    if (!agent) this.#agents.set(address, (agent = agentFrom(address)));
    return agent;
  }

  /** A request from the given loopback address; an object body is sent as JSON. */
  async send(
    address: string,
    url: string,
    options: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
  ): Promise<LoopbackResponse> {
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    const response = await request(url, {
      dispatcher: this.agent(address),
      method: (options.method ?? 'GET') as 'GET',
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...options.headers },
      ...(body ? { body } : {}),
    });
    const text = await response.body.text();
    return {
      status: response.statusCode,
      retryAfter: response.headers['retry-after'],
      json: text ? JSON.parse(text) : undefined,
    };
  }

  async close(): Promise<void> {
    await Promise.all([...this.#agents.values()].map((agent) => agent.close()));
  }
}
