// `svcgen diff` as a pull-request check runs it: against a folder and against a git ref, in the
// three formats, with --fail-on breaking deciding the exit code.
import { execFileSync } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BASE_DEFINITION, editedDefinition, lineOf, removeDir, runCli, tempDir, writeText } from './helpers.js';

let dir: string;
beforeEach(async () => {
  dir = await tempDir('svcgen-diff-cli-');
  await writeText(join(dir, 'old', 'shop.yaml'), BASE_DEFINITION);
});
afterEach(async () => {
  await removeDir(dir);
});

const withoutName = () => editedDefinition((d) => delete d.records.item.fields.name);

describe('svcgen diff --base <folder>', () => {
  it('exits 1 with --fail-on breaking when a field is removed, naming the field and where it was', async () => {
    await writeText(join(dir, 'definitions', 'shop.yaml'), withoutName());
    const result = await runCli(['diff', '--base', 'old', '--fail-on', 'breaking'], dir);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    const fields = lineOf(BASE_DEFINITION, 'item:');
    const line = lineOf(BASE_DEFINITION, 'name:', fields);
    expect(result.stdout).toContain(
      `old/shop.yaml:${line}:7  field shop.item.name: required field removed (in requests and responses) [required-field-removed]`,
    );
    expect(result.stdout).toMatch(
      /^svcgen diff against old: 1 change\(s\), 1 breaking for clients, 1 breaking for servers\n/,
    );
    expect(result.stdout).toContain('Breaking for clients and servers:');
  });

  it('exits 0 without --fail-on, whatever the changes', async () => {
    await writeText(join(dir, 'definitions', 'shop.yaml'), withoutName());
    const result = await runCli(['diff', '--base', 'old'], dir);
    expect(result.code).toBe(0);
  });

  it('exits 0 with --fail-on breaking when an optional field is added to a response, and lists it as non-breaking', async () => {
    const text = editedDefinition((d) => (d.records.receipt.fields.note = { type: 'string', required: false }));
    await writeText(join(dir, 'definitions', 'shop.yaml'), text);
    const result = await runCli(['diff', '--base', 'old', '--fail-on', 'breaking'], dir);
    expect(result.code).toBe(0);
    const line = lineOf(text, 'note:', lineOf(text, 'receipt:'));
    expect(result.stdout).toContain('Non-breaking:');
    expect(result.stdout).toContain(
      `definitions/shop.yaml:${line}:7  field shop.receipt.note: optional field added (in responses) [field-added-optional]`,
    );
    expect(result.stdout).not.toContain('Breaking');
  });

  it('fails on one side only with --fail-on breaking-for-clients or breaking-for-servers', async () => {
    // An optional request body member: a server from the base refuses it, no client breaks.
    await writeText(
      join(dir, 'definitions', 'shop.yaml'),
      editedDefinition((d) => (d.records.item.fields.color = { type: 'string', required: false })),
    );
    const clients = await runCli(['diff', '--base', 'old', '--fail-on', 'breaking-for-clients'], dir);
    expect(clients.code).toBe(0);
    expect(clients.stdout).toContain('Breaking for servers:');
    const servers = await runCli(['diff', '--base', 'old', '--fail-on', 'breaking-for-servers'], dir);
    expect(servers.code).toBe(1);
  });

  it('writes a pull-request comment with --format markdown: summary first, then a table', async () => {
    await writeText(
      join(dir, 'definitions', 'shop.yaml'),
      editedDefinition((d) => {
        delete d.records.item.fields.name;
        d.records.item.fields.color = { type: 'string', required: false };
        d.records.receipt.fields.tax = { type: 'number' };
      }),
    );
    const result = await runCli(['diff', '--base', 'old', '--format', 'markdown'], dir);
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('### svcgen: definition changes');
    expect(lines[2]).toBe(
      '**3 breaking change(s)**: **1** breaking for clients, **3** breaking for servers; 3 change(s) in all against `old`.',
    );
    expect(lines[4]).toBe('| Clients | Servers | Change | Where |');
    expect(lines.slice(6)).toHaveLength(3);
    expect(lines[6]).toMatch(
      /^\| \*\*breaking\*\* \| \*\*breaking\*\* \| `field shop\.item\.name`: required field removed .* \| `old\/shop\.yaml:\d+:7` \(base\) \|$/,
    );
    // A member added to a request body is refused by a server from the base (bodies are checked strictly).
    expect(lines[7]).toMatch(
      /^\| non-breaking \| \*\*breaking\*\* \| `field shop\.(receipt\.tax`: required|item\.color`: optional) field added/,
    );
    expect(lines[8]).toMatch(
      /^\| non-breaking \| \*\*breaking\*\* \| `field shop\.(receipt\.tax`: required|item\.color`: optional) field added/,
    );
  });

  it('says so when nothing changed', async () => {
    await writeText(join(dir, 'definitions', 'shop.yaml'), BASE_DEFINITION);
    const markdown = await runCli(['diff', '--base', 'old', '--format', 'markdown', '--fail-on', 'breaking'], dir);
    expect(markdown.code).toBe(0);
    expect(markdown.stdout).toContain('No changes to the definitions against `old`.');
  });

  it('writes a machine-readable report with --format json', async () => {
    await writeText(join(dir, 'definitions', 'shop.yaml'), withoutName());
    const result = await runCli(['diff', '--base', 'old', '--format', 'json'], dir);
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as { base: unknown; summary: unknown; changes: Record<string, unknown>[] };
    expect(report.base).toEqual({ kind: 'folder', label: 'old' });
    expect(report.summary).toEqual({ changes: 1, breakingForClients: 1, breakingForServers: 1, breaking: 1 });
    expect(report.changes[0]).toMatchObject({
      kind: 'required-field-removed',
      subject: 'field shop.item.name',
      location: { file: 'old/shop.yaml', side: 'base', column: 7 },
      directions: ['request', 'response'],
      client: 'breaking',
      server: 'breaking',
    });
  });

  it('is a clear error, exit 1, when the base definitions are invalid', async () => {
    await writeText(
      join(dir, 'old', 'shop.yaml'),
      BASE_DEFINITION.replace('type: integer\n        readOnly: true', 'type: integr\n        readOnly: true'),
    );
    await writeText(join(dir, 'definitions', 'shop.yaml'), BASE_DEFINITION);
    const result = await runCli(['diff', '--base', 'old'], dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^old\/shop\.yaml:\d+:\d+ SVC\d+ /m);
    expect(result.stderr).toContain('svcgen: the base definitions (old) are invalid');
    expect(result.stdout).toBe('');
  });

  it.each([
    { args: ['diff'], message: 'diff needs --base' },
    { args: ['diff', '--base', 'old', '--format', 'xml'], message: '--format xml is not a format' },
    { args: ['diff', '--base', 'old', '--fail-on', 'anything'], message: '--fail-on anything is not supported' },
    { args: ['generate', '--base', 'old'], message: '--base does not apply to generate' },
    { args: ['diff', '--base', 'no-such-folder-or-ref'], message: 'is not a folder, and' },
  ])('exits 2 on $args', async ({ args, message }) => {
    await writeText(join(dir, 'definitions', 'shop.yaml'), BASE_DEFINITION);
    const result = await runCli(args, dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
  });
});

describe('svcgen diff --base <git ref>', () => {
  const git = (cwd: string, ...args: string[]) =>
    execFileSync(
      'git',
      ['-c', 'user.name=svcgen test', '-c', 'user.email=test@svcgen.invalid', '-c', 'commit.gpgsign=false', ...args],
      { cwd, encoding: 'utf8' },
    );
  const nested = join('services', 'shop', 'definitions');

  beforeEach(async () => {
    git(dir, 'init', '-q', '-b', 'main');
    await writeText(join(dir, nested, 'shop.yaml'), BASE_DEFINITION);
    await writeText(join(dir, nested, 'notes.txt'), 'not a definition\n');
    git(dir, 'add', '.');
    git(dir, 'commit', '-q', '-m', 'base');
    await writeText(join(dir, nested, 'shop.yaml'), withoutName());
  });

  it('reads the definitions folder at the ref (nested in the repo) without checking it out', async () => {
    const result = await runCli(['diff', '--base', 'main', '--definitions', nested, '--fail-on', 'breaking'], dir);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    const line = lineOf(BASE_DEFINITION, 'name:', lineOf(BASE_DEFINITION, 'item:'));
    expect(result.stdout).toContain(
      `main:services/shop/definitions/shop.yaml:${line}:7  field shop.item.name: required field removed`,
    );
    // The working tree is untouched: the field is still gone there.
    expect(git(dir, 'status', '--porcelain')).toBe(' M services/shop/definitions/shop.yaml\n');
  });

  it('works from a subfolder of the repo, with HEAD and a commit hash', async () => {
    const cwd = join(dir, 'services', 'shop');
    const hash = git(dir, 'rev-parse', 'HEAD').trim();
    for (const ref of ['HEAD', hash]) {
      const result = await runCli(['diff', '--base', ref, '--format', 'json'], cwd);
      expect(result.code).toBe(0);
      const report = JSON.parse(result.stdout) as {
        base: unknown;
        changes: { kind: string; location: { file: string } }[];
      };
      expect(report.base).toEqual({ kind: 'git', label: `${ref}:services/shop/definitions` });
      expect(report.changes.map((change) => [change.kind, change.location.file])).toEqual([
        ['required-field-removed', `${ref}:services/shop/definitions/shop.yaml`],
      ]);
    }
  });

  it('lists a base without the definitions folder as everything added', async () => {
    const emptyTree = execFileSync('git', ['mktree'], { cwd: dir, input: '', encoding: 'utf8' }).trim();
    git(dir, 'branch', 'empty', git(dir, 'commit-tree', emptyTree, '-m', 'empty').trim());
    const result = await runCli(
      ['diff', '--base', 'empty', '--definitions', nested, '--format', 'json', '--fail-on', 'breaking'],
      dir,
    );
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as { changes: { kind: string }[] };
    expect(new Set(report.changes.map((change) => change.kind))).toEqual(
      new Set(['record-added', 'interface-added', 'auth-scheme-added', 'error-added']),
    );
  });

  it('exits 2 on a ref git does not know', async () => {
    const result = await runCli(['diff', '--base', 'no-such-branch', '--definitions', nested], dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('base "no-such-branch" is neither a folder nor a git ref');
    expect(result.stderr).not.toContain('did you mean');
  });

  it('names the nearest branch or tag for a mistyped base (issue 38)', async () => {
    const result = await runCli(['diff', '--base', 'mian', '--definitions', nested], dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('base "mian" is neither a folder nor a git ref (did you mean main? expected');
  });

  it('exits 1 when the definitions at the ref are invalid', async () => {
    await mkdir(join(dir, nested), { recursive: true });
    await writeText(join(dir, nested, 'shop.yaml'), 'name: [unclosed\n');
    git(dir, 'commit', '-q', '-am', 'broken');
    await writeText(join(dir, nested, 'shop.yaml'), BASE_DEFINITION);
    const result = await runCli(['diff', '--base', 'HEAD', '--definitions', nested], dir);
    expect(result.code).toBe(1);
    // The place holds a colon (ref:path), so it is quoted: a name can never pass for a line and column.
    expect(result.stderr).toMatch(/^"HEAD:services\/shop\/definitions\/shop\.yaml":\d+:\d+ SVC002 /m);
    expect(result.stderr).toContain('svcgen: the base definitions (HEAD:services/shop/definitions) are invalid');
  });
});
