import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect, test } from 'vitest';
import { PROJECT_ROOT } from '../cli/cliProcess.ts';
import { knownFiles } from './productFiles.ts';
import { NAMED_TEST_FOLDERS, PRODUCT_FOLDERS_OUTSIDE_PACKAGE } from './testFolders.ts';

// The test tree mirrors the product (test/tree/testFolders.ts says where a test goes): finding the
// tests of a module means opening its folder under test/, never searching.

const NAMED = NAMED_TEST_FOLDERS.map(([folder]) => folder);

/** The product's top folders: those the npm package carries whole, and the few outside it. */
function productTopFolders(): string[] {
  const { files } = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { files: string[] };
  const packaged = files.flatMap((entry) => /^([\w-]+)\/$/.exec(entry)?.[1] ?? []);
  return [...packaged, ...PRODUCT_FOLDERS_OUTSIDE_PACKAGE.map(([folder]) => folder)];
}

/** The folders of the test files, relative to test/ ('' for a file directly in it). */
const testFolders = (): string[] => [
  ...new Set(
    knownFiles()
      .filter((path) => path.startsWith('test/') && path.endsWith('.test.ts'))
      .map((path) => dirname(path).slice('test/'.length)),
  ),
];

const isFolder = (path: string): boolean => existsSync(path) && statSync(path).isDirectory();

test("every test file's folder mirrors a product folder, or is one of the named others", () => {
  const product = productTopFolders();
  const misplaced = testFolders().filter((folder) => {
    const top = folder.split('/')[0]!;
    if ((NAMED as readonly string[]).includes(top)) return false;
    return !product.includes(top) || !isFolder(join(PROJECT_ROOT, folder));
  });
  expect(misplaced.map((folder) => `test/${folder}/`)).toEqual([]);
});

test('each named folder holds tests and shares no name with a product folder', () => {
  const used = new Set(testFolders().map((folder) => folder.split('/')[0]));
  expect(NAMED.filter((folder) => !used.has(folder))).toEqual([]);
  expect(NAMED.filter((folder) => isFolder(join(PROJECT_ROOT, folder)))).toEqual([]);
  expect(PRODUCT_FOLDERS_OUTSIDE_PACKAGE.filter(([folder]) => !isFolder(join(PROJECT_ROOT, folder)))).toEqual([]);
});
