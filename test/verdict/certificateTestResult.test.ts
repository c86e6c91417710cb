import { expect, test } from 'vitest';
import { issueCertificate, issueClientCertificate } from '../../verdict/certification.ts';
import { requirementResult as result } from '../support/requirementEntry.ts';

// Every certificate's predicate reads as in-toto's test-result predicate (testResult, documented in
// docs/certifying-an-emulator.md#as-a-test-result): PASS passed, WARN warned, the blocking requirements
// failed; FAILED when not certified, else WARNED with a WARN, else PASSED. A run's SKIP of a claimed
// requirement blocks and is failed; a client's SKIP (an operation it never called) blocks nothing.

const digest = (char: string) => ({ sha256: char.repeat(64) });
const issued = {
  suiteVersion: '0.1.0',
  catalogueHash: `sha256:${'c'.repeat(64)}`,
  seed: 7,
  results: { name: 'results.json', digest: digest('b') },
  evidence: { name: 'evidence.har', digest: digest('e') },
};
const runContext = {
  ...issued,
  target: { name: 't', baseUrl: 'http://127.0.0.1:1', environment: 'sandbox' as const, capabilities: ['core'] },
  manifestDigest: digest('a'),
};
const clientContext = {
  ...issued,
  subject: { name: 'client.tgz', digest: digest('d') },
  target: { kind: 'embedded' as const, baseUrl: 'http://127.0.0.1:1', environment: 'sandbox' as const, capabilities: ['core'] },
  client: { plan: ['slow-answer'], exit: { code: 0, signal: null } },
};

const judged = [
  result('CL-A', 'MUST', 'PASS'),
  result('CL-B', 'SHOULD', 'WARN'),
  result('CL-C', 'OBSERVE', 'OBSERVED'),
  result('CL-D', 'MUST', 'SKIP', 'the client never called webhook.create (POST /webhooks)'),
];

test('a run: a SKIP of what the target claims blocks, and is the failed test; the result FAILED', () => {
  const { testResult } = issueCertificate(judged, runContext).predicate;
  expect(testResult).toMatchObject({ result: 'FAILED', passedTests: ['CL-A'], warnedTests: ['CL-B'], failedTests: ['CL-D'] });
  expect(testResult?.configuration).toEqual([{ name: 'requirement catalogue', digest: digest('c') }, issued.results, issued.evidence]);
});

test('a client: a SKIP blocks nothing; a WARN makes it WARNED; its plan, seed, target kind and exit are configuration', () => {
  const { predicate } = issueClientCertificate(judged, clientContext);
  expect(predicate.certified).toBe(true);
  expect(predicate.requirements.map((entry) => entry.id)).toEqual(['CL-A', 'CL-B', 'CL-C', 'CL-D']);
  expect(predicate.testResult).toMatchObject({ result: 'WARNED', passedTests: ['CL-A'], warnedTests: ['CL-B'], failedTests: [] });
  expect(predicate.testResult?.configuration.at(-1)).toEqual({
    name: 'client judgement',
    annotations: { plan: 'slow-answer', seed: '7', target: 'embedded', exit: '0' },
  });
});

test('a client with nothing but PASS and OBSERVED: PASSED', () => {
  const { testResult } = issueClientCertificate([judged[0]!, judged[2]!], clientContext).predicate;
  expect(testResult?.result).toBe('PASSED');
});

test('a client with a failed MUST or an UNTESTABLE: FAILED, both the failed tests, not certified', () => {
  const { predicate } = issueClientCertificate(
    [...judged, result('CL-E', 'MUST', 'FAIL'), result('CL-F', 'MUST', 'UNTESTABLE', 'the recording was lost')],
    clientContext,
  );
  expect(predicate.certified).toBe(false);
  expect(predicate.testResult).toMatchObject({ result: 'FAILED', failedTests: ['CL-E', 'CL-F'] });
});
