import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestResult } from 'allure-js-commons';
import { afterEach, expect, test } from 'vitest';
import { DeferredAllureWriter } from '../../report/allureDeferredWriter.ts';

// The run's Allure files are written off the main thread: settled() resolves once
// every one is on disk, and a file that could not be written is named, never lost.

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const scratch = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'allure-writer-'));
  dirs.push(dir);
  return dir;
};

test('results and attachments are on disk once settled() resolves', async () => {
  const dir = scratch();
  const writer = new DeferredAllureWriter(dir);
  writer.writeResult({ uuid: 'r1', name: 'a scenario' } as TestResult);
  writer.writeAttachment('a1-attachment.txt', Buffer.from('PASS AU-TOKEN-REQUIRED'));
  await writer.settled();
  expect(JSON.parse(readFileSync(join(dir, 'r1-result.json'), 'utf8'))).toMatchObject({ uuid: 'r1', name: 'a scenario' });
  expect(readFileSync(join(dir, 'a1-attachment.txt'), 'utf8')).toBe('PASS AU-TOKEN-REQUIRED');
});

test('a file that cannot be written makes settled() reject, naming it', async () => {
  const writer = new DeferredAllureWriter(join(scratch(), 'missing-directory'));
  writer.writeAttachment('a2-attachment.txt', Buffer.from('x'));
  await expect(writer.settled()).rejects.toThrow(
    /1 Allure result file\(s\) could not be written, the first .*missing-directory\/a2-attachment\.txt: ENOENT/,
  );
});
