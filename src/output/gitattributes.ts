// Keeps "<output folder>/** linguist-generated=true" in the working directory's .gitattributes, so
// pull-request views collapse generated files. Added once; every other line is left as it was.
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { replaceFile } from './replace-file.js';

/**
 * added: the line was written; present: a line for the folder was there already; skipped: the
 * folder is not below the working directory, or git ignores it (it never shows in a pull request).
 */
export type GitattributesOutcome = 'added' | 'present' | 'skipped';

export async function ensureLinguistGenerated(cwd: string, outDir: string): Promise<GitattributesOutcome> {
  const folder = relative(cwd, outDir).split(sep).join('/');
  if (folder === '' || folder.startsWith('../') || folder === '..' || /^[A-Za-z]:|^\//.test(folder)) return 'skipped';
  const pattern = `${folder}/**`;
  const path = join(cwd, '.gitattributes');
  const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) =>
    error.code === 'ENOENT' ? '' : Promise.reject(error),
  );
  if (mentionsPattern(text, pattern)) return 'present';
  if (await isIgnoredByGit(cwd, outDir)) return 'skipped';
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const separator = text === '' || text.endsWith('\n') ? '' : eol;
  await replaceFile(path, `${text}${separator}${quotePattern(pattern)} linguist-generated=true${eol}`);
  return 'added';
}

/**
 * A line with the same pattern (with or without a leading "/") that sets or unsets linguist-generated in any way: the
 * user's choice stands.
 */
function mentionsPattern(text: string, wanted: string): boolean {
  return text.split(/\r?\n/).some((existing) => {
    const { pattern, attributes } = splitLine(existing.trim());
    return (
      (pattern === wanted || pattern === `/${wanted}`) &&
      attributes.some((attribute) => /^[-!]?linguist-generated(=|$)/.test(attribute))
    );
  });
}

/** A gitattributes line → its pattern (unquoted) and attributes. */
function splitLine(line: string): { pattern: string; attributes: string[] } {
  const [, written = '', rest = ''] = /^("(?:[^"\\]|\\.)*"|\S*)(.*)$/s.exec(line) ?? [];
  let pattern = written;
  try {
    if (written.startsWith('"')) pattern = JSON.parse(written) as string;
  } catch {
    // C quoting that JSON does not read (e.g. octal escapes): compare it as written.
  }
  return { pattern, attributes: rest.split(/\s+/).filter(Boolean) };
}

/** Patterns with spaces or quotes are written C-style quoted, as gitattributes reads them. */
function quotePattern(pattern: string): string {
  return /[\s"\\]/.test(pattern) ? JSON.stringify(pattern) : pattern;
}

/** `git check-ignore`: true only when git runs and says the folder is ignored (not a repo, no git: false). */
function isIgnoredByGit(cwd: string, outDir: string): Promise<boolean> {
  return new Promise((resolve) => {
    execFile('git', ['check-ignore', '-q', '--', relative(cwd, outDir)], { cwd, timeout: 10_000 }, (error) =>
      resolve(error === null),
    );
  });
}
