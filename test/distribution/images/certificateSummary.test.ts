import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import type { CertificatePredicate, CertificateStatement } from '../../../verdict/certification.ts';
import { PROJECT_ROOT } from '../../cli/cliProcess.ts';

// `npm run certificates:summary`: the CI matrix's summary job turns one
// certificate per image into one table, and its exit code says whether every
// image was certified; a job that wrote no certificate is a row, not a gap.

const counts = { PASS: 209, FAIL: 0, WARN: 0, SKIP: 12, UNTESTABLE: 0, OBSERVED: 37 };
const capabilities = ['core', 'tokenMinting'];
const certified: CertificatePredicate = {
  suite: { name: 'banking-api-conformance', version: '0.1.0', catalogueHash: `sha256:${'c'.repeat(64)}` },
  target: {
    name: 'reference emulator image',
    baseUrl: 'http://127.0.0.1:40001',
    image: { name: 'banking-api-emulator:local', id: `sha256:${'a'.repeat(64)}`, repoDigests: [] },
    manifestDigest: { sha256: 'f'.repeat(64) },
  },
  environment: 'sandbox',
  capabilities,
  requirements: [],
  counts,
  verdict: 'conformant',
  certified: true,
  blocking: [],
  seed: 11,
  issuedAt: '2026-11-22T00:00:00.000Z',
  expiresAt: '2027-02-20T00:00:00.000Z',
  results: { name: 'results.json', digest: { sha256: '1'.repeat(64) } },
  evidence: { name: 'evidence.har', digest: { sha256: '2'.repeat(64) } },
};
const refused: CertificatePredicate = {
  ...certified,
  target: {
    ...certified.target,
    name: 'vendor A',
    image: {
      name: 'ghcr.io/example/vendor-a:2.1.0',
      id: `sha256:${'b'.repeat(64)}`,
      repoDigests: [`ghcr.io/example/vendor-a@sha256:${'d'.repeat(64)}`],
    },
  },
  counts: { ...counts, PASS: 207, FAIL: 2 },
  verdict: 'non-conformant',
  certified: false,
  blocking: [{ id: 'AU-SCOPE-REQUIRED', level: 'MUST', outcome: 'FAIL', reason: 'listed without scope' }],
};

/** A report directory holding the Statement a run would write (its subject does not matter to the table). */
function reportDirWith(root: string, name: string, predicate?: CertificatePredicate): string {
  const dir = join(root, `certificate-${name}`);
  mkdirSync(dir, { recursive: true });
  const statement: CertificateStatement = {
    _type: 'https://in-toto.io/Statement/v1',
    subject: [{ name: 'image', digest: { sha256: 'a'.repeat(64) } }],
    predicateType: 'https://github.com/OWNER/banking-api-conformance/certificate/v1',
    predicate: predicate as CertificatePredicate,
  };
  if (predicate) writeFileSync(join(dir, 'certificate.json'), JSON.stringify(statement));
  return dir;
}

function summary(dirs: string[]) {
  return spawnSync(join(PROJECT_ROOT, 'node_modules/.bin/tsx'), [join(PROJECT_ROOT, 'report/certificateSummaryMain.ts'), ...dirs], {
    encoding: 'utf8',
  });
}

test('one row per image, with its digest (or id), the verdict, the counts and what blocks it; exit 1 when one is not certified', () => {
  const root = mkdtempSync(join(tmpdir(), 'bac-summary-'));
  const run = summary([reportDirWith(root, 'reference', certified), reportDirWith(root, 'vendor-a', refused)]);
  expect(run.status, run.stderr).toBe(1);
  const lines = run.stdout.trim().split('\n');
  expect(lines[0]).toBe('### Conformance certificates: 1 of 2 certified');
  expect(lines[2]).toBe(
    '| Target | Image | Image digest or id | Certified | Verdict | PASS | FAIL | WARN | SKIP | UNTESTABLE | OBSERVED | Blocking |',
  );
  expect(lines[4]).toBe(
    `| reference emulator image | banking-api-emulator:local | sha256:${'a'.repeat(64)} | yes | conformant | 209 | 0 | 0 | 12 | 0 | 37 | — |`,
  );
  expect(lines[5]).toBe(
    `| vendor A | ghcr.io/example/vendor-a:2.1.0 | ghcr.io/example/vendor-a@sha256:${'d'.repeat(64)} | **no** | non-conformant | 207 | 2 | 0 | 12 | 0 | 37 | AU-SCOPE-REQUIRED FAIL |`,
  );
});

test('every image certified: exit 0', () => {
  const root = mkdtempSync(join(tmpdir(), 'bac-summary-'));
  expect(summary([reportDirWith(root, 'a', certified), reportDirWith(root, 'b', certified)]).status).toBe(0);
});

test('a job without a certificate is a row saying so, and exit 2', () => {
  const root = mkdtempSync(join(tmpdir(), 'bac-summary-'));
  const run = summary([reportDirWith(root, 'reference', certified), reportDirWith(root, 'broken')]);
  expect(run.status).toBe(2);
  expect(run.stdout).toContain('| certificate-broken | — | — | **no certificate** | — | — | — | — | — | — | — | no certificate: ENOENT |');
});
