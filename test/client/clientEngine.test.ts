import { describe, expect, test } from 'vitest';
import { runCli } from '../cli/cliProcess.ts';
import { schemaRegistry } from '../../contract/catalogue/schemaRegistry.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clientResults, runClient } from '../../client/clientRun.ts';
import { CLIENT_ITEMS } from '../../client/requestJudge.ts';
import type { EngineEvent } from '../../harness/engine/engineEvents.ts';
import { SecretRedactor } from '../../harness/records/secretRedactor.ts';

// The client is one of the engine's subjects (client/clientSubject.ts): a client run tells the
// faces the events a run tells them, subject `client`, a report per item, each report's
// records the ones results.json judges; the receiver cases of its webhook come before, told live
// while it runs, a segment of subject `receiver` (client/clientWebhooks.ts).

describe('the client through the engine', () => {
  test('run-started (subject client), a item-final per item, run-finished; the reports are what the document judges', async () => {
    const events: EngineEvent[] = [];
    const command = [process.execPath, 'examples/reference-client/index.mjs'];
    const run = await runClient(
      { command },
      { say: () => {}, redactor: new SecretRedactor(), listener: (event) => void events.push(event) },
    );
    // The client's own segment is the last: its items are judged once its command has exited.
    const started = events.filter((event) => event.type === 'run-started').at(-1);
    expect(started).toMatchObject({ subject: 'client' });
    const finals = events.filter((event) => event.type === 'item-final' && event.report.subject === 'client');
    expect(finals).toHaveLength(CLIENT_ITEMS.length);
    expect(events.at(-1)?.type).toBe('run-finished');
    const clientReports = run.reports.filter((report) => report.subject === 'client');
    expect(clientReports.map((report) => report.itemId)).toEqual(CLIENT_ITEMS.map((item) => item.id));
    expect(run.reports.slice(0, CLIENT_ITEMS.length)).toEqual(clientReports);
    // The reference client cleans up: nothing Enabled or Active is left once it exits.
    const left = run.reports.flatMap((report) => report.records).find((record) => record.requirementId === 'CL-LEFT-BEHIND');
    expect(left?.observed).toEqual({ enabledWebhooks: 0, activeRules: 0 });
    const document = clientResults(command, run, { suiteVersion: 'test' });
    expect(document.verdict).toBe('conformant');
    expect(document.itemIds.slice(0, CLIENT_ITEMS.length)).toEqual(CLIENT_ITEMS.map((item) => item.id));
  });

  test('client --events - streams the engine events on standard output, each valid against the published schema', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'client-events-'));
    try {
      const result = await runCli([
        'client',
        '--report-dir',
        dir,
        '--events',
        '-',
        '--',
        process.execPath,
        'examples/reference-client/index.mjs',
      ]);
      expect(result.code).toBe(0);
      const events = result.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { type: string; subject?: string; report?: { subject: string } });
      expect(events[0]).toMatchObject({ type: 'run-started' });
      expect(events.filter((event) => event.type === 'run-started').at(-1)).toMatchObject({ subject: 'client' });
      const finals = events.filter((event) => event.type === 'item-final' && event.report?.subject === 'client');
      expect(finals).toHaveLength(CLIENT_ITEMS.length);
      const registry = schemaRegistry();
      expect(events.filter((event) => registry.validate('harness/engine-events', event).violations.length > 0)).toEqual([]);
      // The command's own lines went to standard error.
      expect(result.stderr).toContain('Verdict: CONFORMANT');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
