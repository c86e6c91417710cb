import { describe, expect, test } from 'vitest';
import { requirementCatalogue } from '../../contract/catalogue/requirementCatalogue.ts';
import { SecretRedactor } from '../../harness/records/secretRedactor.ts';
import type { RecordedRequest } from '../../client/recordedRequest.ts';
import { CLIENT_REQUIREMENTS, judgeClientRequests, NO_CALL } from '../../client/requestJudge.ts';
import { PERTURBATION_REQUIREMENTS } from '../../client/perturbationChecks.ts';
import { DOCUMENT_MAX_BYTES } from '../../contract/facts/documentLimits.ts';
import { JSON_API } from '../../contract/facts/mediaTypes.ts';

// The client's judging as a pure function: hand-made requests in, check records
// out. Each CL requirement fails on the one request that breaks it and on nothing
// else; a body that is not JSON is a finding, never a throw; an operation the
// client never called leaves its requirements SKIP with the reason.

const TOKEN = 'client-judge-test-token-0123456789';
const BASE = 'http://127.0.0.1:1';

function requestOf(method: string, target: string, body?: unknown, headers: Record<string, string> = {}): RecordedRequest {
  const bytes =
    body === undefined
      ? Buffer.alloc(0)
      : Buffer.isBuffer(body)
        ? body
        : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
  return {
    method,
    target,
    headers: { authorization: `Bearer ${TOKEN}`, ...(body === undefined ? {} : { 'content-type': JSON_API }), ...headers },
    body: bytes,
    status: 200,
  };
}

const account = { account: { data: { type: 'account', id: '1' } } };
const checkRule = (attributes: Record<string, unknown>) => ({
  data: { type: 'checkPaymentPositivePay', attributes, relationships: account },
});
const webhook = (attributes: Record<string, unknown>) => ({ data: { type: 'webhook', attributes } });
const WEBHOOK = { label: 'l', url: 'http://127.0.0.1/x', token: '', contentType: 'Json', deliveryMode: 'AtMostOnce' };

/** A correct call of every operation the judges read, from which each case changes one. */
const CORRECT: RecordedRequest[] = [
  requestOf('POST', '/positive-pay-policy', {
    data: { type: 'positivePayPolicy', attributes: { optInTypes: ['CheckPayment'] }, relationships: account },
  }),
  requestOf('PATCH', '/deposit-products/2', { data: { type: 'updateDepositProduct', attributes: { positivePayOptIn: [] } } }),
  requestOf('POST', '/positive-pay', checkRule({ checkNumber: '1', amount: 100, expirationDate: '2096-02-29' })),
  requestOf('POST', '/positive-pay', { data: { type: 'drawdownPositivePay', attributes: {}, relationships: account } }),
  requestOf('PUT', '/positive-pay/3/documents', Buffer.from('%PDF'), { 'content-type': 'application/pdf' }),
  requestOf('POST', '/positive-pay/3/cancel'),
  requestOf('POST', '/webhooks', webhook(WEBHOOK)),
  requestOf('PATCH', '/webhooks/4', webhook({ subscriptionType: 'All' })),
  requestOf('GET', '/events?page[limit]=1000&page[offset]=0'),
  requestOf('POST', '/events/5', {}),
  requestOf('POST', '/sandbox/applications/6/approve', { data: { type: 'applicationApprove', attributes: { reason: 'ok' } } }),
];

function outcomes(requests: readonly RecordedRequest[]): Record<string, string[]> {
  const byId: Record<string, string[]> = {};
  for (const record of judgeClientRequests(requests, BASE, new SecretRedactor(), { enabledWebhooks: 0, activeRules: 1 }).records)
    (byId[record.requirementId] ??= []).push(record.outcome);
  return byId;
}
const failing = (requests: readonly RecordedRequest[]): string[] =>
  Object.entries(outcomes(requests))
    .filter(([, list]) => list.includes('FAIL'))
    .map(([id]) => id)
    .sort();
/** The correct calls with the one at `index` replaced. */
const replaced = (index: number, request: RecordedRequest): RecordedRequest[] => CORRECT.map((one, at) => (at === index ? request : one));

describe("judging the client's requests", () => {
  test('the correct calls fail nothing, and every CL requirement is judged but the perturbations of a plan these calls had none of and the scopes no emulator read', () => {
    const judged = outcomes(CORRECT);
    expect(failing(CORRECT)).toEqual([]);
    expect(Object.keys(judged).sort()).toEqual([...CLIENT_REQUIREMENTS].sort());
    const perturbed: string[] = Object.values(PERTURBATION_REQUIREMENTS).flat();
    const skipped = Object.entries(judged).filter(([, list]) => list.includes('SKIP'));
    expect(skipped.map(([id]) => id).sort()).toEqual([...perturbed, 'CL-SCOPES-HELD'].sort());
    const reasons = judgeClientRequests(CORRECT, BASE, new SecretRedactor()).records.filter((record) =>
      perturbed.includes(record.requirementId),
    );
    expect(reasons.every((record) => record.message.startsWith('the plan left out '))).toBe(true);
  });

  test('every CL requirement of the catalogue is judged by a check, and only those', () => {
    expect([...CLIENT_REQUIREMENTS].sort()).toEqual(
      requirementCatalogue('client')
        .all()
        .map((requirement) => requirement.id)
        .sort(),
    );
  });

  test.each([
    ['CL-BODY-MEDIA-TYPE', replaced(0, { ...CORRECT[0]!, headers: { ...CORRECT[0]!.headers, 'content-type': 'application/json' } })],
    [
      'CL-BODY-JSONAPI-DOCUMENT',
      replaced(6, requestOf('POST', '/webhooks', { data: { type: 'webhook', attributes: WEBHOOK, relationships: 'none' } })),
    ],
    [
      'CL-POLICY-CREATE-FIELDS',
      replaced(
        0,
        requestOf('POST', '/positive-pay-policy', { data: { type: 'positivePayPolicy', attributes: {}, relationships: account } }),
      ),
    ],
    [
      'CL-PRODUCT-UPDATE-FIELDS',
      replaced(1, requestOf('PATCH', '/deposit-products/2', { data: { type: 'updateDepositProduct', attributes: {} } })),
    ],
    ['CL-RULE-CREATE-FIELDS', replaced(2, requestOf('POST', '/positive-pay', checkRule({ amount: 100 })))],
    [
      'CL-RULE-CREATE-FIELDS',
      replaced(2, requestOf('POST', '/positive-pay', { data: { type: 'wirePositivePay', attributes: {}, relationships: account } })),
    ],
    ['CL-AMOUNT-INTEGER-CENTS', replaced(2, requestOf('POST', '/positive-pay', checkRule({ checkNumber: '1', amount: '100' })))],
    ['CL-AMOUNT-INTEGER-CENTS', replaced(2, requestOf('POST', '/positive-pay', checkRule({ checkNumber: '1', amount: 100.5 })))],
    [
      'CL-DATE-FULL-DATE',
      replaced(2, requestOf('POST', '/positive-pay', checkRule({ checkNumber: '1', amount: 100, expirationDate: '2095-02-30' }))),
    ],
    [
      'CL-DATE-FULL-DATE',
      replaced(2, requestOf('POST', '/positive-pay', checkRule({ checkNumber: '1', amount: 100, expirationDate: '2095-02-28T00:00:00Z' }))),
    ],
    [
      'CL-UPLOAD-MEDIA-TYPE',
      replaced(4, requestOf('PUT', '/positive-pay/3/documents', Buffer.from('GIF8'), { 'content-type': 'image/gif' })),
    ],
    ['CL-UPLOAD-SIZE', replaced(4, { ...CORRECT[4]!, bodySize: DOCUMENT_MAX_BYTES + 1 })],
    ['CL-WEBHOOK-CREATE-FIELDS', replaced(6, requestOf('POST', '/webhooks', webhook({ ...WEBHOOK, label: 5 })))],
    ['CL-QUERY-PARAMETERS', replaced(8, requestOf('GET', '/events?page[offset]=-1'))],
    ['CL-QUERY-PARAMETERS', replaced(8, requestOf('GET', '/events?filter[since]=yesterday'))],
    // 2.5: a drawdown has "no attributes other than the common optional ones"; the issue's own example.
    [
      'CL-CLOSED-ATTRIBUTES',
      replaced(
        3,
        requestOf('POST', '/positive-pay', {
          data: { type: 'drawdownPositivePay', attributes: { amount: 'lots' }, relationships: account },
        }),
      ),
    ],
    ['CL-CLOSED-ATTRIBUTES', replaced(7, requestOf('PATCH', '/webhooks/4', webhook({ deliveryMode: 'AtLeastOnce' })))],
    ['CL-PATH-IDS', replaced(5, requestOf('POST', '/positive-pay/%20/cancel'))],
    [
      'CL-SANDBOX-BODIES',
      replaced(
        10,
        requestOf('POST', '/sandbox/applications/6/approve', { data: { type: 'applicationApprove', attributes: { reason: 1 } } }),
      ),
    ],
    ['CL-WEBHOOK-VOCABULARY', replaced(6, requestOf('POST', '/webhooks', webhook({ ...WEBHOOK, deliveryMode: 'ExactlyOnce' })))],
    ['CL-WEBHOOK-VOCABULARY', replaced(7, requestOf('PATCH', '/webhooks/4', webhook({ contentType: 'Xml' })))],
    ['CL-WEBHOOK-UPDATE-FIELDS', replaced(7, requestOf('PATCH', '/webhooks/4', webhook({ includeResources: 'yes' })))],
    ['CL-PAGE-LIMIT-BOUND', replaced(8, requestOf('GET', '/events?page[limit]=5000'))],
    ['CL-PAGE-LIMIT-BOUND', replaced(8, requestOf('GET', '/webhooks?page%5Blimit%5D=ten'))],
    ['CL-RESEND-EMPTY-OBJECT', replaced(9, requestOf('POST', '/events/5'))],
    ['CL-RESEND-EMPTY-OBJECT', replaced(9, requestOf('POST', '/events/5', { data: {} }))],
    ['CL-BEARER-EVERY-CALL', replaced(8, { ...CORRECT[8]!, headers: {} })],
    ['CL-BEARER-EVERY-CALL', replaced(5, { ...CORRECT[5]!, headers: { authorization: `Basic ${TOKEN}` } })],
  ])('%s fails on the one request that breaks it, and nothing else does', (id, requests) => {
    expect(failing(requests)).toEqual([id]);
  });

  test('a webhook create without label (2.6: "listed as a plain attribute") is a WARN, never a failed MUST', () => {
    const judged = outcomes(replaced(6, requestOf('POST', '/webhooks', webhook({ ...WEBHOOK, label: undefined }))));
    expect(judged['CL-WEBHOOK-PLAIN-ATTRIBUTES']).toContain('WARN');
    expect(judged['CL-WEBHOOK-CREATE-FIELDS']).toEqual(['PASS']);
  });

  test('a webhook create without deliveryMode (2.6: "listed as a plain attribute") is a WARN of its own, never a failed MUST', () => {
    const { deliveryMode: _sent, ...withoutMode } = WEBHOOK;
    const judged = outcomes(replaced(6, requestOf('POST', '/webhooks', webhook(withoutMode))));
    expect(judged['CL-WEBHOOK-DELIVERY-MODE']).toEqual(['WARN']);
    expect(judged['CL-WEBHOOK-CREATE-FIELDS']).toEqual(['PASS']);
    expect(failing(replaced(6, requestOf('POST', '/webhooks', webhook(withoutMode))))).toEqual([]);
    expect(outcomes(CORRECT)['CL-WEBHOOK-DELIVERY-MODE']).toEqual(['PASS']);
  });

  test('Bearer followed by two spaces is a bearer header (RFC 6750: "Bearer" 1*SP b64token); a token outside b64token is not', () => {
    const twoSpaces = replaced(8, { ...CORRECT[8]!, headers: { authorization: `Bearer  ${TOKEN}` } });
    expect(outcomes(twoSpaces)['CL-BEARER-EVERY-CALL']).not.toContain('FAIL');
    const notB64 = replaced(8, { ...CORRECT[8]!, headers: { authorization: `Bearer ${TOKEN},x` } });
    expect(failing(notB64)).toEqual(['CL-BEARER-EVERY-CALL']);
  });

  test('a body that is no JSON:API document also lacks the fields of its operation: both say so', () => {
    const bare = replaced(0, requestOf('POST', '/positive-pay-policy', { optInTypes: ['CheckPayment'] }));
    expect(failing(bare)).toEqual(['CL-BODY-JSONAPI-DOCUMENT', 'CL-POLICY-CREATE-FIELDS']);
  });

  test('a body that is not JSON is a finding of the requirements that read it, never a throw', () => {
    const broken = replaced(2, requestOf('POST', '/positive-pay', '{"data": {"type": '));
    expect(failing(broken)).toEqual(['CL-BODY-JSONAPI-DOCUMENT', 'CL-RULE-CREATE-FIELDS']);
    const binary = replaced(9, requestOf('POST', '/events/5', Buffer.from([0xff, 0xfe, 0x00])));
    expect(failing(binary)).toEqual(['CL-RESEND-EMPTY-OBJECT']);
  });

  test('a requirement whose operations were never called SKIPs, naming them; the coverage is recorded', () => {
    const judgement = judgeClientRequests([CORRECT[9]!, requestOf('GET', '/nowhere')], BASE, new SecretRedactor());
    const skipped = judgement.records.filter((record) => record.requirementId === 'CL-UPLOAD-SIZE');
    expect(skipped.map((record) => [record.outcome, record.message])).toEqual([
      ['SKIP', 'the client never called positivePay.uploadDocument (PUT /positive-pay/{id}/documents)'],
    ]);
    expect(judgement.exercised).toEqual({ 'event.resend': 1 });
    expect(judgement.undocumented).toEqual(['GET /nowhere']);
    const coverage = judgement.records.find((record) => record.requirementId === 'CL-OPERATIONS-EXERCISED');
    expect(coverage?.outcome).toBe('OBSERVED');
    expect(coverage?.observed).toMatchObject({ exercised: { 'event.resend': 1 }, undocumented: ['GET /nowhere'] });
  });

  test('a call that carries nothing a requirement judges (no page[limit], no expirationDate) leaves it SKIP, not untested', () => {
    const judged = outcomes([requestOf('GET', '/events'), requestOf('POST', '/positive-pay', checkRule({ checkNumber: '1', amount: 1 }))]);
    expect(judged['CL-PAGE-LIMIT-BOUND']).toEqual(['SKIP']);
    expect(judged['CL-DATE-FULL-DATE']).toEqual(['SKIP']);
    expect(judged['CL-AMOUNT-INTEGER-CENTS']).toEqual(['PASS']);
    expect(Object.values(judged).flat()).not.toContain('UNTESTABLE');
  });

  test('no call at all: every CL requirement SKIPs, "the client made no call"', () => {
    const records = judgeClientRequests([], BASE, new SecretRedactor()).records;
    expect(new Set(records.map((record) => `${record.outcome} ${record.message}`))).toEqual(new Set([`SKIP ${NO_CALL}`]));
    expect(new Set(records.map((record) => record.requirementId)).size).toBe(CLIENT_REQUIREMENTS.length);
  });

  test('the token never appears in a record, its evidence included', () => {
    const redactor = new SecretRedactor();
    redactor.add(TOKEN);
    const bad = replaced(0, { ...CORRECT[0]!, headers: { ...CORRECT[0]!.headers, 'content-type': 'text/plain' } });
    const text = JSON.stringify(judgeClientRequests(bad, BASE, redactor).records);
    expect(text).toContain('CL-BODY-MEDIA-TYPE');
    expect(text).not.toContain(TOKEN);
  });
});
