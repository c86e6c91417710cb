import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { NO_WEBHOOK } from '../../client/clientWebhooks.ts';
import type { ResultsDocument } from '../../verdict/resultsDocument.ts';
import { runCli } from '../cli/cliProcess.ts';
import { LISTS_EVENTS_ONCE, unbentClient } from './oneLineClient.ts';

// Issue 49, item 6: a client that creates no webhook is told so in one line, not a progress line
// per receiver case and a SKIP row per RC requirement; its verdict is the CL requirements'.

const dir = mkdtempSync(join(tmpdir(), 'client-no-webhook-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('a client that creates no webhook: one line saying so, no receiver progress, no RC requirement in results.json', async () => {
  const result = await runCli(unbentClient(dir, LISTS_EVENTS_ONCE));
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  expect(result.stdout.split('\n').filter((line) => line.includes(NO_WEBHOOK))).toHaveLength(1);
  expect(result.stdout).not.toMatch(/RC-|receiver\//);
  // Nor what an effects probe would add (test/client/clientNoEffectsProbe.test.ts): there is no receiver to judge.
  expect(result.stdout).not.toContain('Effects probe');
  const document = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as ResultsDocument;
  expect(document.requirements.filter((one) => one.id.startsWith('RC-'))).toEqual([]);
  expect(document.requirements.some((one) => one.id === 'CL-PAGE-LIMIT-BOUND')).toBe(true);
});
