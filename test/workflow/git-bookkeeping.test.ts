// svcgen's bookkeeping never fights git: a fresh clone's generate leaves no diff, and two pull
// requests that change different records merge without conflict into a tree `check` accepts.
// Real git and the real CLI (`node dist/cli.js`; run `npm run build` first) in temporary folders.
import { execFile } from 'node:child_process';
import { readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { removeDir, ROOT, runCli, tempDir, writeText } from './helpers.js';

const SLOW = 240_000;
const exec = promisify(execFile);
const GIT_ENV = {
  ...process.env,
  GIT_AUTHOR_NAME: 'svcgen test',
  GIT_AUTHOR_EMAIL: 'test@example.invalid',
  GIT_COMMITTER_NAME: 'svcgen test',
  GIT_COMMITTER_EMAIL: 'test@example.invalid',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
};

let dir: string | undefined;

afterEach(async () => {
  if (dir) await removeDir(dir);
  dir = undefined;
});

async function git(cwd: string, ...args: string[]): Promise<string> {
  return (await exec('git', args, { cwd, env: GIT_ENV })).stdout;
}

describe('a fresh clone', () => {
  it("is clean after the README's npm run generate", { timeout: SLOW }, async () => {
    dir = await tempDir('svcgen-clone-');
    const clone = join(dir, 'svcgen');
    await git(dir, 'clone', '--quiet', '--local', ROOT, clone);
    // The packages the README's `npm install` would bring: this checkout's own.
    await symlink(join(ROOT, 'node_modules'), join(clone, 'node_modules'));
    const generated = await exec('npm', ['run', 'generate'], { cwd: clone, env: GIT_ENV });
    expect(generated.stdout).toMatch(/svcgen: (wrote 0 file\(s\), deleted 0|generated is up to date)/);
    // node_modules is a link here, which .gitignore's "node_modules/" does not cover: look past it.
    const status = (await git(clone, 'status', '--porcelain'))
      .split('\n')
      .filter((line) => line !== '' && line !== '?? node_modules');
    expect(status).toEqual([]);
    await git(clone, 'diff', '--exit-code');
  });
});

describe('two pull requests that change different records', () => {
  it('merge without conflict, and the merged tree passes check', { timeout: SLOW }, async () => {
    dir = await tempDir('svcgen-merge-');
    const repo = dir;
    const definition = join(repo, 'definitions', 'library-api.yaml');
    await writeText(definition, LIBRARY_API);
    // As in any Node repo: svcgen's caches (node_modules/.cache/svcgen) are not committed.
    await writeText(join(repo, '.gitignore'), 'node_modules/\n');
    await git(repo, 'init', '--quiet', '--initial-branch=main');
    await generateAndCommit(repo, 'Library API');
    const base = await snapshot(repo);

    await git(repo, 'checkout', '--quiet', '-b', 'authors');
    await writeFile(definition, LIBRARY_API.replace(AUTHOR_ANCHOR, `${AUTHOR_ANCHOR}\n${AUTHOR_FIELD}`));
    await generateAndCommit(repo, 'Authors get a website');
    const authors = await changedFiles(repo, 'main');

    await git(repo, 'checkout', '--quiet', '-b', 'loans', 'main');
    await writeFile(definition, LIBRARY_API.replace(LOAN_ANCHOR, `${LOAN_ANCHOR}\n${LOAN_FIELD}`));
    await generateAndCommit(repo, 'Loans can be renewed');
    const loans = await changedFiles(repo, 'main');

    // Both branches change the same generated files, and neither touches the manifest.
    expect(authors.filter((path) => loans.includes(path) && path.startsWith('generated/')).length).toBeGreaterThan(2);
    expect([...authors, ...loans]).not.toContain('generated/.svcgen-manifest');

    await git(repo, 'checkout', '--quiet', 'authors');
    const merge = await git(repo, 'merge', '--no-edit', 'loans').catch(
      async (error: { stdout: string }) => `${error.stdout}${await git(repo, 'diff')}`,
    );
    expect(merge).not.toContain('CONFLICT');
    const merged = await readFile(definition, 'utf8');
    expect(merged).toContain(AUTHOR_FIELD);
    expect(merged).toContain(LOAN_FIELD);
    const check = await runCli(['check'], repo);
    expect(check.stderr).toBe('');
    expect(check.code).toBe(0);
    // And a generate on the merged tree has nothing to write.
    const again = await runCli(['generate'], repo);
    expect(again.stdout).toMatch(/wrote 0 file\(s\), deleted 0|is up to date/);
    expect(await git(repo, 'status', '--porcelain')).toBe('');
    expect(await snapshot(repo)).not.toEqual(base);
  });
});

async function generateAndCommit(repo: string, message: string): Promise<void> {
  const run = await runCli(['generate'], repo);
  expect(run.code, run.stderr).toBe(0);
  await git(repo, 'add', '-A');
  await git(repo, 'commit', '--quiet', '-m', message);
}

async function changedFiles(repo: string, base: string): Promise<string[]> {
  return (await git(repo, 'diff', '--name-only', base, 'HEAD')).split('\n').filter(Boolean);
}

async function snapshot(repo: string): Promise<string> {
  return git(repo, 'rev-parse', 'HEAD^{tree}');
}

const AUTHOR_ANCHOR = `      name:
        description: The author's name as printed.
        type: string`;
const AUTHOR_FIELD = `      website:
        description: The author's own site.
        type: string
        required: false`;
const LOAN_ANCHOR = `      dueDate:
        description: The day the book is due back.
        type: date`;
const LOAN_FIELD = `      renewals:
        description: How many times the loan was renewed.
        type: integer
        required: false`;

/** A small interface of another domain than the shop's: four records, two routes. */
const LIBRARY_API = `name: library-api

interface:
  title: Library API
  description: Books, their authors, members and loans.
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
  unauthorized:
    status: 401
    message: Invalid or missing key

records:
  author:
    description: Someone who wrote books.
    fields:
      id:
        type: integer
        readOnly: true
${AUTHOR_ANCHOR}
      born:
        description: The year of birth.
        type: integer
        required: false
  book:
    description: A title the library holds.
    fields:
      id:
        type: integer
        readOnly: true
      title:
        description: The title on the cover.
        type: string
      authorId:
        description: Who wrote it.
        type: integer
      isbn:
        description: The ISBN-13.
        type: string
        required: false
      pages:
        description: Number of pages.
        type: integer
        required: false
  member:
    description: Someone who borrows books.
    fields:
      id:
        type: integer
        readOnly: true
      name:
        description: The member's full name.
        type: string
      email:
        description: Where reminders go.
        type: string
  loan:
    description: A book lent to a member.
    fields:
      id:
        type: integer
        readOnly: true
      bookId:
        description: The book lent.
        type: integer
      memberId:
        description: The member who borrowed it.
        type: integer
${LOAN_ANCHOR}

routes:
  listBooks:
    description: Lists the books.
    method: GET
    path: /books
    auth: apiKey
    responses:
      "200":
        description: The books.
        body: { type: list, items: { type: record, record: book } }
    errors: [badRequest, unauthorized]
  lendBook:
    description: Lends a book to a member.
    method: POST
    path: /loans
    auth: apiKey
    body: { type: record, record: loan, omit: [id] }
    responses:
      "201":
        description: The new loan.
        body: { type: record, record: loan }
    errors: [badRequest, unauthorized]
  getAuthor:
    description: One author.
    method: GET
    path: /authors/{id}
    auth: apiKey
    pathParams:
      id:
        description: The author's id.
        type: integer
        coerce: true
    responses:
      "200":
        description: The author.
        body: { type: record, record: author }
    errors: [badRequest, unauthorized]
`;
