import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';

// Pages for users say what the suite does, not how the project tracks or tests it:
// no issue numbers and no test files. The pages about the suite's inside are for
// contributors and may name the tests that hold what they say.

const ROOT = join(import.meta.dirname, '../..');
const CONTRIBUTOR_PAGES = new Set([
  'development.md',
  'proving-the-verdicts.md',
  'architecture.md',
  'scenarios-and-checks.md',
  'emulator-design.md',
]);
const INTERNALS = [/\bissues? #?\d+/gi, /\btest\/[\w./-]*\.test\.ts\b/g, /\btest\/support\/[\w./-]+/g];

test('README.md and the user pages of docs/ name no issue number and no test file', () => {
  const pages = [
    'README.md',
    ...readdirSync(join(ROOT, 'docs'))
      .filter((name) => name.endsWith('.md') && !CONTRIBUTOR_PAGES.has(name))
      .map((name) => `docs/${name}`),
  ];
  expect(pages.length).toBeGreaterThan(10);
  const found = pages.flatMap((page) => {
    const text = readFileSync(join(ROOT, page), 'utf8');
    return INTERNALS.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => `${page}: ${match[0]}`));
  });
  expect(found).toEqual([]);
});
