// Prints ts-morph structures to text: one in-memory project, each file built as one structure
// and printed once (never edited node by node, which would re-parse the file on every call).
import { IndentationText, Project, QuoteKind, type StatementStructures } from 'ts-morph';

let project: Project | undefined;

function sharedProject(): Project {
  project ??= new Project({
    useInMemoryFileSystem: true,
    manipulationSettings: { indentationText: IndentationText.TwoSpaces, quoteKind: QuoteKind.Single, useTrailingCommas: true },
  });
  return project;
}

export function printStatements(path: string, statements: readonly StatementStructures[]): string {
  const file = sharedProject().createSourceFile(path, { statements: [...statements] }, { overwrite: true });
  const text = file.getFullText();
  sharedProject().removeSourceFile(file);
  return separateDeclarations(text);
}

/** ts-morph separates interfaces by a blank line but not constants; every top-level declaration gets one. */
function separateDeclarations(text: string): string {
  const lines = text.split('\n');
  const out: string[] = [];
  for (const line of lines) {
    const previous = out.at(-1);
    const startsDeclaration = /^(\/\*\*|export |import )/.test(line);
    const continuesImports = line.startsWith('import ') && previous?.startsWith('import ');
    if (startsDeclaration && previous && !previous.endsWith('*/') && !continuesImports) out.push('');
    out.push(line);
  }
  return out.join('\n');
}

/** A JSDoc block's text for a description, or nothing. */
export function docs(description: string | undefined): string[] {
  return description ? [description] : [];
}
