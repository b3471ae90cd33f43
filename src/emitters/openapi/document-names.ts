// The components of a whole document. Walking the operations in order, and the calls of each
// component it builds depth first, the first call for an owner names it (unique within its
// section: a clash gets the qualifier, e.g. the owning module, in front, then a number) and
// builds it. Then the holes in the printed text get the names.
import { compareCodePoints, pascalCase } from '../../ir/names.js';
import { PrintedJson, writeObject, type WriteMember } from '../shared/json.js';
import type { SectionName } from './components.js';
import {
  buildComponent,
  type Calls,
  type ComponentRequest,
  type JsonParts,
  type LiveCall,
  type PrintedComponent,
} from './printed-operation.js';

/** Where the components an operation calls for come from. */
export interface ComponentSource {
  /** The component a call asks for, printed, and its own calls. */
  component(request: ComponentRequest, live: LiveCall | undefined): { printed: PrintedComponent; calls: Calls };
}

/** Builds each component from its live call (an operation built in this run, not remembered). */
export const buildNow: ComponentSource = {
  component: (request, live) => {
    if (!live) throw new Error(`openapi: ${request[1]} cannot be built from a remembered call`);
    return buildComponent(live);
  },
};

class NamedSection {
  readonly byOwner = new Map<string, string>();
  readonly byName = new Map<string, JsonParts>();

  has(owner: string): boolean {
    return this.byOwner.has(owner);
  }

  /** Names a new owner; its text comes once it is built. */
  name(owner: string, preferred: string, qualifier: string | null): string {
    const name = this.uniqueName(preferred, qualifier);
    this.byOwner.set(owner, name);
    this.byName.set(name, []);
    return name;
  }

  private uniqueName(preferred: string, qualifier: string | null): string {
    if (!this.byName.has(preferred)) return preferred;
    const qualified = qualifier ? `${pascalCase(qualifier)}${preferred}` : preferred;
    let name = qualified;
    for (let index = 2; this.byName.has(name); index += 1) name = `${qualified}${index}`;
    return name;
  }
}

export class DocumentComponents {
  private readonly sections: Record<SectionName, NamedSection> = {
    schemas: new NamedSection(),
    responses: new NamedSection(),
    examples: new NamedSection(),
  };
  private readonly refs = new Map<string, string>();

  /** Names and builds what the calls reach that has no name yet, in call order, depth first. */
  add(calls: Calls, source: ComponentSource): void {
    calls.requests.forEach((request, index) => {
      const [section, owner, preferred, qualifier] = request;
      const named = this.sections[section];
      if (named.has(owner)) return;
      // Named before it is built, so the components it calls for come after it.
      const name = named.name(owner, preferred, qualifier);
      const { printed, calls: own } = source.component(request, calls.live?.[index]);
      named.byName.set(name, printed.text);
      this.add(own, source);
    });
  }

  size(section: SectionName): number {
    return this.sections[section].byName.size;
  }

  /** A section's components by name, in code-point order of the names, printed at `indent`. */
  section(section: SectionName, indent: number): PrintedJson {
    const members = [...this.sections[section].byName]
      .sort(([a], [b]) => compareCodePoints(a, b))
      .map(([name, parts]): [string, WriteMember] => [name, (out) => this.write(parts, out)]);
    return new PrintedJson((out) => writeObject(members, indent, out), indent);
  }

  /** Writes printed text into `out` with its holes filled with the $refs of the named components. */
  write(parts: JsonParts, out: string[]): void {
    for (let index = 0; index < parts.length; index += 1)
      out.push(index % 2 === 1 ? this.ref(parts[index] as string) : (parts[index] as string));
  }

  /** A hole's text: the $ref as a JSON string (the same few thousand holes recur in every operation). */
  private ref(hole: string): string {
    let ref = this.refs.get(hole);
    if (ref === undefined) {
      const space = hole.indexOf(' ');
      const section = hole.slice(0, space) as SectionName;
      const name = this.sections[section].byOwner.get(hole.slice(space + 1));
      if (name === undefined) throw new Error(`openapi: no component for ${hole}`);
      ref = JSON.stringify(`#/components/${section}/${name}`);
      this.refs.set(hole, ref);
    }
    return ref;
  }
}
