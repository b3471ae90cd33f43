// Drives every scenario through one client kind against a running reference service and prints the
// transcript (status and body of the answer to each step; for a file or an event stream, what the client
// read) as JSON: `drive.ts <tool> <base-url> <clinic-url>`
// (the clinic API is served apart from the reference service, see clinic/serve.ts).
// Auth goes through each tool's documented hook: one fetch (Digest challenge, bearer token, access key
// and context token) given to openapi-fetch and hey-api as their fetch option, to orval through its
// mutator and to kubb through its custom client; svcgen's client authenticates itself.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { authFetch, type Recorder } from './hooks/auth-fetch.js';
import { setHookFetch } from './hooks/hook-fetch.js';
import { CLINIC, DOCUMENTS } from './interfaces.mjs';
import { SCENARIOS, type Answers, type Call, type Scenario, type Step } from './scenarios.js';
import { TOOLS, type Invoke } from './tools.js';

export interface Entry {
  readonly api: string;
  readonly step: string;
  readonly status: number | null;
  readonly body: unknown;
  readonly sent: string;
  readonly error?: string;
  readonly construct?: string;
  /** Set when what the client read is not what the step expects (wrong bytes, events missing or out of order). */
  readonly wrong?: string;
}

const [tool, shopBase, clinicBase] = process.argv.slice(2);
if (tool === undefined || shopBase === undefined || clinicBase === undefined || !(tool in TOOLS))
  throw new Error(`usage: drive.ts <${Object.keys(TOOLS).join('|')}> <base-url> <clinic-url>`);

const transcript: Entry[] = [];
const shared: Answers = {};

for (const scenario of SCENARIOS) {
  const base = scenario.api === CLINIC ? clinicBase : shopBase;
  const recorder: Recorder = { last: undefined };
  const fetch = authFetch(scenario.api, base, recorder, tool === 'svcgen');
  setHookFetch(fetch);
  const document = JSON.parse(readFileSync(new URL(DOCUMENTS[scenario.api] as string, import.meta.url), 'utf8'));
  const invoke: Invoke = await TOOLS[tool as keyof typeof TOOLS](scenario.api, base, fetch, document);
  await drive(scenario, invoke, recorder);
}
process.stdout.write(JSON.stringify(transcript));

async function drive(scenario: Scenario, invoke: Invoke, recorder: Recorder): Promise<void> {
  const answers: Answers = { ...shared };
  for (const step of scenario.steps) {
    recorder.last = undefined;
    let error: string | undefined;
    let read: unknown;
    try {
      const call: Call = step.call(answers);
      read = await invoke(step.op, call, { ...(step.svcgen && { svcgen: step.svcgen(answers) }), read: step.read });
    } catch (caught) {
      error = caught instanceof Error ? caught.message : String(caught);
    }
    const last = recorder.last as { status: number; body: unknown; sent: string } | undefined;
    // A read answer is what the tool read (the recorder leaves files and streams to the tool).
    const body = step.read === undefined ? last?.body : error === undefined ? recorded(read) : null;
    const wrong = step.read === undefined ? undefined : judge(step, answers, read, error);
    // An exception after an answer (e.g. svcgen's client throwing on a 404) still counts the answer.
    transcript.push({
      api: scenario.api,
      step: step.name,
      status: last?.status ?? null,
      body: body ?? null,
      sent: last?.sent ?? '',
      ...((last === undefined || step.read !== undefined) && error !== undefined ? { error } : {}),
      ...(step.construct !== undefined ? { construct: step.construct } : {}),
      ...(wrong !== undefined ? { wrong } : {}),
    });
    answers[step.name] = body;
  }
  if (scenario.api === 'admin-api')
    shared['productId'] = (answers['product'] as { data?: { id?: string } } | undefined)?.data?.id;
}

/** A file's bytes are recorded by size and digest; events as they were read. */
function recorded(read: unknown): unknown {
  if (!(read instanceof Uint8Array)) return read;
  return { size: read.byteLength, sha256: `sha256:${createHash('sha256').update(read).digest('hex')}` };
}

/** Why what the client read is not what the step expects, or undefined when it is. */
function judge(step: Step, answers: Answers, read: unknown, error: string | undefined): string | undefined {
  if (error !== undefined) return `reading the answer failed: ${error}`;
  const expected = step.expect?.(answers);
  if (expected instanceof Uint8Array) {
    if (read instanceof Uint8Array && Buffer.from(read).equals(expected)) return undefined;
    return `read ${JSON.stringify(recorded(read))}, the bytes sent were ${JSON.stringify(recorded(expected))}`;
  }
  // Events are compared by name and data, in order; ids are compared with svcgen's client's by run.mjs.
  const events = Array.isArray(read) ? read.map(({ event, data }) => ({ event, data })) : read;
  if (isDeepStrictEqual(events, expected)) return undefined;
  return `read events ${JSON.stringify(events)}, expected ${JSON.stringify(expected)}`;
}
