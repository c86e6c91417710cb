import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runCli, type CliResult } from '../cli/cliProcess.ts';
import { writeKeyPair } from '../support/certificateTampering.ts';
import { LISTS_EVENTS_ONCE, unbentClient } from './oneLineClient.ts';

// Issue 52, item 3: the options of a client's certificate are checked before the client runs. Each
// bad one is one line naming the option and what is wrong, exit 2, and nothing started (no output,
// no report).

const dir = mkdtempSync(join(tmpdir(), 'client-certificate-input-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const keys = writeKeyPair(dir, 'issuer');
const artifact = join(dir, 'client.tgz');
writeFileSync(artifact, 'artifact\n');
const baseline = join(dir, 'baseline.yaml');
writeFileSync(
  baseline,
  'expectedFailures:\n  - requirement: CL-RESEND-EMPTY-OBJECT\n    reason: our SDK resends with no body\n    tracking: https://example.invalid/issues/1\n',
);
const unreadable = join(dir, 'unreadable.tgz');
writeFileSync(unreadable, 'artifact\n');
chmodSync(unreadable, 0o000);
// Root reads through permission bits; a process's own memory at address 0 refuses every reader (EIO).
const UNREADABLE_FILE = process.getuid?.() === 0 ? '/proc/self/mem' : unreadable;

/** The client command with these options before `--`, its reports in a folder of its own. */
const client = (name: string, options: string[]): string[] => {
  const [command, ...rest] = unbentClient(join(dir, name), LISTS_EVENTS_ONCE);
  return [command as string, ...options, ...rest];
};

const CASES: Record<string, { args: string[]; says: RegExp }> = {
  'certify without a signing key': {
    args: client('no-key', ['--certify', '--subject', artifact]),
    says: /^--certify needs --signing-key FILE \(or BANKING_CONFORMANCE_SIGNING_KEY\)/,
  },
  'certify without a subject': {
    args: client('no-subject', ['--certify', '--signing-key', keys.privateKey]),
    says: /^--certify needs --subject: what the certificate is about/,
  },
  'a subject file that cannot be read': {
    args: client('unreadable', ['--certify', '--signing-key', keys.privateKey, '--subject', UNREADABLE_FILE]),
    says: new RegExp(`^--subject ${UNREADABLE_FILE} cannot be read \\(E[A-Z]+\\)`),
  },
  'a subject that is neither a file nor name@sha256:<64 hex>': {
    args: client('neither', ['--certify', '--signing-key', keys.privateKey, '--subject', 'ghcr.io/you/client@sha256:abc']),
    says: /^--subject ghcr\.io\/you\/client@sha256:abc is neither a readable file nor an image digest: .*name@sha256:<64 hex>/,
  },
  'a subject without --certify': {
    args: client('subject-alone', ['--subject', artifact]),
    says: /^--subject is for a certificate: add --certify$/,
  },
  'a baseline with --certify': {
    args: client('baseline', ['--certify', '--signing-key', keys.privateKey, '--subject', artifact, '--baseline', baseline]),
    says: /^--certify judges the client with no baseline: drop --baseline/,
  },
};

const results = {} as Record<string, CliResult>;
beforeAll(async () => {
  // No signing key from the environment: the case without --signing-key must have none at all.
  const answers = await Promise.all(Object.values(CASES).map(({ args }) => runCli(args, { BANKING_CONFORMANCE_SIGNING_KEY: '' })));
  Object.keys(CASES).forEach((name, index) => (results[name] = answers[index] as CliResult));
}, 120_000);

describe('client --certify, bad input', () => {
  test.each(Object.keys(CASES))('%s: one line, exit 2, nothing started', (name) => {
    const result = results[name] as CliResult;
    expect(result.code, result.stdout + result.stderr).toBe(2);
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]?.replace(/^banking-api-conformance: /, '')).toMatch((CASES[name] as { says: RegExp }).says);
    expect(result.stdout).toBe('');
  });
});
