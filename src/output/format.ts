// Formats the generated files that ask for it (a page from a project's own template) with
// prettier, loaded only then, its tables unpadded as in every docs page; every other file is
// already in its final form and only gets LF line ends and a final line end.
import type { GeneratedFile } from '../emitters/contract.js';
import { compactTables } from '../emitters/docs/markdown-table.js';
import { PRETTIER_OPTIONS } from '../emitters/shared/format-options.js';

export async function formatFiles(files: readonly GeneratedFile[]): Promise<{ path: string; content: string }[]> {
  const prettier = files.some((file) => file.format) ? await import('prettier') : undefined;
  return Promise.all(
    files.map(async ({ path, content, format }) => {
      if (!format || !prettier) return { path, content: normalize(content) };
      const text = await prettier.format(content, { ...PRETTIER_OPTIONS, filepath: path });
      return { path, content: path.endsWith('.md') ? (compactTables(text) ?? text) : text };
    }),
  );
}

function normalize(content: string): string {
  // Generated text rarely holds a carriage return, and looking for one is hundreds of times
  // cheaper than a replace over megabytes that finds nothing.
  const lf = content.includes('\r') ? content.replace(/\r\n?/g, '\n') : content;
  return lf.endsWith('\n') ? lf : `${lf}\n`;
}
