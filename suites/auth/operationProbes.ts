import { randomUUID } from 'node:crypto';
import type { ApiResponse, RequestOptions } from '../../harness/apiClient.ts';
import { OPERATIONS, type OperationName } from '../../harness/operationCatalogue.ts';
import type { ScenarioContext } from '../../harness/scenario.ts';
import { sampleDocument } from '../shared/documentBodies.ts';
import { type OptInHolder, putBackIfTaken } from '../shared/fixtureOptIn.ts';
import { MINIMAL, ruleBody } from '../shared/ruleRequests.ts';
import { cancelOnCleanup, requireRule, rulesCarryingMarker, statusOf, withMarker } from '../shared/ruleSteps.ts';

// For each documented operation (section 5.1 and the operation table): a request
// that would succeed with the right credentials, and, where state is visible, a
// way to tell that a refused request changed nothing. Positive pay operations
// act on real resources; webhook, event and sandbox operations use ids that do
// not exist, since a credential refusal comes before any lookup and only the
// status is judged there.

export interface PreparedProbe {
  options: RequestOptions;
  /** Describes what changed, or undefined when nothing did. */
  changed?: () => Promise<string | undefined>;
}

/** The fixture opt-in an operation sets when it succeeds (2.2, 2.3): put back as docs/architecture.md says. */
export const CHANGES_OPT_IN: Partial<Record<OperationName, OptInHolder>> = { 'positivePayPolicy.create': 'account', 'depositProduct.update': 'product' };

/** Undo what an accepted request created or changed on the fixture, so the target is left as found. */
export async function undoIfCreated(ctx: ScenarioContext, operation: OperationName, response: ApiResponse): Promise<void> {
  const succeeded = response.status >= 200 && response.status < 300;
  const holder = CHANGES_OPT_IN[operation];
  if (holder && succeeded) putBackIfTaken(ctx, await ctx.fixtures.account(), holder, () => true);
  const id = response.body?.data?.id;
  if (!succeeded || typeof id !== 'string') return;
  if (operation === 'positivePay.create') cancelOnCleanup(ctx, id);
  if (operation === 'webhook.create') ctx.cleanup.record({ kind: 'webhook', id }, () => ctx.api.send('POST', `/webhooks/${encodeURIComponent(id)}/disable`));
}

export interface OperationProbe {
  operation: OperationName;
  prepare(ctx: ScenarioContext): Promise<PreparedProbe>;
}

export const DUMMY_ID = '999999999999';

async function awaitingDrawdown(ctx: ScenarioContext) {
  const { accountId } = await ctx.fixtures.account();
  return requireRule(ctx, 'drawdownPositivePay', {}, accountId);
}

const statusChange = (ctx: ScenarioContext, id: string, expected: string) => async () => {
  const status = await statusOf(ctx, id);
  return status === expected ? undefined : `rule ${id} is now ${status}, was ${expected}`;
};

export const OPERATION_PROBES: readonly OperationProbe[] = [
  {
    operation: 'positivePayPolicy.create',
    async prepare(ctx) {
      const { accountId } = await ctx.fixtures.account();
      return { options: { body: { data: { type: 'positivePayPolicy', attributes: { optInTypes: ['CheckPayment'] }, relationships: { account: { data: { type: 'account', id: accountId } } } } } } };
    },
  },
  {
    operation: 'depositProduct.update',
    async prepare(ctx) {
      const { depositProductId } = await ctx.fixtures.account();
      return { options: { params: { id: depositProductId }, body: { data: { type: 'updateDepositProduct', attributes: { positivePayOptIn: [] } } } } };
    },
  },
  {
    operation: 'positivePay.create',
    async prepare(ctx) {
      const { accountId } = await ctx.fixtures.account();
      // A unique tag tells a rule this request created from other people's, created meanwhile.
      const marker = randomUUID();
      return {
        options: { body: ruleBody('receivedAchDebitPositivePay', withMarker(MINIMAL.receivedAchDebitPositivePay(ctx.faker), marker), accountId) },
        async changed() {
          const created = await rulesCarryingMarker(ctx, accountId, marker);
          return created.length === 0 ? undefined : `rules ${created.join(', ')} were created`;
        },
      };
    },
  },
  {
    operation: 'positivePay.uploadDocument',
    async prepare(ctx) {
      const rule = await awaitingDrawdown(ctx);
      return {
        options: { params: { id: rule.id }, rawBody: sampleDocument('authorization.png'), contentType: 'image/png' },
        changed: statusChange(ctx, rule.id, String(rule.attributes?.status)),
      };
    },
  },
  {
    operation: 'positivePay.get',
    async prepare(ctx) {
      return { options: { params: { id: (await awaitingDrawdown(ctx)).id } } };
    },
  },
  {
    operation: 'positivePay.list',
    async prepare(ctx) {
      const { accountId } = await ctx.fixtures.account();
      return { options: { query: { 'filter[accountId]': accountId } } };
    },
  },
  {
    operation: 'positivePay.cancel',
    async prepare(ctx) {
      const { accountId } = await ctx.fixtures.account();
      const rule = await requireRule(ctx, 'checkPaymentPositivePay', MINIMAL.checkPaymentPositivePay(ctx.faker), accountId);
      return { options: { params: { id: rule.id } }, changed: statusChange(ctx, rule.id, 'Active') };
    },
  },
  {
    operation: 'webhook.create',
    async prepare() {
      // Port 9 (discard) on loopback: never a real receiver.
      const attributes = { label: 'conformance auth probe', url: 'http://127.0.0.1:9/conformance-auth-probe', token: '', contentType: 'Json', deliveryMode: 'AtMostOnce' };
      return { options: { body: { data: { type: 'webhook', attributes } } } };
    },
  },
  { operation: 'webhook.get', prepare: async () => ({ options: { params: { id: DUMMY_ID } } }) },
  { operation: 'webhook.list', prepare: async () => ({ options: {} }) },
  { operation: 'webhook.update', prepare: async () => ({ options: { params: { id: DUMMY_ID }, body: { data: { type: 'webhook', attributes: { label: 'conformance auth probe' } } } } }) },
  { operation: 'webhook.enable', prepare: async () => ({ options: { params: { id: DUMMY_ID } } }) },
  { operation: 'webhook.disable', prepare: async () => ({ options: { params: { id: DUMMY_ID } } }) },
  { operation: 'event.get', prepare: async () => ({ options: { params: { id: DUMMY_ID } } }) },
  { operation: 'event.list', prepare: async () => ({ options: {} }) },
  { operation: 'event.resend', prepare: async () => ({ options: { params: { id: DUMMY_ID }, body: {} } }) },
  { operation: 'sandbox.approveApplication', prepare: async () => ({ options: { params: { applicationId: DUMMY_ID }, body: { data: { type: 'applicationApprove', attributes: { reason: 'conformance auth probe' } } } } }) },
  { operation: 'sandbox.denyApplication', prepare: async () => ({ options: { params: { applicationId: DUMMY_ID }, body: { data: { type: 'applicationDeny', attributes: { reason: 'conformance auth probe' } } } } }) },
  { operation: 'sandbox.approveDocument', prepare: async () => ({ options: { params: { applicationId: DUMMY_ID, documentId: DUMMY_ID }, body: {} } }) },
  {
    operation: 'sandbox.rejectDocument',
    prepare: async () => ({ options: { params: { applicationId: DUMMY_ID, documentId: DUMMY_ID }, body: { data: { type: 'documentReject', attributes: { reason: 'conformance auth probe', reasonCode: 'PoorQuality' } } } } }),
  },
  { operation: 'sandbox.downloadDocument', prepare: async () => ({ options: { params: { applicationId: DUMMY_ID, documentId: DUMMY_ID } } }) },
  { operation: 'sandbox.downloadDocumentBack', prepare: async () => ({ options: { params: { applicationId: DUMMY_ID, documentId: DUMMY_ID } } }) },
];

/** Every operation of the table has a probe; a new operation without one fails the project tests. */
export const unprobedOperations = (): string[] =>
  Object.keys(OPERATIONS).filter((name) => !OPERATION_PROBES.some((probe) => probe.operation === name));
