import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { runCli } from './cliProcess.ts';

// A signing key that is not an Ed25519 private key in PKCS#8 PEM, or cannot be read, is
// a setup error (exit 2) in one line naming the file and what was expected, raised before
// the run starts (no target started, no report written), and the line holds nothing of
// the file's content.

const scratch = mkdtempSync(join(tmpdir(), 'bac-signing-key-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const keyFile = (name: string, content: string): string => {
  const path = join(scratch, name);
  writeFileSync(path, content, { mode: 0o600 });
  return path;
};
const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 });
const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const ed = generateKeyPairSync('ed25519');
const EXPECTED =
  /expected an Ed25519 private key in PKCS#8 PEM \(-----BEGIN PRIVATE KEY-----, as `openssl genpkey -algorithm ed25519` writes\)/;

const cases: Array<[name: string, file: string, says: RegExp]> = [
  ['a file that is not PEM', keyFile('notes.txt', 'my signing key is in the vault\n'), /is not a PEM file: /],
  ['an RSA key in PKCS#8', keyFile('rsa.pem', rsa.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string), /is an rsa key: /],
  [
    'an RSA key in PKCS#1',
    keyFile('rsa1.pem', rsa.privateKey.export({ type: 'pkcs1', format: 'pem' }) as string),
    /holds a "RSA PRIVATE KEY" PEM block, not PKCS#8: /,
  ],
  [
    'an EC key in SEC1',
    keyFile('ec.pem', ec.privateKey.export({ type: 'sec1', format: 'pem' }) as string),
    /holds a "EC PRIVATE KEY" PEM block, not PKCS#8: /,
  ],
  [
    'an encrypted PKCS#8 key',
    keyFile('encrypted.pem', ed.privateKey.export({ type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'secret' }) as string),
    /holds an encrypted private key: /,
  ],
  ['the public key', keyFile('public.pem', ed.publicKey.export({ type: 'spki', format: 'pem' }) as string), /holds a public key: /],
  [
    'a damaged PKCS#8 PEM',
    keyFile('damaged.pem', '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n'),
    /is not a readable PKCS#8 key: /,
  ],
];

/** The lines of base64 a PEM file holds: none may reach the output. */
const keyMaterial = (text: string): string[] => text.split('\n').filter((line) => /^[A-Za-z0-9+/=]{16,}$/.test(line));

test.each(cases)('%s: exit 2 before the run starts, one line naming the file and what was expected', async (_name, file, says) => {
  const reportDir = join(scratch, `reports-${_name.replace(/\W+/g, '-')}`);
  const started = Date.now();
  const run = await runCli(['run', '--certify', '--signing-key', file, '--report-dir', reportDir]);
  expect(run.code, run.stdout + run.stderr).toBe(2);
  expect(run.stderr.trim().split('\n')).toEqual([expect.stringContaining(`signing key (--signing-key) ${file}`)]);
  expect(run.stderr).toMatch(says);
  expect(run.stderr).toMatch(EXPECTED);
  // Before the run: no target, no scenario, no report.
  expect(run.stdout).toBe('');
  expect(existsSync(join(reportDir, 'results.json'))).toBe(false);
  expect(Date.now() - started).toBeLessThan(20_000);
  for (const line of keyMaterial(readFileSync(file, 'utf8'))) expect(run.stderr).not.toContain(line);
});

test('a key named by BANKING_CONFORMANCE_SIGNING_KEY that cannot be read: exit 2 naming the variable, the file and what was expected', async () => {
  const missing = join(scratch, 'nowhere.pem');
  const run = await runCli(['run', '--certify', '--report-dir', join(scratch, 'reports-env')], {
    BANKING_CONFORMANCE_SIGNING_KEY: missing,
  });
  expect(run.code).toBe(2);
  expect(run.stderr.trim().split('\n')).toEqual([
    expect.stringContaining(
      `cannot read signing key (BANKING_CONFORMANCE_SIGNING_KEY) ${missing} (ENOENT): expected an Ed25519 private key`,
    ),
  ]);
  expect(run.stdout).toBe('');
});

test('--signing-key or --valid-days without --certify, and a --valid-days that is no number of days: exit 2', async () => {
  const key = keyFile('ed.pem', ed.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string);
  const [signOnly, daysOnly, badDays] = await Promise.all([
    runCli(['run', '--signing-key', key, '--report-dir', join(scratch, 'r1')]),
    runCli(['run', '--valid-days', '30', '--report-dir', join(scratch, 'r2')]),
    runCli(['run', '--certify', '--valid-days', '0', '--report-dir', join(scratch, 'r3')]),
  ]);
  for (const run of [signOnly, daysOnly]) {
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--signing-key and --valid-days are for a certificate: add --certify/);
  }
  expect(badDays.code).toBe(2);
  expect(badDays.stderr).toMatch(/--valid-days must be a whole number of days from 1 to 3650; got '0'/);
});
