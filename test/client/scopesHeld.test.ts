import { describe, expect, test } from 'vitest';
import { requirementCatalogue } from '../../contract/catalogue/requirementCatalogue.ts';
import { SecretRedactor } from '../../harness/records/secretRedactor.ts';
import type { ScopesHeld } from '../../client/clientChecks.ts';
import type { RecordedRequest } from '../../client/recordedRequest.ts';
import { CLIENT_ITEMS, judgeItem, readCalls, type ScopesOf } from '../../client/requestJudge.ts';
import { SCOPES } from '../../contract/facts/scopes.ts';

// CL-SCOPES-HELD (OBSERVE, API 5.1) from hand-made recordings: the scopes each call's token
// held, as the emulator knows them, against the scope its operation needs. Recorded, never
// judged: a token holding every scope and one holding only what its call needs are both
// OBSERVED; a token minted from the emulator is how the client got credentials, not a call.

const BASE = 'http://127.0.0.1:1';
const WIDE = 'scopes-test-wide-token-0123456789';
const EVENTS = 'scopes-test-events-token-0123456';
const RESEND = 'scopes-test-resend-token-0123456';
const HELD: Record<string, readonly string[]> = { [WIDE]: SCOPES, [EVENTS]: ['events'], [RESEND]: ['events-write'] };
const scopesOf: ScopesOf = (token) => (HELD[token] ? new Set(HELD[token]) : undefined);

const requestOf = (method: string, target: string, token?: string): RecordedRequest => ({
  method,
  target,
  headers: token ? { authorization: `Bearer ${token}` } : {},
  body: Buffer.alloc(0),
  status: 200,
});

const item = CLIENT_ITEMS.find((one) => one.id === 'client/scopes')!;
function observed(requests: RecordedRequest[], lookup: ScopesOf | null = scopesOf) {
  const records = judgeItem(item, readCalls(requests, BASE, new SecretRedactor(), lookup ?? undefined), new SecretRedactor());
  expect(records).toHaveLength(1);
  return records[0]!;
}

describe("the scopes a client's tokens held (CL-SCOPES-HELD)", () => {
  test('is OBSERVE, citing section 5.1', () => {
    const requirement = requirementCatalogue('client').get('CL-SCOPES-HELD');
    expect(requirement.level).toBe('OBSERVE');
    expect(requirement.source.section).toBe('5.1');
  });

  test('one token of every scope: each call held more than it needed, observed, never failed', () => {
    const record = observed([requestOf('GET', '/events', WIDE), requestOf('POST', '/events/1', WIDE)]);
    expect(record.outcome).toBe('OBSERVED');
    expect(record.observed).toMatchObject({
      needed: ['events', 'events-write'],
      held: [...SCOPES].sort(),
      callsHoldingMore: 2,
      callsLacking: 0,
    } satisfies Partial<ScopesHeld>);
    expect(record.message).toContain('beyond what any call needed');
  });

  test('a token per call holding only its scope: none held more; a minted token is no call', () => {
    const record = observed([
      requestOf('POST', '/_emulator/tokens'),
      requestOf('GET', '/events', EVENTS),
      requestOf('POST', '/events/1', RESEND),
    ]);
    expect(record.observed).toEqual({
      needed: ['events', 'events-write'],
      held: ['events', 'events-write'],
      callsHoldingMore: 0,
      callsLacking: 0,
      callsWithoutKnownToken: 0,
      callsOfUnshownScope: 0,
    } satisfies ScopesHeld);
    expect(record.message).toMatch(/^the client's 2 calls needed/);
  });

  test('a token lacking the scope, an unknown token, an operation whose scope is not shown: each counted apart', () => {
    const record = observed([
      requestOf('POST', '/events/1', EVENTS),
      requestOf('GET', '/events', 'an-unknown-token-0123456789'),
      requestOf('GET', '/events'),
      requestOf('PATCH', '/deposit-products/2', WIDE),
    ]);
    expect(record.observed).toMatchObject({ callsLacking: 1, callsWithoutKnownToken: 2, callsOfUnshownScope: 1 });
  });

  test('scopes not read from an emulator: SKIP, saying so', () => {
    const record = observed([requestOf('GET', '/events', WIDE)], null);
    expect(record.outcome).toBe('SKIP');
    expect(record.message).toContain('not read');
  });
});
