// The API fuzzer's check of the opt-in msw emitter (issue 36): every route of each interface asked of its
// generated MSW handlers in process (test/helpers/msw-requests.ts, as test/frontend/msw-mocks.test.ts asks
// them), each answer's status and body judged by the emitted OpenAPI document with ajv.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RequestHandler } from 'msw';
import type { Ir } from '../../src/ir/types.js';
import { askMock, mockedRoutes, mockRequests } from '../../test/helpers/msw-requests.js';
import { OpenApiConformance } from '../../test/openapi/conformance.js';
import { judgedText } from './drive.js';

/** Undefined when every mocked answer conforms; otherwise the first finding, named by interface and request. */
export async function checkMocks(outDir: string, ir: Ir): Promise<string | undefined> {
  for (const module of ir.modules.filter((candidate) => candidate.interface !== undefined)) {
    const dir = join(outDir, module.name);
    const load = async (file: string) =>
      (await import(pathToFileURL(join(dir, file)).href)) as Readonly<Record<string, unknown>>;
    const handlers = (await load('msw.ts'))['defaultHandlers'] as RequestHandler[];
    const document = JSON.parse(await readFile(join(dir, 'openapi.json'), 'utf8')) as Record<string, unknown>;
    const conformance = new OpenApiConformance(module.name, document);
    for (const route of mockedRoutes(await load('metadata.ts'))) {
      for (const request of mockRequests(route)) {
        const at = `mocks: ${module.name}: ${request.method} ${request.target}`;
        const answer = await askMock(handlers, request);
        if (answer === undefined) return `${at}: no MSW handler answered`;
        const text = judgedText(answer.header('content-type'), answer.text);
        const found = conformance.violations({ method: request.method, path: request.target, ...answer, text });
        if (found.length > 0) return `${at}\n    ${found.join('\n    ')}`;
      }
    }
  }
  return undefined;
}
