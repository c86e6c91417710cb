import { readFileSync } from 'node:fs';
import MarkdownIt from 'markdown-it';
import { expect, test } from 'vitest';
import { CLIENT_ENV } from '../../client/clientRun.ts';
import { PROJECT_ROOT } from '../cli/cliProcess.ts';

// The client guide as a reader's browser renders it (markdown-it, CommonMark with tables): every
// line written as a table row is a row of a rendered table, none left as raw text by a paragraph
// that splits a table; and the --wait recipe gives every variable the client is given but the
// token, which it mints (issue 49, item 6).

const GUIDE = 'docs/your-api-client.md';
const text = readFileSync(`${PROJECT_ROOT}/${GUIDE}`, 'utf8');
const tokens = new MarkdownIt().parse(text, {});
const rangesOf = (type: string) => tokens.filter((token) => token.type === type).map((token) => token.map ?? [0, 0]);

test(`every table row of ${GUIDE} renders in a table`, () => {
  const tables = rangesOf('table_open');
  const fences = rangesOf('fence');
  const within = (ranges: number[][], line: number) => ranges.some(([start = 0, end = 0]) => line >= start && line < end);
  const raw = text
    .split('\n')
    .map((line, index) => ({ line, index }))
    .filter(({ line, index }) => line.startsWith('|') && !within(fences, index) && !within(tables, index))
    .map(({ line, index }) => `${GUIDE}:${index + 1}: ${line.slice(0, 60)}`);
  expect(raw).toEqual([]);
  expect(tables.length).toBeGreaterThan(0);
});

test('the --wait recipe exports every variable the client is given', () => {
  const recipe = tokens.find((token) => token.type === 'fence' && token.content.includes(`export ${CLIENT_ENV.baseUrl}=`));
  const exported = [...(recipe?.content ?? '').matchAll(/^export (\w+)=/gm)].map((match) => match[1]).sort();
  expect(exported).toEqual(Object.values(CLIENT_ENV).sort());
});
