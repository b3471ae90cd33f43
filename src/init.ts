// `svcgen init`: a config file, one sample definition and the .gitattributes line, so that
// `svcgen generate` and `svcgen check` work in a repo that had no svcgen yet. Never overwrites.
import { lstat, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { CONFIG_FILE } from './config.js';
import { ensureLinguistGenerated, type GitattributesOutcome } from './output/gitattributes.js';

export interface InitOptions {
  /** The folder to set up (default: the working directory). */
  readonly cwd?: string;
}

export type InitResult =
  | { readonly ok: true; readonly written: readonly string[]; readonly gitattributes: GitattributesOutcome }
  | { readonly ok: false; readonly existing: readonly string[]; readonly message: string };

export const SAMPLE_DEFINITION = 'definitions/todo-api.yaml';

const CONFIG_TEXT = `# svcgen configuration; every key is optional.
definitions: definitions # the folder of definition files (*.yaml)
output: generated # the output folder; svcgen owns the files it writes there
# templates: templates # your own templates, overriding svcgen's by file name
# handlers: src/handlers # the handler modules svcgen scaffold writes (yours to edit)
# emitters: # outputs on (true) or off (false); all on by default
#   docs: false
`;

const SAMPLE_TEXT = `# yaml-language-server: $schema=../node_modules/svcgen/schema/svcgen-definitions.schema.json
# A sample interface: one record, two routes. Change it, then run \`svcgen generate\`.
name: todo-api

interface:
  title: Todo API
  description: Keeps a list of tasks.
  basePath: /api
  style: success-envelope
  errorStyle: success-false

auth:
  apiKey:
    type: apiKey
    description: Every request carries the caller's key in the x-api-key header.
    in: header
    name: x-api-key

errors:
  badRequest:
    status: 400
    message: 'Invalid request: {reason}'
  validation:
    description: The task violates a constraint; nothing is written.
    status: 400
    message: Validation error
  unauthorized:
    description: The x-api-key header is missing or unknown.
    status: 401
    message: Invalid or missing key

records:
  task:
    description: Something to do.
    fields:
      id:
        type: integer
        readOnly: true
      title:
        description: What to do.
        type: string
        minLength: 1
        maxLength: 200
      done:
        description: True once the task is done.
        type: boolean
        required: false
        default: false
      dueDate:
        description: The day it is due, or null.
        type: date
        nullable: true
        required: false
        default: null

routes:
  listTasks:
    description: Lists tasks, oldest first.
    method: GET
    path: /tasks
    auth: apiKey
    query:
      limit:
        description: Tasks per page, 1..100.
        type: integer
        required: false
        default: 25
        minimum: 1
        maximum: 100
        coerce: true
    responses:
      "200":
        description: The tasks of the page, with total.
        total: true
        body: { type: list, items: { type: record, record: task } }
    errors: [badRequest, unauthorized]

  createTask:
    description: Adds a task.
    method: POST
    path: /tasks
    auth: apiKey
    body: { type: record, record: task, omit: [id] }
    responses:
      "201":
        description: The new task, with its id.
        body: { type: record, record: task }
    errors: [badRequest, validation, unauthorized]
`;

export async function init(options: InitOptions = {}): Promise<InitResult> {
  const cwd = resolve(options.cwd ?? process.cwd());
  const files = [
    { path: CONFIG_FILE, content: CONFIG_TEXT },
    { path: SAMPLE_DEFINITION, content: SAMPLE_TEXT },
  ];
  const existing: string[] = [];
  for (const file of files) if (await exists(join(cwd, file.path))) existing.push(file.path);
  if (existing.length > 0) {
    return {
      ok: false,
      existing,
      message: `${existing.join(' and ')} already exist${existing.length === 1 ? 's' : ''}; init never overwrites a file (nothing was written)`,
    };
  }
  for (const file of files) {
    const target = join(cwd, file.path);
    await mkdir(dirname(target), { recursive: true });
    // "wx": fail rather than overwrite a file that appeared since the check.
    await writeFile(target, file.content, { flag: 'wx' });
  }
  const gitattributes = await ensureLinguistGenerated(cwd, join(cwd, 'generated'));
  return { ok: true, written: files.map((file) => file.path), gitattributes };
}

async function exists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch {
    return false;
  }
}
