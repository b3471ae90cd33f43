// The components of a whole document. Walking the operations in order, and the calls of each
// component it builds depth first, the first call for an owner names it (unique within its
// section: a clash gets the qualifier, e.g. the owning module, in front, then a number) and
// builds it. Then the holes in the printed text get the names.
import { compareCodePoints, pascalCase } from '../../ir/names.js';
import { PrintedJson, writeObject, type WriteMember } from '../shared/json.js';
import type { Built, Call, JsonParts, SectionName } from './components.js';

/** Where the components an operation calls for come from: the one a call asks for, printed, and its own calls. */
export type ComponentSource = (call: Call) => Built;

/** Builds each component from its live call (an operation built in this run, not remembered). */
export const buildNow: ComponentSource = ({ request, build }) => {
  if (!build) throw new Error(`openapi: ${request[1]} cannot be built from a remembered call`);
  return build();
};

export class DocumentComponents {
  /** Each section's components: printed text by name (empty until the component is built). */
  private readonly texts: Record<SectionName, Map<string, JsonParts>> = {
    schemas: new Map(),
    responses: new Map(),
    examples: new Map(),
  };
  /** The $ref of each named component as a JSON string, by its hole ("<section> <owner>"). */
  private readonly refs = new Map<string, string>();

  /** Names and builds what the calls reach that has no name yet, in call order, depth first. */
  add(calls: readonly Call[], source: ComponentSource): void {
    for (const call of calls) {
      const [section, owner, preferred, qualifier] = call.request;
      const hole = `${section} ${owner}`;
      if (this.refs.has(hole)) continue;
      const texts = this.texts[section];
      const name = uniqueName(texts, preferred, qualifier);
      // Named before it is built, so the components it calls for come after it.
      this.refs.set(hole, JSON.stringify(`#/components/${section}/${name}`));
      texts.set(name, []);
      const { printed, calls: own } = source(call);
      texts.set(name, printed.text);
      this.add(own, source);
    }
  }

  size(section: SectionName): number {
    return this.texts[section].size;
  }

  /** A section's components by name, in code-point order of the names, printed at `indent`. */
  section(section: SectionName, indent: number): PrintedJson {
    const members = [...this.texts[section]]
      .sort(([a], [b]) => compareCodePoints(a, b))
      .map(([name, parts]): [string, WriteMember] => [name, (out) => this.write(parts, out)]);
    return new PrintedJson((out) => writeObject(members, indent, out), indent);
  }

  /** Writes printed text into `out` with its holes filled with the $refs of the named components. */
  write(parts: JsonParts, out: string[]): void {
    for (let index = 0; index < parts.length; index += 1) {
      if (index % 2 === 0) out.push(parts[index] as string);
      else {
        const ref = this.refs.get(parts[index] as string);
        if (ref === undefined) throw new Error(`openapi: no component for ${parts[index]}`);
        out.push(ref);
      }
    }
  }
}

function uniqueName(taken: ReadonlyMap<string, unknown>, preferred: string, qualifier: string | null): string {
  if (!taken.has(preferred)) return preferred;
  const qualified = qualifier ? `${pascalCase(qualifier)}${preferred}` : preferred;
  let name = qualified;
  for (let index = 2; taken.has(name); index += 1) name = `${qualified}${index}`;
  return name;
}
