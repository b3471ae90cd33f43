// The components of a whole document, named from the whole set of calls for them: in each section,
// the calls sorted by preferred name, then owner; the first owner of a name gets it as it is, a
// clash gets the qualifier (e.g. the owning module) in front, then a number. So a name depends on
// which components the document holds, never on which operation asked first. Then the holes in the
// printed text get the names.
import { compareCodePoints, pascalCase } from '../../ir/names.js';
import { PrintedJson, writeObject, type WriteMember } from '../shared/json.js';
import { holeOf, type ComponentRequest, type JsonParts, type SectionName } from './components.js';

export class DocumentComponents {
  /** Each component's call and printed text, by hole ("<section> <owner>"). */
  private readonly found = new Map<string, { request: ComponentRequest; text: JsonParts | undefined }>();
  /** The $ref of each named component as a JSON string, by hole. */
  private readonly refs = new Map<string, string>();
  private readonly names: Record<SectionName, Map<string, JsonParts>> = {
    schemas: new Map(),
    responses: new Map(),
    examples: new Map(),
  };

  /** The calls for components not met before, noted (in order, each once). */
  newCalls(calls: readonly ComponentRequest[]): ComponentRequest[] {
    const fresh: ComponentRequest[] = [];
    for (const request of calls) {
      const hole = holeOf(request);
      if (this.found.has(hole)) continue;
      this.found.set(hole, { request, text: undefined });
      fresh.push(request);
    }
    return fresh;
  }

  /** A component's printed text. */
  set(request: ComponentRequest, text: JsonParts): void {
    this.found.set(holeOf(request), { request, text });
  }

  /** Names every component noted (once all are). */
  name(): void {
    const requests = [...this.found.values()].map(({ request }) => request);
    requests.sort((a, b) => compareCodePoints(a[2], b[2]) || compareCodePoints(a[1], b[1]));
    for (const request of requests) {
      const [section, , preferred, qualifier] = request;
      const texts = this.names[section];
      const name = uniqueName(texts, preferred, qualifier);
      this.refs.set(holeOf(request), JSON.stringify(`#/components/${section}/${name}`));
      texts.set(name, this.found.get(holeOf(request))?.text ?? []);
    }
  }

  size(section: SectionName): number {
    return this.names[section].size;
  }

  /** A section's components by name, in code-point order of the names, printed at `indent`. */
  section(section: SectionName, indent: number): PrintedJson {
    const members = [...this.names[section]]
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
