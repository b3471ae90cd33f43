// prettier's document printer (`printDocToString`, prettier 3), for the documents svcgen's printer builds:
// the same layout decisions, made without prettier's per-command objects, indentation queues and
// cursor bookkeeping. prettier's printer was a seventh of a cold run of four interfaces; this one saves
// about half of that (docs/performance.md, "Cold runs of four interfaces"). It knows the document kinds
// print-*.ts use (text, arrays, group with conditional states, indent, align by a string or a width,
// line, if-break, fill, break-parent); a document with anything else, or with text whose width is not its
// length (anything outside printable ASCII), is printed by prettier itself. test/emitters/layout.test.ts
// holds the two to the same text.
import { printer, type builders } from 'prettier/doc';
import { PRETTIER_OPTIONS } from '../format-options.js';

type Doc = builders.Doc;
type Node = Exclude<Doc, string | readonly Doc[]> & Record<string, unknown>;
type Indentation = { readonly value: string; readonly deeper: Map<string, Indentation> };

const BREAK = 0;
const FLAT = 1;
const WIDTH = PRETTIER_OPTIONS.printWidth;
const ONE_LEVEL = ' '.repeat(PRETTIER_OPTIONS.tabWidth);
/** Text whose width prettier measures by code point (wide, zero-width and control characters). */
const NOT_PRINTABLE_ASCII = /[^\x20-\x7F]/;
const OPTIONS = { ...PRETTIER_OPTIONS, parser: 'typescript' } as Parameters<typeof printer.printDocToString>[1];

class UsePrettier extends Error {}

/** `doc` laid out at svcgen's print width, as prettier's printDocToString lays it out. */
export function printDoc(doc: Doc): string {
  try {
    propagateBreaks(doc);
    return new Layout().print(doc);
  } catch (error) {
    if (!(error instanceof UsePrettier)) throw error;
    return printer.printDocToString(doc, OPTIONS).formatted;
  }
}

/** Marks each group that holds a hard line break as broken, and each group around a broken one (prettier's rule). */
function propagateBreaks(root: Doc): void {
  const groups: Node[] = [];
  const visited = new Set<Node>();
  const breakParent = () => {
    const parent = groups.at(-1);
    if (parent && !parent.expandedStates && !parent.break) parent.break = 'propagated';
  };
  const EXIT = {};
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const doc = stack.pop();
    if (doc === EXIT) {
      const group = groups.pop() as Node;
      if (group.break) breakParent();
      continue;
    }
    if (typeof doc === 'string') continue;
    if (Array.isArray(doc)) {
      for (let index = doc.length - 1; index >= 0; index -= 1) stack.push(doc[index]);
      continue;
    }
    const node = doc as Node;
    switch (node.type) {
      case 'break-parent':
        breakParent();
        break;
      case 'group': {
        stack.push(EXIT);
        groups.push(node);
        if (visited.has(node)) break;
        visited.add(node);
        const states = node.expandedStates as Doc[] | undefined;
        if (states) for (let index = states.length - 1; index >= 0; index -= 1) stack.push(states[index]);
        else stack.push(node.contents);
        break;
      }
      case 'fill':
        for (let index = (node.parts as Doc[]).length - 1; index >= 0; index -= 1)
          stack.push((node.parts as Doc[])[index]);
        break;
      case 'if-break':
        // Decided by a named group's mode: prettier's.
        if (node.groupId !== undefined) throw new UsePrettier();
        stack.push(node.flatContents, node.breakContents);
        break;
      case 'indent':
      case 'align':
        stack.push(node.contents);
        break;
      case 'line':
        break;
      default:
        throw new UsePrettier();
    }
  }
}

/** One run of the printer: a stack of commands (document, indentation, mode, how far into a fill) in four arrays. */
class Layout {
  private readonly docs: Doc[] = [];
  private readonly indents: Indentation[] = [];
  private readonly modes: number[] = [];
  private readonly fillOffsets: number[] = [];
  /** Text up to the last line break that trimmed the line before it; then the text since. */
  private readonly settled: string[] = [];
  private current = '';
  private position = 0;
  private remeasure = false;
  private readonly root: Indentation = { value: '', deeper: new Map() };

  print(doc: Doc): string {
    this.push(doc, this.root, BREAK, 0);
    while (this.docs.length > 0) {
      const doc = this.docs.pop() as Doc;
      const indent = this.indents.pop() as Indentation;
      const mode = this.modes.pop() as number;
      const offset = this.fillOffsets.pop() as number;
      this.step(doc, indent, mode, offset);
    }
    return this.settled.join('') + this.current;
  }

  private push(doc: Doc, indent: Indentation, mode: number, offset = 0): void {
    this.docs.push(doc);
    this.indents.push(indent);
    this.modes.push(mode);
    this.fillOffsets.push(offset);
  }

  private step(doc: Doc, indent: Indentation, mode: number, offset: number): void {
    if (typeof doc === 'string') {
      this.current += doc;
      this.position += width(doc);
      return;
    }
    if (Array.isArray(doc)) {
      for (let index = doc.length - 1; index >= 0; index -= 1) this.push(doc[index] as Doc, indent, mode);
      return;
    }
    const node = doc as Node;
    switch (node.type) {
      case 'indent':
        return this.push(node.contents as Doc, deeper(indent, ONE_LEVEL), mode);
      case 'align':
        return this.push(node.contents as Doc, aligned(indent, node.n), mode);
      case 'group':
        return this.group(node, indent, mode);
      case 'fill':
        return this.fill(node, indent, mode, offset);
      case 'if-break': {
        const contents = (mode === BREAK ? node.breakContents : node.flatContents) as Doc | undefined;
        if (contents) this.push(contents, indent, mode);
        return;
      }
      case 'line':
        return this.lineBreak(node, indent, mode);
      case 'break-parent':
        return;
      default:
        throw new UsePrettier();
    }
  }

  private group(node: Node, indent: Indentation, mode: number): void {
    const contents = node.contents as Doc;
    if (mode === FLAT && !this.remeasure) return this.push(contents, indent, node.break ? BREAK : FLAT);
    this.remeasure = false;
    const remaining = WIDTH - this.position;
    if (!node.break && this.fits(contents, FLAT, 0, remaining, false)) return this.push(contents, indent, FLAT);
    const states = node.expandedStates as Doc[] | undefined;
    if (!states) return this.push(contents, indent, BREAK);
    if (!node.break)
      for (let index = 1; index < states.length - 1; index += 1)
        if (this.fits(states[index] as Doc, FLAT, 0, remaining, false))
          return this.push(states[index] as Doc, indent, FLAT);
    this.push(states.at(-1) as Doc, indent, BREAK);
  }

  /** Content and separator pairs: each separator flat when the next content fits after it on the line. */
  private fill(node: Node, indent: Indentation, mode: number, offset: number): void {
    const parts = node.parts as Doc[];
    const length = parts.length - offset;
    if (length === 0) return;
    const remaining = WIDTH - this.position;
    const content = parts[offset] as Doc;
    const contentFits = this.fitsAlone(content, remaining);
    if (length === 1) return this.push(content, indent, contentFits ? FLAT : BREAK);
    const separator = parts[offset + 1] as Doc;
    if (length === 2) {
      this.push(separator, indent, contentFits ? FLAT : BREAK);
      return this.push(content, indent, contentFits ? FLAT : BREAK);
    }
    this.push(node as Doc, indent, mode, offset + 2);
    const bothFit = this.fitsAlone([content, separator, parts[offset + 2] as Doc], remaining);
    this.push(separator, indent, bothFit ? FLAT : BREAK);
    this.push(content, indent, bothFit || contentFits ? FLAT : BREAK);
  }

  private lineBreak(node: Node, indent: Indentation, mode: number): void {
    if (mode === FLAT) {
      if (!node.hard) {
        if (!node.soft) {
          this.current += ' ';
          this.position += 1;
        }
        return;
      }
      this.remeasure = true;
    }
    if (node.literal) {
      this.current += '\n';
      this.position = 0;
      return;
    }
    this.settled.push(trimEnd(this.current));
    this.current = `\n${indent.value}`;
    this.position = indent.value.length;
  }

  private fitsAlone(doc: Doc, remaining: number): boolean {
    return this.fits(doc, FLAT, 0, remaining, true);
  }

  /**
   * Whether `doc` in `mode`, then the commands waiting on the stack, reach a line break within `remaining`
   * columns (prettier's `fits`; `mustBeFlat`: a broken group does not fit, and the stack is not read).
   */
  private fits(doc: Doc, mode: number, offset: number, remaining: number, mustBeFlat: boolean): boolean {
    let restIndex = mustBeFlat ? 0 : this.docs.length;
    let pendingSpace = false;
    const docs: Doc[] = [doc];
    const modes: number[] = [mode];
    const offsets: number[] = [offset];
    while (remaining >= 0) {
      if (docs.length === 0) {
        if (restIndex === 0) return true;
        restIndex -= 1;
        docs.push(this.docs[restIndex] as Doc);
        modes.push(this.modes[restIndex] as number);
        offsets.push(this.fillOffsets[restIndex] as number);
        continue;
      }
      const current = docs.pop() as Doc;
      const currentMode = modes.pop() as number;
      const start = offsets.pop() as number;
      if (typeof current === 'string') {
        if (current) {
          if (pendingSpace) {
            remaining -= 1;
            pendingSpace = false;
          }
          remaining -= width(current);
        }
        continue;
      }
      const parts = Array.isArray(current)
        ? current
        : (current as Node).type === 'fill'
          ? (current as Node).parts
          : undefined;
      if (parts) {
        for (let index = (parts as Doc[]).length - 1; index >= start; index -= 1) {
          docs.push((parts as Doc[])[index] as Doc);
          modes.push(currentMode);
          offsets.push(0);
        }
        continue;
      }
      const node = current as Node;
      let next: Doc | undefined;
      let nextMode = currentMode;
      switch (node.type) {
        case 'indent':
        case 'align':
          next = node.contents as Doc;
          break;
        case 'group': {
          if (mustBeFlat && node.break) return false;
          nextMode = node.break ? BREAK : currentMode;
          const states = node.expandedStates as Doc[] | undefined;
          next = states && nextMode === BREAK ? (states.at(-1) as Doc) : (node.contents as Doc);
          break;
        }
        case 'if-break':
          next = (currentMode === BREAK ? node.breakContents : node.flatContents) as Doc | undefined;
          break;
        case 'line':
          if (currentMode === BREAK || node.hard) return true;
          if (!node.soft) pendingSpace = true;
          break;
        case 'break-parent':
          break;
        default:
          throw new UsePrettier();
      }
      if (next) {
        docs.push(next);
        modes.push(nextMode);
        offsets.push(0);
      }
    }
    return false;
  }
}

/** Printed width: the length of printable ASCII; prettier measures anything else. */
function width(text: string): number {
  if (NOT_PRINTABLE_ASCII.test(text)) throw new UsePrettier();
  return text.length;
}

/** `indent` with `text` after it, made once per printer run and reused. */
function deeper(indent: Indentation, text: string): Indentation {
  let found = indent.deeper.get(text);
  if (!found) indent.deeper.set(text, (found = { value: indent.value + text, deeper: new Map() }));
  return found;
}

/** prettier's align: by a string, or by a width of spaces. */
function aligned(indent: Indentation, by: unknown): Indentation {
  if (typeof by === 'string') return deeper(indent, by);
  if (typeof by === 'number' && Number.isInteger(by) && by >= 0)
    return by === 0 ? indent : deeper(indent, ' '.repeat(by));
  throw new UsePrettier();
}

/** The text without the spaces and tabs at its end (prettier trims them before a line break). */
function trimEnd(text: string): string {
  let end = text.length;
  while (end > 0 && (text[end - 1] === ' ' || text[end - 1] === '\t')) end -= 1;
  return end === text.length ? text : text.slice(0, end);
}
