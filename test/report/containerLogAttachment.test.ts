import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import type { ContainerRunRecord } from '../../container/containerTarget.ts';
import { CONTAINER_LOG_FILE } from '../../container/targetImageRun.ts';
import { attachContainerLog } from '../../report/allureContainerLog.ts';

// The run writes a container target's (redacted) log to DIR/container.log; the Allure
// reporter attaches that file to every test of the run as a set-up fixture.

let dir: string | undefined;
afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

const record: ContainerRunRecord = {
  image: { name: 'emulator:test', id: 'sha256:abc', repoDigests: [] },
  containerId: 'c1',
  network: 'host',
  reaper: 'disabled',
  startedAt: '2026-01-01T00:00:00.000Z',
  startupMs: 1200,
  envNames: ['PORT'],
  logTail: ['listening'],
  logLineCount: 2,
};

test('the container log in the report directory becomes the Allure attachment of every test of the run', () => {
  dir = mkdtempSync(join(tmpdir(), 'bac-container-log-'));
  mkdirSync(join(dir, 'allure-results'));
  writeFileSync(join(dir, 'allure-results', 'one-result.json'), '{}');
  writeFileSync(join(dir, CONTAINER_LOG_FILE), 'starting\nlistening\n');
  const container = JSON.parse(readFileSync(attachContainerLog(dir, record), 'utf8'));
  expect(container.children).toEqual(['one']);
  const [attachment] = container.befores[0].attachments;
  expect(readFileSync(join(dir, 'allure-results', attachment.source), 'utf8')).toBe('starting\nlistening\n');
  expect(readdirSync(join(dir, 'allure-results')).filter((name) => name.endsWith('-container.json'))).toHaveLength(1);
});
