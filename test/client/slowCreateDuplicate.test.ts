import { describe, expect, test } from 'vitest';
import { requirementCatalogue } from '../../contract/catalogue/requirementCatalogue.ts';
import { CheckRecorder } from '../../harness/records/checkRecorder.ts';
import { SecretRedactor } from '../../harness/records/secretRedactor.ts';
import type { RecordedRequest } from '../../client/recordedRequest.ts';
import { judgePerturbation, PERTURBATION_REQUIREMENTS } from '../../client/perturbationChecks.ts';
import { type PerturbationName, SLOW_ANSWER_MS } from '../../client/perturbations.ts';
import { readCalls } from '../../client/requestJudge.ts';
import { OPERATION_TIMEOUT_MS } from '../../harness/targetIO/apiClient.ts';
import { JSON_API } from '../../contract/facts/mediaTypes.ts';

// CL-SLOW-CREATE-NO-DUPLICATE (SHOULD, from RFC 9110 9.2.2) judged from hand-made recordings:
// only what happened after the slow answer counts. A create sent again after giving up and
// answered 2xx made a second resource: a WARN, whatever the client read first; no retry, a
// retry refused, or the answer waited out, a PASS; a plan without the slow answer, or a held
// create that was itself refused, a SKIP saying why.

const ID = 'CL-SLOW-CREATE-NO-DUPLICATE';
const WEBHOOK = {
  data: { type: 'webhook', attributes: { label: 'l', url: 'http://127.0.0.1:9/x', contentType: 'Json', deliveryMode: 'AtMostOnce' } },
};

function requestOf(method: string, target: string, status: number, extra: Partial<RecordedRequest> = {}): RecordedRequest {
  const body = method === 'POST' ? Buffer.from(JSON.stringify(WEBHOOK)) : Buffer.alloc(0);
  return {
    method,
    target,
    headers: { authorization: 'Bearer slow-create-test-token', ...(body.length > 0 ? { 'content-type': JSON_API } : {}) },
    body,
    status,
    ...extra,
  };
}

/** The held create: made (201 by default), its answer held past the time-out; `gaveUpAfterMs` when the client closed first. */
const slowCreate = (status = 201, gaveUpAfterMs: number | undefined = OPERATION_TIMEOUT_MS): RecordedRequest =>
  requestOf('POST', '/webhooks', status, {
    perturbed: [{ name: 'slow-answer', facts: { heldMs: SLOW_ANSWER_MS, timeoutMs: OPERATION_TIMEOUT_MS } }],
    ...(gaveUpAfterMs === undefined ? {} : { gaveUpAfterMs }),
  });

function judged(requests: RecordedRequest[], plan: readonly PerturbationName[] = ['slow-answer']) {
  const check = new CheckRecorder(
    requirementCatalogue('client'),
    'client/slow-answer',
    new Set(PERTURBATION_REQUIREMENTS['slow-answer']),
    new SecretRedactor(),
  );
  const { calls } = readCalls(requests, 'http://127.0.0.1:1', new SecretRedactor());
  judgePerturbation('slow-answer', { calls, plan, exit: { code: 0, signal: null } }, check);
  const mine = check.records().filter((record) => record.requirementId === ID);
  expect(mine).toHaveLength(1);
  return mine[0]!;
}

describe('a duplicate create after a slow answer (CL-SLOW-CREATE-NO-DUPLICATE)', () => {
  test('is a SHOULD whose statement names HTTP as its source', () => {
    const requirement = requirementCatalogue('client').get(ID);
    expect(requirement.level).toBe('SHOULD');
    expect(requirement.statement).toContain('RFC 9110 9.2.2');
    expect(requirement.levelReason).toMatch(/source is HTTP \(RFC 9110 9\.2\.2/);
  });

  test('the same create sent again after giving up, reading nothing first, and made again: WARN', () => {
    const record = judged([slowCreate(), requestOf('POST', '/webhooks', 201)]);
    expect(record.outcome).toBe('WARN');
    expect(record.message).toContain(`gave up after ${OPERATION_TIMEOUT_MS} ms`);
    expect(record.message).toContain('1 more resources made, reading nothing first');
  });

  test('sent again after a read that held the create made: still WARN, the read named', () => {
    const record = judged([slowCreate(), requestOf('GET', '/webhooks', 200), requestOf('POST', '/webhooks', 201)]);
    expect(record.outcome).toBe('WARN');
    expect(record.message).toContain('though it read GET /webhooks first');
  });

  test('gave up and read instead of sending it again: PASS', () => {
    const record = judged([slowCreate(), requestOf('GET', '/webhooks', 200), requestOf('POST', '/webhooks/1/disable', 200)]);
    expect(record.outcome).toBe('PASS');
    expect(record.message).toContain('got no retry');
  });

  test('sent again and refused: no second resource, PASS', () => {
    const record = judged([slowCreate(), requestOf('POST', '/webhooks', 400)]);
    expect(record.outcome).toBe('PASS');
    expect(record.message).toContain('none making one (answered 400)');
  });

  test('the answer waited out: the client knew the create made, PASS', () => {
    expect(judged([slowCreate(201, undefined)]).outcome).toBe('PASS');
  });

  test('a held create that was refused made nothing to duplicate: SKIP, saying so', () => {
    const record = judged([slowCreate(400), requestOf('POST', '/webhooks', 201)]);
    expect(record.outcome).toBe('SKIP');
    expect(record.message).toContain('answered 400');
  });

  test('the same create sent again with its members in another order and other spacing is the same create: WARN', () => {
    const reordered = {
      data: { attributes: { deliveryMode: 'AtMostOnce', contentType: 'Json', url: 'http://127.0.0.1:9/x', label: 'l' }, type: 'webhook' },
    };
    const retry = { ...requestOf('POST', '/webhooks', 201), body: Buffer.from(JSON.stringify(reordered, null, 2)) };
    const record = judged([slowCreate(), retry]);
    expect(record.outcome).toBe('WARN');
    expect(record.message).toContain('1 more resources made');
  });

  test('a policy posted again after a slow answer sets the one policy of the account again, making nothing: no WARN', () => {
    const policy = Buffer.from(
      JSON.stringify({
        data: {
          type: 'positivePayPolicy',
          attributes: { optInTypes: ['CheckPayment'] },
          relationships: { account: { data: { type: 'account', id: '1' } } },
        },
      }),
    );
    const held = { ...slowCreate(), target: '/positive-pay-policy', body: policy, status: 200 };
    const again = { ...requestOf('POST', '/positive-pay-policy', 200), body: policy };
    const record = judged([held, again]);
    expect(record.outcome).toBe('PASS');
    expect(record.message).toContain("sets the account's one policy again");
  });

  test('a plan without the slow answer, or a client that never created: SKIP, saying why', () => {
    expect(judged([requestOf('POST', '/webhooks', 201)], []).message).toBe('the plan left out slow-answer');
    const never = judged([requestOf('GET', '/events', 200)]);
    expect(never.outcome).toBe('SKIP');
    expect(never.message).toContain('never made the call it bends');
  });
});
