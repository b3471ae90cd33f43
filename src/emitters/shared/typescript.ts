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
  const file = sharedProject().createSourceFile(path, { statements: statements.map(withSafeDocs) }, { overwrite: true });
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

/**
 * Every doc comment of a structure, at any depth, with "*\/" written "*\\/": descriptions and
 * titles come from the definitions, and a "*\/" in one would end the comment and let the rest
 * of the text become code.
 */
function withSafeDocs<T>(structure: T): T {
  if (Array.isArray(structure)) return structure.map(withSafeDocs) as T;
  if (structure === null || typeof structure !== 'object') return structure;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(structure)) {
    copy[key] = key === 'docs' && Array.isArray(value) ? value.map(safeDoc) : withSafeDocs(value);
  }
  return copy as T;
}

function safeDoc(doc: unknown): unknown {
  if (typeof doc === 'string') return doc.replace(/\*\//g, '*\\/');
  if (doc !== null && typeof doc === 'object' && typeof (doc as { description?: unknown }).description === 'string') {
    return { ...doc, description: (doc as { description: string }).description.replace(/\*\//g, '*\\/') };
  }
  return doc;
}

/** A JSDoc block's text for a description, or nothing. */
export function docs(description: string | undefined): string[] {
  return description ? [description] : [];
}
