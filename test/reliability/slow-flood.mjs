// One slow client, as its own process for slow-clients.test.ts (so its work does not slow the test's own
// requests): `node slow-flood.mjs <port> <local address> <count>` opens <count> sockets from that address to
// 127.0.0.1:<port> in batches of 200, each sending a request line at once and then one header line every 3 s,
// never finishing the headers, and never closing a socket itself. It prints two JSON lines: `opened` once
// every socket has connected or been closed and the server has caught up, with how many are still open and how soon the
// closed ones were closed; `closed` once the server has closed every socket, with each socket's lifetime.
import { connect } from 'node:net';
import { setInterval } from 'node:timers';

const [port, localAddress, count] = [Number(process.argv[2]), process.argv[3], Number(process.argv[4])];
const LINE_EVERY_MS = 3_000;
const start = Date.now();
const slow = [];
let line = 0;
setInterval(() => {
  line++;
  for (const entry of slow) if (entry.closedAt === undefined) entry.socket.write(`x-slow-${line}: 1\r\n`);
}, LINE_EVERY_MS);

const lifetimes = () => slow.map((entry) => entry.closedAt - (entry.connectedAt ?? start));
const report = (event, fields) => process.stdout.write(`${JSON.stringify({ event, ...fields })}\n`);

for (let first = 0; first < count; first += 200) {
  const batch = [];
  for (let index = first; index < Math.min(count, first + 200); index++) {
    const socket = connect({ host: '127.0.0.1', port, localAddress });
    const entry = { socket, connectedAt: undefined, closedAt: undefined };
    slow.push(entry);
    socket.on('error', () => undefined);
    socket.on('data', () => undefined);
    batch.push(
      new Promise((resolve) => {
        socket.once('connect', () => {
          entry.connectedAt = Date.now();
          socket.write('GET /store-api/v3/context HTTP/1.1\r\nHost: 127.0.0.1\r\n');
          resolve();
        });
        socket.once('close', () => {
          entry.closedAt = Date.now();
          if (slow.length === count && slow.every((each) => each.closedAt !== undefined)) {
            report('closed', { lifetimes: lifetimes() });
            process.exit(0);
          }
          resolve();
        });
      }),
    );
  }
  await Promise.all(batch);
}
const openedMs = Date.now() - start;
// Connected only means the kernel accepted: wait until the server has dealt with the backlog (1 s without a close).
let lastClose = Date.now();
for (const entry of slow) entry.socket.once('close', () => (lastClose = Date.now()));
while (Date.now() - lastClose < 1_000) await new Promise((resolve) => setTimeout(resolve, 100));
const closed = slow.filter((entry) => entry.closedAt !== undefined);
report('opened', {
  openedMs,
  held: slow.length - closed.length,
  closedAfterMs: closed.map((entry) => entry.closedAt - (entry.connectedAt ?? start)),
});
