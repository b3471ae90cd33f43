// An uploaded file's media type is typed by its route's declaration: a handler of an upload gets the union of the
// route's media types, a multipart file part those of its part, so that it needs no narrowing of its own. The type is
// honest: a request of another media type is refused with 415 before the handler (files.test.ts, multipart.test.ts).
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFixture, type GeneratedFixture } from '../helpers/generated-fixture.js';

let fixture: GeneratedFixture;

beforeAll(async () => {
  fixture = await generateFixture('media');
}, 120_000);

afterAll(async () => fixture?.remove());

describe("an upload's media type", () => {
  it("is the union of the route's media types, per file part in a form (strictest tsc)", async () => {
    await writeFile(
      join(fixture.dir, 'use.ts'),
      `import type { FilesApiHandlers } from './out/files-api/server.js';

type PutPhotoBody = Parameters<FilesApiHandlers['putPhoto']>[0]['body'];
type PostDocumentBody = Parameters<FilesApiHandlers['postDocument']>[0]['body'];
type PutArchiveBody = Parameters<FilesApiHandlers['putArchive']>[0]['body'];

export function photo(body: PutPhotoBody): 'image/png' | 'image/jpeg' {
  // @ts-expect-error the route does not take a GIF
  if (body.mediaType === 'image/gif') throw new Error('never');
  return body.mediaType;
}

export function archive(body: PutArchiveBody): 'application/octet-stream' {
  return body.mediaType;
}

export async function document(body: PostDocumentBody): Promise<string[]> {
  const seen: string[] = [];
  for await (const part of body) {
    if (part.kind === 'field') continue;
    if (part.name === 'scan') {
      const scan: 'application/pdf' | 'image/png' = part.file.mediaType;
      seen.push(scan);
    } else {
      const cover: 'image/png' = part.file.mediaType;
      // @ts-expect-error a cover is a PNG only
      const pdf: 'application/pdf' = part.file.mediaType;
      seen.push(cover, pdf);
    }
  }
  return seen;
}
`,
    );
    expect(await fixture.typecheck(['use.ts', 'out/**/*.ts'])).toEqual({ code: 0, output: '' });
  }, 120_000);
});
