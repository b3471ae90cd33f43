// Drives every scenario through one client kind against a running reference service and prints the
// transcript (status and body of the answer to each step) as JSON: `drive.ts <tool> <base-url> <clinic-url>`
// (the clinic API is served apart from the reference service, see clinic/serve.ts).
// Auth goes through each tool's documented hook: one fetch (Digest challenge, bearer token, access key
// and context token) given to openapi-fetch and hey-api as their fetch option, to orval through its
// mutator and to kubb through its custom client; svcgen's client authenticates itself.
import { readFileSync } from 'node:fs';
import { authFetch, type Recorder } from './hooks/auth-fetch.js';
import { setHookFetch } from './hooks/hook-fetch.js';
import { CLINIC, DOCUMENTS } from './interfaces.mjs';
import { SCENARIOS, type Answers, type Call, type Scenario } from './scenarios.js';
import { TOOLS, type Invoke } from './tools.js';

export interface Entry {
  readonly api: string;
  readonly step: string;
  readonly status: number | null;
  readonly body: unknown;
  readonly sent: string;
  readonly error?: string;
  readonly construct?: string;
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
    try {
      const call: Call = step.call(answers);
      await invoke(step.op, call, step.svcgen?.(answers));
    } catch (caught) {
      error = caught instanceof Error ? caught.message : String(caught);
    }
    const last = recorder.last as { status: number; body: unknown; sent: string } | undefined;
    // An exception after an answer (e.g. svcgen's client throwing on a 404) still counts the answer.
    transcript.push({
      api: scenario.api,
      step: step.name,
      status: last?.status ?? null,
      body: last?.body ?? null,
      sent: last?.sent ?? '',
      ...(last === undefined && error !== undefined ? { error } : {}),
      ...(step.construct !== undefined ? { construct: step.construct } : {}),
    });
    answers[step.name] = last?.body;
  }
  if (scenario.api === 'admin-api')
    shared['productId'] = (answers['product'] as { data?: { id?: string } } | undefined)?.data?.id;
}
