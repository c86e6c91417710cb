import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { PROJECT_ROOT } from '../cli/cliProcess.ts';

// The run flows one way: cli/ parses arguments and calls run/ and report/;
// run/ (the pipeline) and report/ (the reporters) never import cli/, and run/
// never imports a reporter. Suite areas borrow nothing from each other.

function importsOf(folder: string): Array<{ file: string; from: string }> {
  const dir = join(PROJECT_ROOT, folder);
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .flatMap((name) => [...readFileSync(join(dir, name), 'utf8').matchAll(/from '([^']+)'/g)].map((match) => ({ file: `${folder}/${name}`, from: match[1]! })));
}

test('report/ and run/ never import cli/', () => {
  const upward = [...importsOf('report'), ...importsOf('run')].filter(({ from }) => /(^|\/)cli\//.test(from));
  expect(upward).toEqual([]);
});

test('run/ never imports a reporter from report/', () => {
  expect(importsOf('run').filter(({ from }) => /(^|\/)report\//.test(from))).toEqual([]);
});

test('a suite area never imports another area: what areas share lives in suites/shared/', () => {
  const borrowed = importsOf('suites')
    // Files directly in suites/ (the index, the one conformance file) are no area.
    .filter(({ file }) => !file.startsWith('suites/shared/') && file.split('/').length > 2)
    .filter(({ from }) => /^\.\.\/(?!shared\/|\.\.\/)[^/]+\//.test(from));
  expect(borrowed).toEqual([]);
});

test('receiver/ never imports cli/ or a reporter from report/; run/ never imports receiver/', () => {
  const upward = importsOf('receiver').filter(({ from }) => /(^|\/)(cli|report)\//.test(from));
  expect(upward).toEqual([]);
  expect(importsOf('run').filter(({ from }) => /(^|\/)receiver\//.test(from))).toEqual([]);
});
