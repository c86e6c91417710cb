import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { schemaRegistry } from '../../contract/catalogue/schemaRegistry.ts';
import { PROJECT_ROOT, runCli } from './cliProcess.ts';

// `init` writes a target manifest that validates, names its schema so an editor finds
// it from the manifest's folder, and says what to run next: from flags (--yes, or no
// terminal) or by asking on a terminal.

const dir = mkdtempSync(join(tmpdir(), 'bac-init-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const manifestAt = (path: string): Record<string, unknown> => JSON.parse(readFileSync(path, 'utf8'));

test('init --yes with flags writes a valid manifest and prints the next command', async () => {
  const output = join(dir, 'flags.json');
  const init = await runCli([
    'init',
    '--yes',
    '--output',
    output,
    '--base-url',
    'https://sandbox.example.invalid/v1',
    '--capabilities',
    'core,scopedTokens,webhookDelivery',
    '--token',
    'BANK_TOKEN',
    '--token',
    'BANK_TOKEN_READ=payments,webhooks',
    '--account-id',
    '10001',
    '--deposit-product-id',
    'p-1',
    '--account-opt-in',
    'CheckPayment',
    '--deposit-product-opt-in',
    '[]',
    '--sink-public-url',
    'https://tunnel.example.invalid',
  ]);
  expect(init.code, init.stderr).toBe(0);
  const manifest = manifestAt(output);
  expect(schemaRegistry().validate('harness/target-manifest', manifest).violations).toEqual([]);
  // Outside the package's project (here a temporary folder) no schema file is reachable: none is named, and init says so.
  expect(manifest).not.toHaveProperty('$schema');
  expect(init.stdout).toContain('checked against ');
  expect(init.stdout).toContain('it names no $schema');
  expect(manifest).toMatchObject({
    baseUrl: 'https://sandbox.example.invalid/v1',
    environment: 'sandbox',
    capabilities: ['core', 'scopedTokens', 'webhookDelivery'],
    tokens: [
      { env: 'BANK_TOKEN', scopes: ['payments', 'payments-write', 'webhooks', 'webhooks-write', 'events', 'events-write'] },
      { env: 'BANK_TOKEN_READ', scopes: ['payments', 'webhooks'] },
    ],
    fixtures: { accountId: '10001', depositProductId: 'p-1', accountOptIn: ['CheckPayment'], depositProductOptIn: [] },
    webhookSink: { publicUrl: 'https://tunnel.example.invalid' },
  });
  expect(init.stdout).toContain('export BANK_TOKEN_READ=...');
  expect(init.stdout).toContain(`Next: npx banking-api-conformance run --target ${output}`);
}, 180_000);

test('init refuses to overwrite, and names the field a bad answer breaks', async () => {
  const output = join(dir, 'flags.json');
  const again = await runCli(['init', '--yes', '--kind', 'sandbox', '--base-url', 'https://sandbox.example.invalid', '--output', output]);
  expect(again.code).toBe(2);
  expect(again.stderr).toContain('exists; choose another --output or add --force');
  const bad = await runCli([
    'init',
    '--yes',
    '--force',
    '--output',
    output,
    '--base-url',
    'https://sandbox.example.invalid',
    '--token',
    'T=payments,launch-missiles',
  ]);
  expect(bad.code).toBe(2);
  expect(bad.stderr).toContain('field tokens.0.scopes.1');
}, 180_000);

test('on a terminal, init asks each question the flags did not answer', async () => {
  const output = join(dir, 'asked.json');
  const answers = [
    'sandbox',
    'my sandbox',
    'https://api.example.invalid',
    '',
    'core,applications',
    'TOKEN_ALL TOKEN_NONE=',
    '42',
    '',
    '[]',
    '',
    '',
  ];
  const command = `${process.execPath} bin/banking-api-conformance.mjs init --output ${output}`;
  const child = spawn('script', ['-qec', command, '/dev/null'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let screen = '';
  let asked = 0;
  child.stdout.on('data', (chunk) => {
    screen += chunk;
    // Each question ends with its default in brackets and ": "; answer it when it shows.
    while ((screen.match(/\]: /g) ?? []).length > asked && asked < answers.length) child.stdin.write(`${answers[asked++]}\n`);
  });
  const code = await new Promise<number | null>((done) => child.on('close', done));
  expect(code, screen).toBe(0);
  expect(asked).toBe(answers.length);
  expect(screen).toContain("or sandbox (your vendor's) [embedded]: ");
  expect(screen).toContain('Base URL of the API [http://127.0.0.1:8080]: ');
  expect(manifestAt(output)).toMatchObject({
    name: 'my sandbox',
    baseUrl: 'https://api.example.invalid',
    environment: 'sandbox',
    capabilities: ['core', 'applications'],
    tokens: [{ env: 'TOKEN_ALL' }, { env: 'TOKEN_NONE', scopes: [] }],
    fixtures: { accountId: '42', accountOptIn: [] },
  });
  expect(manifestAt(output)).not.toHaveProperty('webhookSink');
}, 180_000);
