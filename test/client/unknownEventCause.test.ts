import { describe, expect, test } from 'vitest';
import { requirementCatalogue } from '../../contract/catalogue/requirementCatalogue.ts';
import { CheckRecorder } from '../../harness/records/checkRecorder.ts';
import { SecretRedactor } from '../../harness/records/secretRedactor.ts';
import type { RecordedRequest } from '../../client/recordedRequest.ts';
import { judgePerturbation } from '../../client/perturbationChecks.ts';
import type { PerturbedRun } from '../../client/perturbedRun.ts';
import { UNLISTED_EVENT_TYPE } from '../../client/perturbations.ts';
import { readCalls } from '../../client/requestJudge.ts';
import { OPERATION_TIMEOUT_MS } from '../../harness/targetIO/apiClient.ts';
import { JSON_API } from '../../contract/facts/mediaTypes.ts';

// CL-UNKNOWN-EVENT-TYPE judged on what the unknown type caused, from hand-made recordings: the
// event counts as read only where an answer of the client's gave it (a 2xx read holding it,
// whatever filters and offset made it so) or its receiver took its delivery; a client that made
// no call after reading it and exited non-zero FAILs, whatever came before; an exit that can as
// well follow another trouble (a give-up at the time-out, a refusal) ending as late is a SKIP
// naming both; an exit with the event never read is never blamed on it.

const ID = 'CL-UNKNOWN-EVENT-TYPE';
const LISTED = { type: UNLISTED_EVENT_TYPE };
const page = (...types: string[]) => JSON.stringify({ data: types.map((type, at) => ({ type, id: String(at + 1), attributes: {} })) });
const refusal = JSON.stringify({ errors: [{ status: '400', title: 'Invalid query parameter', detail: 'page[limit] must be an integer' }] });

/** One exchange at `atMs` (on the recorder's clock), over `tookMs` later unless given up. */
function exchange(method: string, target: string, status: number | undefined, atMs: number, extra: Partial<RecordedRequest> = {}) {
  const tookMs = extra.gaveUpAfterMs === undefined ? 10 : undefined;
  return {
    method,
    target,
    headers: { authorization: 'Bearer unknown-event-test-token', ...(method === 'POST' ? { 'content-type': JSON_API } : {}) },
    body: method === 'POST' ? Buffer.from('{"data":{"type":"webhook","attributes":{}}}') : Buffer.alloc(0),
    arrivedMs: atMs,
    ...(status === undefined ? {} : { status }),
    ...(tookMs === undefined ? {} : { answeredMs: atMs + tookMs, durationMs: tookMs }),
    ...extra,
  } satisfies RecordedRequest;
}
/** The first list of events, the one the perturbation put the unknown type before. */
const firstList = (target: string, status: number, answerBody: string, atMs = 0) =>
  exchange('GET', target, status, atMs, { answerBody, perturbed: [{ name: 'unknown-event-type', facts: LISTED }] });
/** The webhook create whose answer set off a delivery of the unknown type; `reached` when its receiver took it at `readMs`. */
const deliveringCreate = (atMs: number, reached?: { readMs: number }, extra: Partial<RecordedRequest> = {}) =>
  exchange('POST', '/webhooks', 201, atMs, {
    perturbed: [
      {
        name: 'unknown-event-type',
        facts: {
          ...LISTED,
          delivered: 'to the webhook it created',
          ...(reached ? { readMs: reached.readMs, reached: 'its receiver answered 200' } : { reached: 'no receiver listening' }),
        },
      },
    ],
    ...extra,
  });

/** Judged with the command's exit; null for a client started elsewhere, which gives none. */
function judged(requests: RecordedRequest[], exit: PerturbedRun['exit'] | null = { code: 1, signal: null }) {
  const check = new CheckRecorder(requirementCatalogue('client'), 'client/unknown-event-type', new Set([ID]), new SecretRedactor());
  const { calls } = readCalls(requests, 'http://127.0.0.1:1', new SecretRedactor());
  judgePerturbation('unknown-event-type', { calls, plan: ['unknown-event-type'], ...(exit ? { exit } : {}) }, check);
  const records = check.records();
  expect(records).toHaveLength(1);
  return records[0]!;
}

describe('an unknown event type judged on what it caused (CL-UNKNOWN-EVENT-TYPE)', () => {
  test('a client that crashes on it after a refused call (page[limit]=abc answered 400, then a list, then a throw): FAIL', () => {
    const record = judged([
      firstList('/events?page[limit]=abc', 400, refusal),
      exchange('GET', '/events', 200, 50, { answerBody: page(UNLISTED_EVENT_TYPE, 'positivePay.cancelled') }),
    ]);
    expect(record.outcome).toBe('FAIL');
    expect(record.message).toContain('GET /events returned an event of type');
    expect(record.message).toContain('got no later call and its command exited 1');
  });

  test('a client that read it and made further calls went on, whatever its exit: PASS', () => {
    const record = judged([
      firstList('/events', 200, page(UNLISTED_EVENT_TYPE)),
      exchange('POST', '/webhooks', 201, 100),
      exchange('GET', '/webhooks', 200, 200),
    ]);
    expect(record.outcome).toBe('PASS');
    expect(record.message).toContain('got 2 later calls, first POST /webhooks');
  });

  test('its only list refused, and the command exiting 1: never blamed on a type it never read (SKIP)', () => {
    const record = judged([firstList('/events?page[limit]=abc', 400, refusal)]);
    expect(record.outcome).toBe('SKIP');
    expect(record.message).toContain('no read returned it (/events?page[limit]=abc answered 400)');
  });

  test('its filter left the event out, and the command exiting 1: not blamed on it (SKIP)', () => {
    const record = judged([firstList('/events?filter[type][]=positivePay.cancelled', 200, page('positivePay.cancelled'))]);
    expect(record.outcome).toBe('SKIP');
    expect(record.message).toContain('answered 200 without it');
  });

  test('a client that gives up on a slow create at the time-out and exits 1, its receiver having taken the event: not FAIL (SKIP naming both)', () => {
    const record = judged([deliveringCreate(0, { readMs: 40 }, { gaveUpAfterMs: OPERATION_TIMEOUT_MS })]);
    expect(record.outcome).toBe('SKIP');
    expect(record.message).toContain(`POST /webhooks given up after ${OPERATION_TIMEOUT_MS} ms`);
    expect(record.message).toContain('the evidence cannot tell which of the two it stopped on');
  });

  test('a delivery its receiver took, then no call and exit 1 with nothing else gone wrong: FAIL', () => {
    expect(judged([deliveringCreate(0, { readMs: 40 })]).outcome).toBe('FAIL');
  });

  test('a delivery its receiver took, then further calls: PASS, whatever the exit', () => {
    const record = judged([deliveringCreate(0, { readMs: 40 }), exchange('GET', '/webhooks', 200, 60)]);
    expect(record.outcome).toBe('PASS');
  });

  test('a delivery that reached no receiver, then exit 1: not blamed (SKIP, saying what became of it)', () => {
    const record = judged([deliveringCreate(0)]);
    expect(record.outcome).toBe('SKIP');
    expect(record.message).toContain('its delivery: no receiver listening');
  });

  test('read last, then Ctrl-C stopped the command: the user stopped it, not the type (SKIP)', () => {
    const record = judged([firstList('/events', 200, page(UNLISTED_EVENT_TYPE))], { code: null, signal: 'SIGINT', interrupted: true });
    expect(record.outcome).toBe('SKIP');
    expect(record.message).toContain('Ctrl-C stopped its command');
  });

  test('read last, exit 0: PASS; a client started elsewhere giving no exit: SKIP', () => {
    expect(judged([firstList('/events', 200, page(UNLISTED_EVENT_TYPE))], { code: 0, signal: null }).outcome).toBe('PASS');
    expect(judged([firstList('/events', 200, page(UNLISTED_EVENT_TYPE))], null).outcome).toBe('SKIP');
  });
});
