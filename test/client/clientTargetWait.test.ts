import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { PROJECT_ROOT } from '../cli/cliProcess.ts';
import { commandToExit } from '../support/childProcess.ts';
import { startVendorLikeEmulator, type VendorLikeEmulator } from '../support/vendorLikeEmulator.ts';
import { LISTS_EVENTS_ONCE } from './oneLineClient.ts';
import type { ResultsDocument } from '../../verdict/resultsDocument.ts';

// `client --wait --target MANIFEST`: a client started elsewhere is served the proxy in front of the
// manifest's target, told the variables to start it with and, for its token, the manifest's token
// variable (never a token); it is judged once it goes quiet, its calls having reached the target.

let upstream: VendorLikeEmulator;
const dir = mkdtempSync(join(tmpdir(), 'client-target-wait-'));

beforeAll(async () => {
  upstream = await startVendorLikeEmulator();
});
afterAll(async () => {
  await upstream?.emulator.close();
  rmSync(dir, { recursive: true, force: true });
});

test('serves the proxy, names the token variable and no token, and judges the client once it is quiet', async () => {
  const manifest = join(dir, 'target.json');
  const shipped = JSON.parse(readFileSync(upstream.manifestPath, 'utf8')) as Record<string, unknown>;
  writeFileSync(manifest, JSON.stringify({ ...shipped, $schema: undefined, baseUrl: upstream.url }));
  const reports = join(dir, 'reports');
  const args = ['client', '--wait', '--idle', '1', '--target', manifest, '--plan', 'none', '--report-dir', reports];
  const child = spawn(process.execPath, [`${PROJECT_ROOT}/bin/banking-api-conformance.mjs`, ...args], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, ...upstream.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  const lines: string[] = [];
  await new Promise<void>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      lines.push(line);
      if (line.startsWith('Waiting for your client')) resolve();
    });
    void exited.then((code) => reject(new Error(`client --wait exited ${code} before waiting: ${lines.join('\n')}`)));
  });
  const variables: Record<string, string> = {};
  for (const line of lines) {
    const printed = /^ {2}(BANKING_API_\w+)=(\S+)$/.exec(line);
    if (printed) variables[printed[1]!] = printed[2]!;
  }
  expect(lines).toContain(
    "  BANKING_API_TOKEN: the value of $BANKING_EMULATOR_TOKEN, the manifest's token variable (this command prints no token)",
  );
  expect(variables).toMatchObject({ BANKING_API_ACCOUNT_ID: '10001', BANKING_API_DEPOSIT_PRODUCT_ID: '7001' });
  expect(variables.BANKING_API_BASE_URL).not.toBe(upstream.url);
  const token = upstream.env.BANKING_EMULATOR_TOKEN!;
  const client = await commandToExit(process.execPath, ['--input-type=module', '-e', LISTS_EVENTS_ONCE], {
    env: { ...variables, BANKING_API_TOKEN: token },
  });
  expect(client.code).toBe(0);
  expect(await exited).toBe(0);
  const document = JSON.parse(readFileSync(join(reports, 'results.json'), 'utf8')) as ResultsDocument;
  const exercised = document.requirements.find((one) => one.id === 'CL-OPERATIONS-EXERCISED');
  expect(exercised?.outcome).toBe('OBSERVED');
  expect(lines.join('\n')).not.toContain(token);
});
