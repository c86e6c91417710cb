import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { PROJECT_ROOT } from '../cli/cliProcess.ts';
import { literalsOf } from './codeLiterals.ts';
import { knownFiles } from './productFiles.ts';

// Every command the CLI suggests is written in cli/suggestions.ts, where
// test/cli/printedSuggestions.test.ts runs each in the setting it is printed in. This test reads
// cli/'s code for a literal that writes one elsewhere (an `npx ` or `npm install` command, a
// "Next:" line) and names file:line, so a new suggestion cannot escape being run.

const REGISTRY = 'cli/suggestions.ts';
const SUGGESTION = /(?:^|[\s`(])(?:npx \S|npm (?:install|ci|run|exec)\b)|\bNext:/;

const suggestionsIn = (source: string, path: string): string[] =>
  literalsOf(source, path)
    .filter(({ text }) => SUGGESTION.test(text))
    .map(({ line, text }) => `${path}:${line}: ${text}`);

test('no command is suggested in cli/ outside cli/suggestions.ts', () => {
  const files = knownFiles().filter((path) => path.startsWith('cli/') && path.endsWith('.ts') && path !== REGISTRY);
  expect(files.length).toBeGreaterThan(10);
  const found = files.flatMap((path) => suggestionsIn(readFileSync(join(PROJECT_ROOT, path), 'utf8'), path));
  expect(found).toEqual([]);
});

test('a suggestion planted in a literal is found; one in a comment is not', () => {
  const planted = [
    '// Next: npx banking-api-conformance run, said in a comment',
    'write(`Next: ${command}`);',
    "throw new SetupError('start `npx banking-api-emulator --port 8080` first');",
    "const hint = 'then npm install --save-dev allure';",
  ].join('\n');
  expect(suggestionsIn(planted, 'cli/planted.ts').map((entry) => entry.split(':')[1])).toEqual(['2', '3', '4']);
  expect(suggestionsIn(readFileSync(join(PROJECT_ROOT, REGISTRY), 'utf8'), REGISTRY).length).toBeGreaterThan(0);
});
