import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { clientResults, runClient } from '../../client/clientRun.ts';
import { SecretRedactor } from '../../harness/records/secretRedactor.ts';
import { perturbationPlan } from '../../cli/clientValues.ts';
import type { ResultsDocument } from '../../verdict/resultsDocument.ts';

// A 503 after the create was made, and one before (issue 52, item 2), judged by effect at the level of RFC
// 9110 9.2.2: a client that sends a made create again at once makes a second resource and is warned of
// (CL-5XX-AFTER-CREATE-NO-DUPLICATE, a SHOULD); one that looks before creating again finds it made and passes.
// Before the create was made, a retry makes nothing twice: what the client did next is observed.

const SEEDED = fileURLToPath(new URL('./faultyClients/seededClient.mjs', import.meta.url));
const AFTER = 'CL-5XX-AFTER-CREATE-NO-DUPLICATE';
const BEFORE = 'CL-5XX-BEFORE-CREATE';

async function judged(variant: string, planText: string): Promise<ResultsDocument> {
  const command = [process.execPath, SEEDED, variant];
  const { plan, aims } = perturbationPlan(planText);
  const run = await runClient({ command, plan, aims }, { say: () => {}, redactor: new SecretRedactor() });
  return clientResults(command, run, { suiteVersion: 'test' });
}

const resultOf = (document: ResultsDocument, id: string) => document.requirements.find((result) => result.id === id)!;
const failing = (document: ResultsDocument): string[] =>
  document.requirements.filter((result) => result.outcome === 'FAIL' || result.outcome === 'WARN').map((result) => result.id);

describe('a 503 after the create was made, and before', () => {
  test('sent again at once after a made create answered 503: a second resource, warned of (SHOULD), and nothing else', async () => {
    const document = await judged('retry-create-after-5xx', 'status-503-after-create:op=webhook.create');
    expect(resultOf(document, AFTER).outcome).toBe('WARN');
    expect(resultOf(document, AFTER).checks[0]!.message).toMatch(
      /^POST \/webhooks: made \(answered 201\) and answered 503 instead: .*; got it sent again 1 times, 1 more resources made, reading nothing first$/,
    );
    expect(failing(document)).toEqual([AFTER]);
  });

  test('a client that looks before creating again finds it made and passes; twice in a row is judged as one create', async () => {
    const document = await judged('check-after-5xx', 'status-503-after-create:op=webhook.create,times=2');
    expect(resultOf(document, AFTER).outcome).toBe('PASS');
    expect(resultOf(document, AFTER).checks[0]!.message).toMatch(/; got no retry$/);
    expect(failing(document)).toEqual([]);
  });

  test('answered 503 before it was made: the retry made it once, observed as recovered', async () => {
    const document = await judged('check-after-5xx', 'status-503-before-create:times=2');
    const check = resultOf(document, BEFORE).checks[0]!;
    expect(check.outcome).toBe('OBSERVED');
    expect(check.observed).toMatchObject({ status: 503, inARow: 2, retries: 2, recovered: true, resourcesMade: 1 });
    expect(check.message).toMatch(
      /^POST \/positive-pay: answered 503 before it was made \(2 times in a row\): the client sent it again 2 times/,
    );
    expect(failing(document)).toEqual([]);
  });
});
