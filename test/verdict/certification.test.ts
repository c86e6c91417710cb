import { describe, expect, test } from 'vitest';
import { issueCertificate, versionLine } from '../../verdict/certification.ts';
import { requirementResult } from '../support/requirementEntry.ts';

const result = requirementResult;
const digest = (char: string) => ({ sha256: char.repeat(64) });
const context = {
  target: { name: 't', baseUrl: 'http://127.0.0.1:1', environment: 'sandbox' as const, capabilities: ['core'] },
  suiteVersion: '0.1.0',
  catalogueHash: `sha256:${'c'.repeat(64)}`,
  seed: 7,
  manifestDigest: digest('a'),
  results: { name: 'results.json', digest: digest('b') },
  evidence: { name: 'evidence.har', digest: digest('e') },
};

describe('certification', () => {
  test('passes when every applicable requirement was judged and no MUST failed', () => {
    const { predicate: certificate } = issueCertificate(
      [
        result('PP-A', 'MUST', 'PASS'),
        result('PP-B', 'SHOULD', 'WARN'),
        result('PP-C', 'OBSERVE', 'OBSERVED'),
        result('PP-D', 'MUST', 'SKIP', 'needs capability clockControl, which the target does not claim'),
      ],
      context,
    );
    expect(certificate.certified).toBe(true);
    expect(certificate.verdict).toBe('conformant');
  });

  test('a failed MUST blocks the certificate and is named', () => {
    const { predicate: certificate } = issueCertificate([result('PP-A', 'MUST', 'FAIL')], context);
    expect(certificate.certified).toBe(false);
    expect(certificate.blocking.map((entry) => entry.id)).toEqual(['PP-A']);
  });

  test('an applicable requirement left SKIP (not selected) or UNTESTABLE blocks the certificate', () => {
    const { predicate: certificate } = issueCertificate(
      [result('PP-A', 'SHOULD', 'SKIP', 'not selected in this run'), result('PP-B', 'OBSERVE', 'UNTESTABLE', 'sink unreachable')],
      context,
    );
    expect(certificate.blocking.map((entry) => entry.id)).toEqual(['PP-A', 'PP-B']);
  });

  test('an in-toto Statement: a URL target is its manifest by digest, named by the base URL; the predicate lists the applicable requirements', () => {
    const statement = issueCertificate(
      [result('PP-A', 'MUST', 'PASS'), result('PP-D', 'MUST', 'SKIP', 'needs capability clockControl, which the target does not claim')],
      { ...context, date: new Date('2026-11-28T10:00:00.000Z'), validDays: 30 },
    );
    expect(statement._type).toBe('https://in-toto.io/Statement/v1');
    expect(statement.predicateType).toBe('https://github.com/OWNER/banking-api-conformance/certificate/v1');
    expect(statement.subject).toEqual([{ name: 'http://127.0.0.1:1', digest: digest('a') }]);
    expect(statement.predicate.requirements).toEqual([{ id: 'PP-A', level: 'MUST', outcome: 'PASS' }]);
    expect(statement.predicate.counts.SKIP).toBe(1);
    expect(statement.predicate.issuedAt).toBe('2026-11-28T10:00:00.000Z');
    expect(statement.predicate.expiresAt).toBe('2026-12-28T10:00:00.000Z');
  });

  test("a container target is its image: the registry digests first, then the id named by the image's name", () => {
    const image = { name: 'ghcr.io/x/emu:2', id: `sha256:${'1'.repeat(64)}`, repoDigests: [`ghcr.io/x/emu@sha256:${'2'.repeat(64)}`] };
    const statement = issueCertificate([result('PP-A', 'MUST', 'PASS')], { ...context, target: { ...context.target, image } });
    expect(statement.subject).toEqual([
      { name: 'ghcr.io/x/emu', digest: digest('2') },
      { name: 'ghcr.io/x/emu:2', digest: digest('1') },
    ]);
    expect(statement.predicate.target.image).toEqual(image);
  });

  test('the line a certificate outlives: the major version, and the minor for 0.x', () => {
    expect(['0.1.0', '0.1.7', '0.2.0', '1.0.0', '1.4.2', '2.0.0'].map(versionLine)).toEqual(['0.1', '0.1', '0.2', '1', '1', '2']);
  });
});
