import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { firstWritableDirectory, moduleCacheDirectory } from './moduleCache.ts';

// vitest's module cache goes where a folder can be written, and nowhere when none can:
// a clone its user cannot write to still runs its tests, only without the cache.

const scratch = mkdtempSync(join(tmpdir(), 'module-cache-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// A path under a plain file can never be made, whoever runs the test (root included).
const blocked = join(scratch, 'a-file');
writeFileSync(blocked, 'not a folder');

test('the first folder that can be made and written is chosen', () => {
  const writable = join(scratch, 'cache');
  expect(firstWritableDirectory([join(blocked, 'cache'), writable])).toBe(writable);
  expect(firstWritableDirectory([writable, join(scratch, 'other')])).toBe(writable);
});

test('no folder at all when none can be written: the run goes on without a cache', () => {
  expect(firstWritableDirectory([join(blocked, 'one'), join(blocked, 'two')])).toBeUndefined();
});

test("the project's own cache folder is used where it can be written", () => {
  expect(moduleCacheDirectory()).toMatch(/node_modules\/\.vitest-module-cache$/);
});
