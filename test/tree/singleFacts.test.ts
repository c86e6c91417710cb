import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { PROJECT_ROOT } from '../cli/cliProcess.ts';
import { copiesIn } from './literalCopies.ts';
import { codeFilesOutside, knownFiles } from './productFiles.ts';
import { type CopyFinder, SINGLE_FACTS } from './singleFacts.ts';

// Each fact of the documents is written once, in contract/facts/, and imported everywhere
// else: a second copy drifts from the first unseen. This test reads the product's
// code for a literal copy of a fact listed in singleFacts.ts and names file:line.
//
// Read: every code file git knows (tracked, or new and not ignored), outside the
// folders below. Only code is read (.ts .mts .js .mjs): YAML, JSON and Markdown
// cannot import contract/facts/ and prose is documentation. The JSON Schemas repeat the
// vocabularies as enums because editors and validators read them as they stand:
// the last test here holds every such enum to contract/facts/ (test/contract/catalogue/ holds the
// requirement-id pattern). Comments are not read either: a comment saying
// "20 MB" explains the code, it is no value the code runs on.
const NOT_PRODUCT: ReadonlyArray<[folder: string, why: string]> = [
  ['contract/facts/', 'where each fact is written'],
  ['test/', 'the tests state the values they expect on their own, so a wrong value in contract/facts/ fails them rather than spreading'],
  ['bench/', 'timing scripts, not shipped'],
  ['fixtures/', 'data the tests read, and a sample adapter written the way a user would write one'],
  ['examples/', 'code users copy: it stands alone by design and imports nothing of the suite'],
];
const productFiles = (): string[] => codeFilesOutside(NOT_PRODUCT);

test('no fact of contract/facts/ is written again in the product code', () => {
  const files = productFiles();
  // A filter gone wrong would pass by reading nothing.
  expect(files.some((path) => path.startsWith('emulator/'))).toBe(true);
  const copies = files.flatMap((path) =>
    copiesIn(readFileSync(join(PROJECT_ROOT, path), 'utf8'), path, SINGLE_FACTS).map(
      (copy) => `${path}:${copy.line} ${copy.fact.name} (${copy.fact.spec}): ${copy.code}`,
    ),
  );
  expect(copies, 'import the value from the contract/facts/ module named').toEqual([]);
});

/** Code that copies what the finder looks for, and code that only uses it; built from the spec's values. */
function samplesOf(finder: CopyFinder): { copies: string[]; uses: string[] } {
  switch (finder.kind) {
    case 'number':
      return {
        copies: [`const limit = ${finder.value};`, `const limit = ${finder.value - 1} + 1;`, `const id = 'upload/${finder.value}-bytes';`],
        uses: [`// at most ${finder.value} bytes`, `const limit = ${finder.value + 1};`],
      };
    case 'text':
      return {
        copies: [`const said = '${finder.example}';`, `const said = \`\${name}: ${finder.example}\`;`],
        uses: [`// ${finder.example}`, `/* ${finder.example} */ const said = 'nothing';`],
      };
    case 'list': {
      const [first, second] = finder.members as [string, string];
      const inRegex = (member: string) => member.replaceAll('/', '\\/');
      return {
        copies: [
          `const all = ['${first}', '${second}'] as const;`,
          `type One = '${first}' | '${second}';`,
          `const known = (value: string) => value === '${first}' || (value === '${second}');`,
          `program.option('--flag <value>', 'one of ${first} or ${second}');`,
          `const pattern = /^(${inRegex(first)}|${inRegex(second)})-/;`,
        ],
        uses: [
          `const chosen = { value: '${first}' };`,
          `// ${first} or ${second}`,
          `if (value === '${first}') other = '${second}';`,
          `const mixed = ['elsewhere', '${second}'];`,
          `const said = '${first}-ONE and ${second}-TWO';`,
        ],
      };
    }
  }
}

describe.each(SINGLE_FACTS.map((fact) => [fact.name, fact] as const))('%s', (_name, fact) => {
  const samples = fact.finders.map(samplesOf);
  test('a copy is found, on its line', () => {
    const missed = samples.flatMap(({ copies }) => copies).filter((code) => copiesIn(`\n${code}`, 'sample.ts', [fact]).length === 0);
    expect(missed).toEqual([]);
    expect(copiesIn(`\n${samples[0]!.copies[0]!}`, 'sample.ts', [fact]).map((copy) => copy.line)).toEqual([2]);
  });
  test('a use, a comment or a lookalike is not a copy', () => {
    const flagged = samples.flatMap(({ uses }) => uses).filter((code) => copiesIn(code, 'sample.ts', [fact]).length > 0);
    expect(flagged).toEqual([]);
  });
});

/** Every `enum` array in a JSON document, with where it sits. */
function enumsIn(value: unknown, at: string): Array<{ at: string; members: unknown[] }> {
  if (Array.isArray(value)) return value.flatMap((item, index) => enumsIn(item, `${at}/${index}`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    key === 'enum' && Array.isArray(inner) ? [{ at: `${at}/enum`, members: inner }] : enumsIn(inner, `${at}/${key}`),
  );
}

const VOCABULARIES = SINGLE_FACTS.flatMap((fact) =>
  fact.finders.flatMap((finder) => (finder.kind === 'list' ? [{ name: fact.name, members: finder.members }] : [])),
);

/** The enums that name two or more members of a vocabulary but not exactly its members. */
function enumsOffVocabulary(document: unknown): string[] {
  return enumsIn(document, '').flatMap(({ at, members }) =>
    VOCABULARIES.filter(({ members: vocabulary }) => members.filter((member) => vocabulary.includes(member as string)).length >= 2)
      .filter(({ members: vocabulary }) => members.length !== vocabulary.length || vocabulary.some((member) => !members.includes(member)))
      .map(({ name }) => `#${at}: ${JSON.stringify(members)} is not ${name}`),
  );
}

test('an enum of a JSON Schema that lists a vocabulary of contract/facts/ lists all of it and nothing else', () => {
  const schemas = knownFiles().filter((path) => path.startsWith('schemas/') && path.endsWith('.json'));
  expect(schemas.length).toBeGreaterThan(0);
  const wrong = schemas.flatMap((path) =>
    enumsOffVocabulary(JSON.parse(readFileSync(join(PROJECT_ROOT, path), 'utf8'))).map((found) => `${path}${found}`),
  );
  expect(wrong).toEqual([]);
});

test.each(VOCABULARIES.map((vocabulary) => [vocabulary.name, vocabulary.members] as const))(
  'an enum with a member beyond %s, or short of it, is found; the whole of it is not',
  (_name, members) => {
    const schema = (...values: string[]) => ({ properties: { chosen: { enum: values } } });
    // Of a two-member vocabulary, one member beside another value is a list of its own.
    expect(enumsOffVocabulary(schema(...members.slice(0, -1), 'other'))).toHaveLength(members.length > 2 ? 1 : 0);
    expect(enumsOffVocabulary(schema(...members, 'other'))).toHaveLength(1);
    expect(enumsOffVocabulary(schema(...[...members].reverse()))).toEqual([]);
  },
);
