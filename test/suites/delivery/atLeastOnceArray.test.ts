import { describe, expect, test } from 'vitest';
import type { ScenarioContext } from '../../../harness/engine/scenario.ts';
import { parseDeliveryPayload } from '../../../contract/catalogue/deliveryPayload.ts';
import { requirementCatalogue } from '../../../contract/catalogue/requirementCatalogue.ts';
import { CheckRecorder } from '../../../harness/records/checkRecorder.ts';
import { SecretRedactor } from '../../../harness/records/secretRedactor.ts';
import type { SinkDelivery } from '../../../harness/targetIO/webhookSink.ts';
import { checkModeShape } from '../../../suites/delivery/deliveryChecks.ts';
import type { Subscription } from '../../../suites/shared/sinkSession.ts';

// DL-AT-LEAST-ONCE-ARRAY (6.1: AtLeastOnce events "batched in one payload, as an array
// of event ids"): a lone event as a single object is a WARN, but for a cardFraudCase
// event, whose payload data the Event Catalog shows as "a single object". Arrays of
// ids or of full events, under any member, are what the documents describe.

const ID = 'DL-AT-LEAST-ONCE-ARRAY';

const event = (id: string, type: string) => ({ id, type, attributes: { createdAt: '2024-01-01T00:00:00.000Z' }, relationships: {} });

/** Only what the mode checks read of a delivery: its payload, its overlap and an exchange for evidence. */
function delivery(body: unknown): SinkDelivery {
  const rawBody = Buffer.from(JSON.stringify(body), 'utf8');
  return {
    rawBody,
    payload: parseDeliveryPayload(rawBody),
    openAtArrival: 0,
    exchange: { request: { method: 'POST', url: '/sink/x' } },
  } as unknown as SinkDelivery;
}

const subscription = (deliveryMode: 'AtLeastOnce' | 'AtMostOnce') =>
  ({ attributes: { deliveryMode, contentType: 'Json', subscriptionType: 'All', token: '' } }) as unknown as Subscription;

/** The records checkModeShape makes of DL-AT-LEAST-ONCE-ARRAY for these bodies. */
function judged(bodies: readonly unknown[], deliveryMode: 'AtLeastOnce' | 'AtMostOnce' = 'AtLeastOnce') {
  const check = new CheckRecorder(
    requirementCatalogue(),
    'delivery/test',
    new Set([ID, 'DL-BATCH-LIMIT', 'DL-AT-LEAST-ONCE-SEQUENTIAL', 'DL-AT-MOST-ONCE-SINGLE', 'DL-AT-MOST-ONCE-SEQUENTIAL']),
    new SecretRedactor(),
  );
  checkModeShape({ check } as unknown as ScenarioContext, subscription(deliveryMode), bodies.map(delivery));
  return check.records().filter((record) => record.requirementId === ID);
}

describe('DL-AT-LEAST-ONCE-ARRAY', () => {
  test('the requirement is a SHOULD whose reason quotes 6.1 and the Event Catalog', () => {
    const requirement = requirementCatalogue().get(ID);
    expect(requirement.level).toBe('SHOULD');
    expect(requirement.levelReason).toContain('as an array of event ids');
    expect(requirement.levelReason).toContain('Payload data is a single object');
  });

  test('arrays of full events or of ids, under data, another member or as the body, pass', () => {
    const records = judged([
      { data: [event('1', 'account.created')] },
      { data: ['2'] },
      { data: [event('3', 'account.created'), event('4', 'dispute.created')] },
      { events: [event('5', 'account.created')] },
      [event('6', 'account.created')],
    ]);
    expect(records.map((record) => record.outcome)).toEqual(['PASS']);
  });

  test('a lone event of any other type as a single object is a WARN naming it', () => {
    const records = judged([{ data: [event('1', 'account.created')] }, { data: event('7', 'dispute.created') }]);
    expect(records.map((record) => record.outcome)).toEqual(['WARN']);
    expect(records[0]?.message).toContain('1 of 2 carried data as a single event object: dispute.created 7');
  });

  test('a lone cardFraudCase event as a single object is the documented shape', () => {
    const records = judged([{ data: event('8', 'cardFraudCase.activated') }, { data: [event('9', 'account.created')] }]);
    expect(records.map((record) => record.outcome)).toEqual(['PASS']);
    expect(records[0]?.message).toContain("1 a lone cardFraudCase event as the catalogue's single object");
  });

  test('a body without a recognisable event is left to DL-PAYLOAD-JSON', () => {
    expect(judged([{ data: 'nothing' }]).map((record) => record.outcome)).toEqual(['SKIP']);
  });

  test('AtMostOnce deliveries are not judged by it', () => {
    expect(judged([{ data: event('1', 'dispute.created') }], 'AtMostOnce')).toEqual([]);
  });
});
