import { describe, expect, test } from 'vitest';
import { issueCertificate } from '../../run/certification.ts';
import type { RequirementResult } from '../../run/requirementVerdict.ts';

const result = (
  id: string,
  level: RequirementResult['level'],
  outcome: RequirementResult['outcome'],
  reason?: string,
): RequirementResult => ({
  id,
  level,
  outcome,
  statement: 's',
  source: { document: 'api', section: '1' },
  checks: [],
  evidence: [],
  ...(reason ? { reason } : {}),
});
const context = {
  target: { name: 't', baseUrl: 'http://127.0.0.1:1', environment: 'sandbox', capabilities: ['core'] },
  suiteVersion: '0.1.0',
  catalogueHash: 'abc',
};

describe('certification', () => {
  test('passes when every applicable requirement was judged and no MUST failed', () => {
    const certificate = issueCertificate(
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
    const certificate = issueCertificate([result('PP-A', 'MUST', 'FAIL')], context);
    expect(certificate.certified).toBe(false);
    expect(certificate.blocking.map((entry) => entry.id)).toEqual(['PP-A']);
  });

  test('an applicable requirement left SKIP (not selected) or UNTESTABLE blocks the certificate', () => {
    const certificate = issueCertificate(
      [result('PP-A', 'SHOULD', 'SKIP', 'not selected in this run'), result('PP-B', 'OBSERVE', 'UNTESTABLE', 'sink unreachable')],
      context,
    );
    expect(certificate.blocking.map((entry) => entry.id)).toEqual(['PP-A', 'PP-B']);
  });
});
