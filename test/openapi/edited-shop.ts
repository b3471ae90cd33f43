// The shop fixture with one edit, generated into a folder of its own (definitions/ and out/), for tests
// that judge what one odd construct turns into.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { generate } from '../../src/index.js';
import { common, edited, shop, yamlText, type JsonObject } from '../reliability/definition-builders.js';

export type ShopEdit = (doc: JsonObject & Record<string, any>) => void;

/** Writes shop.yaml edited by `edit` and common.yaml under `root`, and generates into `root/out`. */
export async function generateEditedShop(root: string, edit: ShopEdit) {
  await mkdir(join(root, 'definitions'), { recursive: true });
  await writeFile(join(root, 'definitions', 'shop.yaml'), yamlText(edited(shop(), edit as (doc: JsonObject) => void)));
  await writeFile(join(root, 'definitions', 'common.yaml'), yamlText(common()));
  return generate({ cwd: root, definitionsDir: 'definitions', outDir: 'out', gitattributes: false, cache: false });
}
