import { expect, test } from 'vitest';
import { schemaRegistry } from '../../contract/catalogue/schemaRegistry.ts';

// A <timestamp> is UTC with milliseconds in any RFC 3339 writing (Z, +00:00, -00:00).
// A miss is judged once, under GN-TIMESTAMP-FORMAT: the schema's shape stays valid and
// the miss is reported apart, so one member does not fail every shape that holds it.

const registry = schemaRegistry();
const webhook = (createdAt: string) => ({
  data: {
    type: 'webhook',
    id: '1',
    attributes: {
      createdAt,
      label: 'a',
      url: 'http://127.0.0.1:9/x',
      status: 'Enabled',
      contentType: 'Json',
      token: '',
      subscriptionType: 'All',
    },
  },
});

test.each(['2026-01-02T03:04:05.678Z', '2026-01-02T03:04:05.678+00:00', '2026-01-02T03:04:05.678-00:00', '2026-01-02t03:04:05.678123z'])(
  '%s is a timestamp',
  (createdAt) => {
    expect(registry.validate('documents/webhook', webhook(createdAt))).toEqual({ valid: true, violations: [], timestampViolations: [] });
    expect(registry.timestampPattern.test(createdAt)).toBe(true);
  },
);

test.each(['2026-01-02T04:04:05.678+01:00', '2026-01-02T03:04:05Z'])(
  '%s is reported as a timestamp miss, not a shape violation',
  (createdAt) => {
    const result = registry.validate('documents/webhook', webhook(createdAt));
    expect(result.valid).toBe(true);
    expect(result.timestampViolations.map((violation) => violation.pointer)).toEqual(['/data/attributes/createdAt']);
  },
);

test('a value that is no date-time at all is a shape violation as well', () => {
  const result = registry.validate('documents/webhook', webhook('yesterday'));
  expect(result.valid).toBe(false);
  expect(result.timestampViolations).toHaveLength(1);
});

test('tag values are untyped and merchant sub-members are not required by the event schemas', () => {
  const base = {
    id: '1',
    attributes: {
      createdAt: '2026-01-02T03:04:05.678Z',
      amount: 1,
      available: 1,
      cardLast4Digits: '1234',
      recurring: false,
      tags: { note: null },
    },
    relationships: {},
  };
  const declined = {
    ...base,
    type: 'authorization.declined',
    attributes: { ...base.attributes, merchant: { name: 'Shop', type: 5411 }, reason: 'InsufficientFunds' },
  };
  expect(registry.validateEvent(declined).violations).toEqual([]);
});
