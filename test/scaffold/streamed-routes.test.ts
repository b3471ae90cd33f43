// svcgen scaffold for routes whose bodies and answers are streamed (issue 33): an event stream, a file
// answer, an upload and a multipart form. The stubs compile under the strictest options a team uses, and
// the bodies a team writes in their place are typed by the handler interface alone (a parameter without
// an annotation, the writer of an event stream, a form's parts); a wrong event does not compile.
import { cp, mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runTsc } from '../foundation/helpers.js';
import { STRICTEST, TYPE_ROOTS } from '../helpers/compiler-options.js';
import { removeDir, ROOT, runCli, tempDir } from '../workflow/helpers.js';

const MODULE = 'src/handlers/clinic-api.ts';

/** What a team writes in place of each stub, using only what the handler interface types. */
const BODIES: Record<string, string> = {
  watchAppointments: `return async (writer) => {
        if (writer.lastEventId !== undefined) writer.retry(1000);
        await writer.send({ event: 'cancelled', id: '1', data: { id: 'a', reason: 'ill' } });
      };`,
  getPhoto: `return { body: new Uint8Array([1]), mediaType: 'image/png', name: 'photo.png' };`,
  putPhoto: `return { mediaType: input.body.mediaType, size: input.body.size };`,
  addScan: `let bytes = 0;
      for await (const part of input.body)
        if (part.kind === 'file') for await (const chunk of part.file.stream) bytes += (chunk as Buffer).length;
      return { title: input.body.fields.title ?? '', bytes };`,
};

let project: string;
let scaffolded: string;

beforeAll(async () => {
  project = await tempDir('svcgen-scaffold-streams-');
  await mkdir(join(project, '.git'));
  await cp(join(ROOT, 'test/fixtures/every-construct/definitions'), join(project, 'definitions'), { recursive: true });
  // Without a cache, which generate keeps under node_modules (linked to the repo's below).
  for (const command of [['scaffold'], ['generate', '--no-cache']]) {
    const run = await runCli(command, project);
    expect(run.code, run.stderr).toBe(0);
  }
  scaffolded = await readFile(join(project, MODULE), 'utf8');
  await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'clinic', private: true, type: 'module' }));
  await symlink(join(ROOT, 'node_modules'), join(project, 'node_modules'), 'dir');
}, 120_000);

afterAll(async () => {
  if (project) await removeDir(project);
});

/** tsc with the strictest options over the handler module as `text`. */
async function typecheck(text: string): Promise<string> {
  await writeFile(join(project, MODULE), text);
  const compilerOptions = { ...STRICTEST, typeRoots: TYPE_ROOTS };
  await writeFile(join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: [MODULE] }));
  return (await runTsc(['-p', join(project, 'tsconfig.json')])).output;
}

/** The module with the stubs of `bodies` replaced by them, taking `input` where the body reads it. */
function filled(bodies: Record<string, string>): string {
  let text = scaffolded;
  for (const [method, body] of Object.entries(bodies)) {
    const parameters = body.includes('input') ? 'input' : '';
    text = text.replace(
      `async ${method}() {\n      throw new NotImplemented('${method}');`,
      `async ${method}(${parameters}) {\n      ${body}`,
    );
    expect(text, method).toContain(body);
  }
  return text;
}

it('writes a stub per streamed route, and the stubs compile under the strictest options', async () => {
  for (const method of Object.keys(BODIES)) expect(scaffolded).toContain(`async ${method}() {`);
  expect(await typecheck(scaffolded)).toBe('');
});

it('types the bodies written in place of the stubs by the handler interface', async () => {
  expect(await typecheck(filled(BODIES))).toBe('');
});

it('refuses an event the route does not declare, and a file answer of another media type', async () => {
  const output = await typecheck(
    filled({
      watchAppointments: BODIES['watchAppointments']!.replace("event: 'cancelled'", "event: 'moved'"),
      getPhoto: BODIES['getPhoto']!.replace('image/png', 'image/gif'),
    }),
  );
  expect(output).toMatch(/clinic-api\.ts\(\d+,\d+\): error TS2322: Type '"moved"' is not assignable/);
  expect(output).toMatch(/clinic-api\.ts\(\d+,\d+\): error TS2322: .*mediaType: "image\/gif".* is not assignable/);
});
