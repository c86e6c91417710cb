import { describe, expect, test } from 'vitest';
import { parseDeliveryPayload } from '../../../contract/catalogue/deliveryPayload.ts';

// The envelope of a delivery is open (6.1: an AtLeastOnce batch's is "not shown";
// the catalogue: events are "usually inside data"): the sink finds the events
// wherever a body identifies them, and says where.

const parse = (body: unknown) => parseDeliveryPayload(Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)));
const event = (id: string) => ({ id, type: 'account.created', attributes: { createdAt: '2026-01-02T03:04:05.678Z' }, relationships: {} });

describe('delivery envelopes', () => {
  test.each([
    ['data as an array of events', { data: [event('1'), event('2')] }, '/data', ['1', '2'], true],
    ['data as a single event', { data: event('3') }, '/data', ['3'], true],
    ['data as an array of ids', { data: ['4', 5] }, '/data', ['4', '5'], false],
    ['a body that is an array', [event('6')], '', ['6'], true],
    [
      'a top-level events array',
      { events: [event('7'), event('8')], included: [{ id: '99', type: 'account' }] },
      '/events',
      ['7', '8'],
      true,
    ],
    ['ids inside a data object', { data: { eventIds: ['9', '10'] } }, '/data/eventIds', ['9', '10'], false],
  ])('finds the events in %s', (_name, body, at, ids, full) => {
    const payload = parse(body);
    expect(payload.eventsAt).toBe(at);
    expect(payload.events.map((e) => e.id)).toEqual(ids);
    expect(payload.events.every((e) => e.event !== undefined)).toBe(full);
  });

  test('never takes included resources for events', () => {
    const payload = parse({ meta: {}, included: [{ id: '1', type: 'account' }] });
    expect(payload.events).toEqual([]);
    expect(payload.eventsAt).toBeUndefined();
    expect(payload.included).toHaveLength(1);
  });

  // includeResources (6.1 rule 3): the Json envelope is not shown, so related resources count wherever they are.
  test.each([
    ['a top-level included array', { data: [event('1')], included: [{ id: '5', type: 'account', attributes: { status: 'Open' } }] }],
    ['inside each event', { data: [{ ...event('1'), included: [{ id: '5', type: 'account', attributes: { status: 'Open' } }] }] }],
    ['a member of its own', { data: [event('1')], resources: { account: { id: '5', type: 'account', attributes: { status: 'Open' } } } }],
  ])('finds related resources in %s, and never takes an event or a bare reference for one', (_name, body) => {
    const payload = parse(body);
    expect(payload.included).toEqual([{ id: '5', type: 'account', attributes: { status: 'Open' } }]);
    expect(payload.events.map((e) => e.id)).toEqual(['1']);
  });

  test('a body without recognisable events, or not JSON, carries none', () => {
    expect(parse({ data: { kind: 'notice' } }).events).toEqual([]);
    expect(parse({ data: [] }).events).toEqual([]);
    expect(parse('not json')).toMatchObject({ dataShape: 'not-json', events: [] });
  });
});
