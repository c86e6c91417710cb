import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { ResultsDocument } from '../../verdict/resultsDocument.ts';
import { runCli } from '../cli/cliProcess.ts';
import { LISTS_EVENTS_ONCE, unbentClient } from './oneLineClient.ts';

// Issue 49, item 5: `client --baseline FILE`, as `run --baseline` takes it (verdict/expectedFailures.ts):
// a known failure of the client does not fail the run and is listed; an entry that no longer fails
// does; a baseline that cannot be read, or names a requirement the client command does not judge,
// is one line, exit 2, before the client is run (the unknown id with the closest one).

const dir = mkdtempSync(join(tmpdir(), 'client-baseline-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A client that resends an event with no body (4.4 gives the body as an empty JSON object): a CL-RESEND-EMPTY-OBJECT FAIL. */
const BODILESS_RESEND = `${LISTS_EVENTS_ONCE} await (await fetch(process.env.BANKING_API_BASE_URL + '/events/1', { method: 'POST', headers: { authorization: 'Bearer ' + process.env.BANKING_API_TOKEN } })).text();`;

function baseline(name: string, requirement: string): string {
  const path = join(dir, name);
  writeFileSync(
    path,
    `expectedFailures:\n  - requirement: ${requirement}\n    reason: our SDK resends with no body\n    tracking: https://example.invalid/issues/1\n`,
  );
  return path;
}

const withBaseline = (path: string, script: string, reports: string) => {
  const args = unbentClient(join(dir, reports), script);
  return runCli([...args.slice(0, 1), '--baseline', path, ...args.slice(1)]);
};

describe('client --baseline', () => {
  test('a known failure of the client: CONFORMANT, exit 0, the failure listed as known', async () => {
    const result = await withBaseline(baseline('known.yaml', 'CL-RESEND-EMPTY-OBJECT'), BODILESS_RESEND, 'known');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Known failure (baseline): CL-RESEND-EMPTY-OBJECT: our SDK resends with no body');
    const document = JSON.parse(readFileSync(join(dir, 'known', 'results.json'), 'utf8')) as ResultsDocument;
    expect(document.requirements.find((one) => one.id === 'CL-RESEND-EMPTY-OBJECT')?.outcome).toBe('FAIL');
    expect(document.verdict).toBe('conformant');
    expect(document.baseline?.known.map((entry) => entry.requirement)).toEqual(['CL-RESEND-EMPTY-OBJECT']);
    expect(document.replayArguments?.slice(0, 4)).toEqual(['--plan', 'none', '--baseline', join(dir, 'known.yaml')]);
  });

  test('an entry that no longer fails is stale: NON-CONFORMANT, exit 1, saying to remove it', async () => {
    const result = await withBaseline(baseline('stale.yaml', 'CL-RESEND-EMPTY-OBJECT'), LISTS_EVENTS_ONCE, 'stale');
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('STALE baseline entry: CL-RESEND-EMPTY-OBJECT no longer fails; remove it');
  });

  test('a requirement the client command does not judge: one line naming the closest, exit 2, before the client runs', async () => {
    const result = await withBaseline(baseline('typo.yaml', 'CL-RESEND-EMPTY-OBJCT'), LISTS_EVENTS_ONCE, 'typo');
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toEqual([
      `banking-api-conformance: baseline ${join(dir, 'typo.yaml')}: expectedFailures.0.requirement: 'CL-RESEND-EMPTY-OBJCT' is no requirement this command judges (did you mean CL-RESEND-EMPTY-OBJECT?)`,
    ]);
  });

  test('a baseline that cannot be read: one line, exit 2', async () => {
    const missing = join(dir, 'missing.yaml');
    const result = await withBaseline(missing, LISTS_EVENTS_ONCE, 'missing');
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain(`--baseline ${missing} cannot be read (ENOENT)`);
  });
});
