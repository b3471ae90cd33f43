// The generated TypeScript read back with ts-morph: it parses without a syntax error, and its
// declarations are the ones the IR calls for (one client method and one handler per route, and an iterator
// per list that pages).
import { join, resolve } from 'node:path';
import { Project } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { buildIrFromInputs } from '../../src/build-ir.js';
import { resolveConfig } from '../../src/config.js';
import { interfaceModules } from '../../src/emitters/contract.js';
import { collectInputs } from '../../src/inputs.js';
import { camelCase, pascalCase } from '../../src/ir/names.js';

const root = resolve(import.meta.dirname, '../..');

describe('generated TypeScript, read back with ts-morph', async () => {
  const ir = await buildIrFromInputs(await collectInputs(await resolveConfig({ cwd: root })));
  const project = new Project({ skipAddingFilesFromTsConfig: true, compilerOptions: { noEmit: true } });
  project.addSourceFilesAtPaths(join(root, 'generated/*/*.ts'));

  it.each(interfaceModules(ir).map((module) => ({ name: module.name, module })))(
    '$name: one client method and one handler per route',
    ({ module }) => {
      const routes = module.routes.map((route) => camelCase(route.name)).sort();
      const client = project.getSourceFileOrThrow(join(root, 'generated', module.name, 'client.ts'));
      const server = project.getSourceFileOrThrow(join(root, 'generated', module.name, 'server.ts'));
      const members = client.getClassOrThrow(`${pascalCase(module.name)}Client`).getMethods();
      // Beside its own method, a list that pages by `page` or `offset` has an iterator over all its records.
      const iterators = members.filter((method) => method.getReturnTypeNode()?.getText().startsWith('AsyncGenerator<'));
      for (const iterator of iterators) {
        const route = module.routes.find((candidate) => `${camelCase(candidate.name)}All` === iterator.getName());
        expect(route?.query.some((param) => param.name === 'page' || param.name === 'offset')).toBe(true);
      }
      const methods = members.filter((method) => !iterators.includes(method)).map((method) => method.getName());
      const handlers = server
        .getInterfaceOrThrow(`${pascalCase(module.name)}Handlers`)
        .getMethods()
        .map((method) => method.getName());
      expect([...methods].sort()).toEqual(routes);
      expect([...handlers].sort()).toEqual(routes);
    },
  );

  it('every generated file parses without a syntax error', () => {
    const files = project.getSourceFiles();
    expect(files.length).toBeGreaterThanOrEqual(20);
    for (const file of files) {
      const syntaxErrors = project.getProgram().compilerObject.getSyntacticDiagnostics(file.compilerNode);
      expect(
        syntaxErrors.map((diagnostic) => diagnostic.messageText),
        file.getFilePath(),
      ).toEqual([]);
    }
  });
});
