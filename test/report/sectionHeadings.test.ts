import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { headingsOfDocuments, SHIPPED_HEADINGS_PATH, sectionIndex } from '../../report/sectionTitles.ts';

// The report's section titles ship with the package (contract/facts/sectionHeadings.json),
// read once from the documents beside the project: the shipped copy MUST be what
// the documents say today (`npm run spec:headings` writes it again).

const SPEC_DIR = fileURLToPath(new URL('../../../shared/spec/', import.meta.url));

test('the shipped section headings are those of the documents', () => {
  expect(JSON.parse(readFileSync(SHIPPED_HEADINGS_PATH, 'utf8')), 'run npm run spec:headings').toEqual(headingsOfDocuments(SPEC_DIR));
});

test('the index gives a section its title and its place in the document', () => {
  const index = sectionIndex();
  expect(index.title('api', '4.2')).toBeTruthy();
  expect(index.position('api', '4.1')).toBeLessThan(index.position('api', '4.2'));
  expect(index.position('api', '99.9')).toBe(Number.MAX_SAFE_INTEGER);
  expect(index.title('catalog', 'no such section')).toBeUndefined();
});
