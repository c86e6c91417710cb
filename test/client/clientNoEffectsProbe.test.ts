import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { runCli } from '../cli/cliProcess.ts';
import { receiverElsewhere, webhookClientCommand } from './webhookElsewhere.ts';

// Issue 49, item 7: without --effects, what the receiver of the client's webhook processed is not
// judged, and the summary says so once, with the option that would judge it, instead of a SKIP row
// per requirement (test/client/clientNoWebhook.test.ts: with no webhook, nothing about it at all).

const PROCESSED = ['RC-DUPLICATE-PROCESSED-ONCE', 'RC-BATCH-PROCESSED-ONCE', 'RC-SIGNATURE-NOT-PROCESSED'];

const dir = mkdtempSync(join(tmpdir(), 'client-no-effects-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('a judged receiver without --effects: one summary line names the option and the requirements it would judge', async () => {
  const { receiver, environment } = await receiverElsewhere();
  try {
    const result = await runCli(['client', '--plan', 'none', '--report-dir', dir, '--', ...webhookClientCommand()], {
      ...environment,
      NO_COLOR: '1',
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const said = result.stdout.split('\n').filter((line) => line.includes('--effects'));
    expect(said).toEqual([
      `  SKIP       Effects probe: none (--effects URL): 3 receiver requirements about what your receiver processed: ${PROCESSED.join(', ')}`,
    ]);
    // Each of them only on that line: no row of its own.
    for (const id of PROCESSED) expect(result.stdout.split('\n').filter((line) => line.includes(id))).toEqual(said);
  } finally {
    await receiver.close();
  }
});
