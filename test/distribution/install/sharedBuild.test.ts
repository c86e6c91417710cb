import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { contentKey, folderParts, sharedBuild } from '../../support/sharedBuild.ts';

// How the tarball and the images are shared by the tests of one run (test/support/sharedBuild.ts),
// shown on a build that writes a file: the askers at once make it once, the same content is handed
// the same build, changed content is never handed the older build, and a build that is gone is made again.

const tree = mkdtempSync(join(tmpdir(), 'bac-shared-build-tree-'));
const source = join(tree, 'source.txt');
const made: string[] = [];
let gone = false;

afterAll(() => rmSync(tree, { recursive: true, force: true }));

const copyOfSource = (): Promise<{ path: string; text: string }> =>
  sharedBuild({
    name: `copy-${process.pid}`,
    key: async () => contentKey(folderParts(tree)),
    make: async (folder) => {
      const text = readFileSync(source, 'utf8');
      made.push(text);
      // Slow enough that the other askers come while it is being made.
      await new Promise((resolve) => setTimeout(resolve, 200));
      writeFileSync(join(folder, 'copy.txt'), text);
      return { path: join(folder, 'copy.txt'), text };
    },
    stillThere: async () => !gone,
  });

test('askers at once are handed one build; changed content gets a new one; a build that is gone is made again', async () => {
  writeFileSync(source, 'first');
  const firsts = await Promise.all([copyOfSource(), copyOfSource(), copyOfSource()]);
  expect(made).toEqual(['first']);
  expect(new Set(firsts.map((build) => build.path)).size).toBe(1);
  expect(readFileSync(firsts[0]?.path as string, 'utf8')).toBe('first');

  writeFileSync(source, 'second');
  const second = await copyOfSource();
  expect(made).toEqual(['first', 'second']);
  expect(readFileSync(second.path, 'utf8')).toBe('second');

  writeFileSync(source, 'first');
  expect((await copyOfSource()).path).toBe(firsts[0]?.path);
  expect(made).toEqual(['first', 'second']);

  gone = true;
  await copyOfSource();
  expect(made).toEqual(['first', 'second', 'first']);
});
