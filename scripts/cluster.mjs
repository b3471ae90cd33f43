#!/usr/bin/env node
// `npm run cluster`: N instances of the reference service (default 3) on one PostgreSQL and one Redis, behind
// HAProxy on loopback (round-robin); prints the front URL and leaves them running. `npm run cluster -- --stop`
// stops what it started (the processes it recorded, nothing else). It installs nothing: what is missing
// (haproxy, the PostgreSQL or Redis URL, a server that does not answer) is named, and it exits 1.
//
//   SVC_DATABASE_URL=postgres://… SVC_REDIS_URL=redis://… npm run cluster [-- --instances 3 --port 8100 --dir data/cluster]
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const MAIN = join(ROOT, 'examples/reference-service/main.ts');
const USAGE = `usage: npm run cluster -- [--instances N] [--port FRONT] [--dir FOLDER] | --stop [--dir FOLDER]
  needs SVC_DATABASE_URL (postgres://…) and SVC_REDIS_URL (redis://…), and haproxy`;

function fail(message) {
  console.error(`cluster: ${message}`);
  process.exit(1);
}

function parseArgs(argv) {
  const options = { instances: 3, port: 8100, dir: join(ROOT, 'data/cluster'), stop: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const next = argv[++i];
      if (next === undefined) fail(`${arg} needs a value\n${USAGE}`);
      return next;
    };
    const whole = (name, text, min, max) => {
      const number = Number(text);
      if (!/^\d+$/.test(text) || number < min || number > max) fail(`${name} must be a whole number ${min}..${max}`);
      return number;
    };
    if (arg === '--stop') options.stop = true;
    else if (arg === '--instances') options.instances = whole('--instances', value(), 1, 16);
    else if (arg === '--port') options.port = whole('--port', value(), 1024, 65_535 - 16);
    else if (arg === '--dir') options.dir = resolve(value());
    else if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else fail(`unknown argument ${arg}\n${USAGE}`);
  }
  return options;
}

const stateFile = (dir) => join(dir, 'cluster.json');

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Whether something accepts connections on host:port within the time. */
function reachable(host, port, timeoutMs = 1500) {
  return new Promise((done) => {
    const socket = connect({ host, port });
    const timer = setTimeout(() => (socket.destroy(), done(false)), timeoutMs);
    socket.once('connect', () => (clearTimeout(timer), socket.destroy(), done(true)));
    socket.once('error', () => (clearTimeout(timer), done(false)));
  });
}

/** Whether the instance says it listens: a port merely reachable may be another process's, bound in the window
 *  between the check that it was free and this instance's own bind (which then fails and exits). */
function saysListening(log, port) {
  try {
    return readFileSync(log, 'utf8').includes(`listening on http://127.0.0.1:${port}`);
  } catch {
    return false;
  }
}

async function waitForPort(port, pid, log) {
  for (let waited = 0; waited < 60_000; waited += 200) {
    if (saysListening(log, port) && (await reachable('127.0.0.1', port, 500))) return;
    if (!alive(pid)) fail(`the instance on port ${port} exited; its log (${log}):\n${tail(log)}`);
    await new Promise((done) => setTimeout(done, 200));
  }
  fail(`the instance on port ${port} did not listen within 60 s; its log: ${log}`);
}

function tail(file) {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-15).join('\n');
  } catch {
    return '(no log)';
  }
}

/** A service URL from the environment, checked for its scheme and for a server answering there. */
async function serverUrl(name, schemes, what, example) {
  const text = process.env[name];
  if (!text) return `${name} is not set: give the URL of a ${what} server, e.g. ${name}=${example}`;
  let url;
  try {
    url = new URL(text);
  } catch {
    return `${name} is not a URL (e.g. ${example})`;
  }
  if (!schemes.includes(url.protocol)) return `${name} must start with ${schemes.join(' or ')}// (e.g. ${example})`;
  const port = Number(url.port || (url.protocol.startsWith('redis') ? 6379 : 5432));
  const host = url.hostname || '127.0.0.1';
  if (!(await reachable(host, port))) return `no ${what} server answers at ${host}:${port} (${name})`;
  return undefined;
}

function haproxyConfig(front, ports) {
  const servers = ports.map((port, i) => `  server instance${i + 1} 127.0.0.1:${port} check inter 500 fall 2 rise 2`);
  return `# Written by scripts/cluster.mjs; removed by --stop.
global
  maxconn 4096

defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  # A request that found a dead instance (refused, or no answer at all) goes to another. HAProxy retries only
  # what it may: a request whose connection failed, or an idempotent one that got no answer.
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response
  # An instance closes a connection after some refusals (a body it will not read); a fresh connection per request
  # to the instances keeps HAProxy from sending the next request down one that is closing.
  option http-server-close

frontend front
  bind 127.0.0.1:${front}
  default_backend instances

backend instances
  balance roundrobin
${servers.join('\n')}
`;
}

async function start(options) {
  const { dir, instances, port: front } = options;
  if (existsSync(stateFile(dir))) {
    const state = JSON.parse(readFileSync(stateFile(dir), 'utf8'));
    if ([state.haproxy, ...state.instances.map((instance) => instance.pid)].some(alive))
      fail(
        `a cluster started from ${dir} is still running at ${state.front}: stop it first (npm run cluster -- --stop)`,
      );
  }
  const missing = [];
  if (spawnSync('haproxy', ['-v'], { stdio: 'ignore' }).error)
    missing.push('haproxy is not installed: apt-get install haproxy');
  for (const problem of [
    await serverUrl(
      'SVC_DATABASE_URL',
      ['postgres:', 'postgresql:'],
      'PostgreSQL',
      'postgres://postgres@127.0.0.1:5432/test',
    ),
    await serverUrl('SVC_REDIS_URL', ['redis:'], 'Redis', 'redis://127.0.0.1:6379'),
  ])
    if (problem) missing.push(problem);
  if (missing.length > 0) fail(`cannot start; nothing was installed or started:\n  - ${missing.join('\n  - ')}`);
  const ports = Array.from({ length: instances }, (_, i) => front + 1 + i);
  for (const port of [front, ...ports])
    if (await reachable('127.0.0.1', port, 500)) fail(`port ${port} is in use: choose another with --port`);

  mkdirSync(dir, { recursive: true });
  const state = { front: `http://127.0.0.1:${front}`, dir, haproxy: 0, instances: [] };
  const save = () => writeFileSync(stateFile(dir), `${JSON.stringify(state, null, 2)}\n`);
  const launch = (port, i) => {
    const log = join(dir, `instance${i + 1}.log`);
    const out = openSync(log, 'a');
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      cwd: ROOT,
      detached: true,
      stdio: ['ignore', out, out],
      // Every socket comes from HAProxy's address: no per-address cap behind it.
      env: {
        SVC_LOG: '0',
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(port),
        SVC_MAX_CONNECTIONS_PER_ADDRESS: '0',
      },
    });
    closeSync(out);
    child.unref();
    state.instances.push({ pid: child.pid, port, log });
    save();
    return waitForPort(port, child.pid, log);
  };
  // The first instance makes the tables and seeds; the others then start together.
  await launch(ports[0], 0);
  await Promise.all(ports.slice(1).map((port, i) => launch(port, i + 1)));

  const config = join(dir, 'haproxy.cfg');
  const pidFile = join(dir, 'haproxy.pid');
  writeFileSync(config, haproxyConfig(front, ports));
  const checked = spawnSync('haproxy', ['-c', '-q', '-f', config], { encoding: 'utf8' });
  if (checked.status !== 0) fail(`haproxy refused ${config}:\n${checked.stderr}`);
  const proxy = spawnSync('haproxy', ['-D', '-f', config, '-p', pidFile], { encoding: 'utf8' });
  if (proxy.status !== 0) fail(`haproxy did not start:\n${proxy.stderr}`);
  state.haproxy = Number(readFileSync(pidFile, 'utf8').trim());
  save();
  for (let waited = 0; !(await reachable('127.0.0.1', front, 500)); waited += 100) {
    if (waited > 10_000) fail(`haproxy does not listen on ${front}`);
    await new Promise((done) => setTimeout(done, 100));
  }
  console.log(`cluster: ${instances} instance(s) on ports ${ports.join(', ')}, PostgreSQL and Redis, behind HAProxy`);
  console.log(
    `cluster: state and logs in ${dir}; stop with: npm run cluster -- --stop${options.dirGiven ? ` --dir ${dir}` : ''}`,
  );
  console.log(state.front);
}

async function stop(options) {
  const file = stateFile(options.dir);
  if (!existsSync(file)) {
    console.log(`cluster: nothing to stop (no ${file})`);
    return;
  }
  const state = JSON.parse(readFileSync(file, 'utf8'));
  const pids = [state.haproxy, ...state.instances.map((instance) => instance.pid)].filter((pid) => pid > 0);
  for (const pid of pids) if (alive(pid)) process.kill(pid, 'SIGTERM');
  for (let waited = 0; pids.some(alive) && waited < 10_000; waited += 100)
    await new Promise((done) => setTimeout(done, 100));
  for (const pid of pids) if (alive(pid)) process.kill(pid, 'SIGKILL');
  rmSync(file);
  rmSync(join(options.dir, 'haproxy.pid'), { force: true });
  console.log(`cluster: stopped HAProxy and ${state.instances.length} instance(s) (${state.front})`);
}

const options = parseArgs(process.argv.slice(2));
options.dirGiven = process.argv.includes('--dir');
await (options.stop ? stop(options) : start(options));
