import { OPERATIONS, type OperationName } from '../../../contract/catalogue/operationCatalogue.ts';

// What the bad-input fuzzer aims at: every documented operation (the operation
// catalogue), every control endpoint and the emulator's own sandbox routes, each
// with the body it would accept. Malformed requests are derived from these.

/** Ids that exist in the emulator under test, so that some requests get past the lookups. */
export interface KnownIds {
  accountId: string;
  depositProductId: string;
  ruleId: string;
  drawdownRuleId: string;
  webhookId: string;
  eventId: string;
  applicationId: string;
  documentId: string;
}

export type BodyKind = 'json' | 'bytes' | 'none';

export interface FuzzRoute {
  /** Operation name or 'METHOD path' for routes outside the catalogue. */
  name: string;
  method: string;
  /** Template with {name} segments. */
  path: string;
  body: BodyKind;
  /** The body the route accepts, from which wrong ones are derived (json routes). */
  accepted?: (ids: KnownIds) => unknown;
}

/** Webhooks the fuzzer manages to create point at the discard port on loopback: never anywhere else. */
const UNUSED_URL = 'http://127.0.0.1:9/fuzz';
const account = (ids: KnownIds) => ({ account: { data: { type: 'account', id: ids.accountId } } });

const DOCUMENTED_BODIES: Partial<Record<OperationName, { body: BodyKind; accepted?: (ids: KnownIds) => unknown }>> = {
  'positivePayPolicy.create': {
    body: 'json',
    accepted: (ids) => ({ data: { type: 'positivePayPolicy', attributes: { optInTypes: ['CheckPayment'] }, relationships: account(ids) } }),
  },
  'depositProduct.update': {
    body: 'json',
    accepted: () => ({ data: { type: 'updateDepositProduct', attributes: { positivePayOptIn: ['CheckPayment'] } } }),
  },
  'positivePay.create': {
    body: 'json',
    accepted: (ids) => ({
      data: { type: 'receivedAchDebitPositivePay', attributes: { originatorName: 'Fuzz', amount: 100 }, relationships: account(ids) },
    }),
  },
  'positivePay.uploadDocument': { body: 'bytes' },
  'webhook.create': {
    body: 'json',
    accepted: () => ({
      data: {
        type: 'webhook',
        attributes: { label: 'fuzz', url: UNUSED_URL, token: 'fuzz-token', contentType: 'Json', deliveryMode: 'AtMostOnce' },
      },
    }),
  },
  'webhook.update': {
    body: 'json',
    accepted: () => ({ data: { type: 'webhook', attributes: { label: 'fuzzed', includeResources: true } } }),
  },
  'event.resend': { body: 'json', accepted: () => ({}) },
  'sandbox.approveApplication': {
    body: 'json',
    accepted: () => ({ data: { type: 'applicationApprove', attributes: { reason: 'fuzz' } } }),
  },
  'sandbox.denyApplication': { body: 'json', accepted: () => ({ data: { type: 'applicationDeny', attributes: { reason: 'fuzz' } } }) },
  'sandbox.approveDocument': { body: 'json', accepted: () => ({}) },
  'sandbox.rejectDocument': {
    body: 'json',
    accepted: () => ({ data: { type: 'documentReject', attributes: { reason: 'fuzz', reasonCode: 'Blurry' } } }),
  },
};

const documentedRoutes: FuzzRoute[] = Object.entries(OPERATIONS).map(([name, operation]) => ({
  name,
  method: operation.method,
  path: operation.path,
  ...(DOCUMENTED_BODIES[name as OperationName] ?? { body: 'none' as const }),
}));

/** Every route under /_emulator (emulator/control, events and webhooks control routes), and the OpenAPI document. */
export const CONTROL_ROUTES: FuzzRoute[] = [
  { name: 'GET /_emulator/health', method: 'GET', path: '/_emulator/health', body: 'none' },
  { name: 'POST /_emulator/tokens', method: 'POST', path: '/_emulator/tokens', body: 'json', accepted: () => ({ scopes: ['payments'] }) },
  {
    name: 'POST /_emulator/deposit-products',
    method: 'POST',
    path: '/_emulator/deposit-products',
    body: 'json',
    accepted: () => ({ positivePayOptIn: ['CheckPayment'] }),
  },
  {
    name: 'POST /_emulator/accounts',
    method: 'POST',
    path: '/_emulator/accounts',
    body: 'json',
    accepted: (ids) => ({ depositProductId: ids.depositProductId, positivePayOptIn: ['ReceivedAchDebit'] }),
  },
  { name: 'GET /_emulator/clock', method: 'GET', path: '/_emulator/clock', body: 'none' },
  { name: 'POST /_emulator/clock/advance', method: 'POST', path: '/_emulator/clock/advance', body: 'json', accepted: () => ({ ms: 1000 }) },
  { name: 'POST /_emulator/clock/scale', method: 'POST', path: '/_emulator/clock/scale', body: 'json', accepted: () => ({ scale: 1 }) },
  {
    name: 'POST /_emulator/events',
    method: 'POST',
    path: '/_emulator/events',
    body: 'json',
    accepted: () => ({ type: 'account.created', count: 1 }),
  },
  { name: 'GET /_emulator/delivery', method: 'GET', path: '/_emulator/delivery', body: 'none' },
  { name: 'PUT /_emulator/delivery', method: 'PUT', path: '/_emulator/delivery', body: 'json', accepted: () => ({ timeoutMs: 1000 }) },
  { name: 'POST /_emulator/webhooks', method: 'POST', path: '/_emulator/webhooks', body: 'json', accepted: () => ({ count: 1 }) },
  { name: 'GET /_emulator/snapshots', method: 'GET', path: '/_emulator/snapshots', body: 'none' },
  { name: 'POST /_emulator/snapshots', method: 'POST', path: '/_emulator/snapshots', body: 'json', accepted: () => ({ name: 'fuzz' }) },
  // No accepted body: a restore in the middle of the run would take away what the fuzzer made.
  { name: 'POST /_emulator/snapshots/restore', method: 'POST', path: '/_emulator/snapshots/restore', body: 'json' },
  // Not under the prefix, but like the control endpoints it takes no token.
  { name: 'GET /openapi.json', method: 'GET', path: '/openapi.json', body: 'none' },
];

const simulation = (type: string, attributes: Record<string, unknown>) => (ids: KnownIds) => ({
  data: { type, attributes: { amount: 1500, ...attributes }, relationships: account(ids) },
});

/** The emulator's sandbox routes outside the catalogue (applications, simulated payments). */
const SANDBOX_ROUTES: FuzzRoute[] = [
  {
    name: 'POST /applications',
    method: 'POST',
    path: '/applications',
    body: 'json',
    accepted: () => ({
      data: {
        type: 'individualApplication',
        attributes: {
          fullName: { first: 'Ada', last: 'Lovelace' },
          email: 'ada@example.com',
          phone: { countryCode: '1', number: '5555550100' },
          address: { street: '20 Ingram St', city: 'Forest Hills', state: 'NY', postalCode: '11375', country: 'US' },
          dateOfBirth: '1990-12-10',
          ssn: '123456789',
        },
      },
    }),
  },
  { name: 'GET /applications/{applicationId}', method: 'GET', path: '/applications/{applicationId}', body: 'none' },
  { name: 'GET /applications/{applicationId}/documents', method: 'GET', path: '/applications/{applicationId}/documents', body: 'none' },
  {
    name: 'PUT /applications/{applicationId}/documents/{documentId}',
    method: 'PUT',
    path: '/applications/{applicationId}/documents/{documentId}',
    body: 'bytes',
  },
  {
    name: 'POST /sandbox/received-ach-debits',
    method: 'POST',
    path: '/sandbox/received-ach-debits',
    body: 'json',
    accepted: simulation('receivedAchDebitSimulation', { originatorName: 'Fuzz' }),
  },
  {
    name: 'POST /sandbox/check-payments',
    method: 'POST',
    path: '/sandbox/check-payments',
    body: 'json',
    accepted: simulation('checkPaymentSimulation', { checkNumber: '1001' }),
  },
  {
    name: 'POST /sandbox/wire-drawdowns',
    method: 'POST',
    path: '/sandbox/wire-drawdowns',
    body: 'json',
    accepted: simulation('wireDrawdownSimulation', {}),
  },
];

export const FUZZ_ROUTES: readonly FuzzRoute[] = [...documentedRoutes, ...CONTROL_ROUTES, ...SANDBOX_ROUTES];
