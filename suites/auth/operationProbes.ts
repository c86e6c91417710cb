import { randomUUID } from 'node:crypto';
import type { ApiResponse, RequestOptions } from '../../harness/targetIO/apiClient.ts';
import { injectEvents } from '../shared/eventInjection.ts';
import { OPERATIONS, type OperationName } from '../../contract/catalogue/operationCatalogue.ts';
import { describeTrigger, type ScenarioContext, triggerAvailable } from '../../harness/engine/scenario.ts';
import { sampleDocument } from '../shared/documentBodies.ts';
import { findEvents } from '../shared/eventLookup.ts';
import { type OptInHolder, putBackIfTaken } from '../shared/fixtureOptIn.ts';
import { DOCUMENTED_FIRES, makeEventsHappen } from '../shared/eventTriggers.ts';
import {
  isSandboxOperation,
  type PreparedProbe,
  type ProbeChange,
  prepareSandboxProbe,
  type ProbePreparation,
  stateChange,
  type UnavailableProbe,
} from '../shared/ownResourceProbes.ts';
import { MINIMAL, ruleBody } from '../shared/ruleRequests.ts';
import { cancelOnCleanup, markerCarrier, requireRule, rulesCarryingMarker, statusOf, withMarker } from '../shared/ruleSteps.ts';
import {
  disableOwnWebhook,
  findOwnWebhook,
  getWebhook,
  plainAttributes,
  requireEnabledWebhook,
  requireWebhook,
  type WebhookAttributes,
  webhookDocument,
} from '../shared/webhookFixtures.ts';

// For each documented operation (section 5.1 and the operation table): a request
// that would succeed with the right credentials, and, where state is visible, a
// way to tell that a refused request changed nothing. Every probe acts on a
// resource the run made itself (a rule, a webhook, an event, an application and
// its document): at an id the target never issued, a target that ignores the
// credentials answers 404 too, and the check could not fail. Where the run
// cannot make the resource, the probe is unavailable and its scenario SKIPs.

export type { PreparedProbe, ProbePreparation } from '../shared/ownResourceProbes.ts';

/** The fixture opt-in an operation sets when it succeeds (2.2, 2.3): put back as docs/scenarios-and-checks.md says. */
export const CHANGES_OPT_IN: Partial<Record<OperationName, OptInHolder>> = {
  'positivePayPolicy.create': 'account',
  'depositProduct.update': 'product',
};

/**
 * Undo what an accepted request created or changed on the fixture, so the target is left as found.
 * A webhook create's answer is not shown (4.3): one that does not name the webhook is found by the probe's own label.
 */
export async function undoIfCreated(
  ctx: ScenarioContext,
  operation: OperationName,
  response: ApiResponse,
  sent: RequestOptions,
): Promise<void> {
  const succeeded = response.status >= 200 && response.status < 300;
  const holder = CHANGES_OPT_IN[operation];
  if (holder && succeeded) putBackIfTaken(ctx, await ctx.fixtures.account(), holder, () => true);
  if (!succeeded) return;
  const id =
    response.body?.data?.id ?? (operation === 'webhook.create' ? (await findOwnWebhook(ctx, sentAttributes(sent)))?.id : undefined);
  if (typeof id !== 'string' && typeof id !== 'number') return;
  if (operation === 'positivePay.create') cancelOnCleanup(ctx, String(id));
  if (operation === 'webhook.create')
    ctx.cleanup.record({ kind: 'webhook', id: String(id) }, () => ctx.api.send('POST', `/webhooks/${encodeURIComponent(id)}/disable`));
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const sentAttributes = (sent: RequestOptions): WebhookAttributes => (sent.body as any)?.data?.attributes ?? {};

export interface OperationProbe {
  operation: OperationName;
  prepare(ctx: ScenarioContext): Promise<ProbePreparation>;
}

/** Port 9 (discard) on the target's loopback: never a real receiver. */
const PROBE_URL = 'http://127.0.0.1:9/conformance-auth-probe';

/**
 * A webhook of the run's own, Disabled unless the probe needs it Enabled: an Enabled one
 * pointing nowhere would be sent every event of a shared sandbox while it lives.
 */
async function ownWebhook(ctx: ScenarioContext, status: 'Enabled' | 'Disabled' = 'Disabled'): Promise<{ id: string }> {
  const attributes = plainAttributes(ctx, PROBE_URL, { token: '' });
  if (status === 'Enabled') return requireEnabledWebhook(ctx, attributes);
  const created = await requireWebhook(ctx, attributes);
  if (created.webhook?.attributes?.status !== 'Disabled') {
    const answer = await disableOwnWebhook(ctx, created);
    if (answer.status !== 200) throw new Error(`disabling the probe's own webhook ${created.id} answered ${answer.status}`);
  }
  return created;
}

async function webhookMember(ctx: ScenarioContext, id: string, member: 'label' | 'status'): Promise<unknown> {
  const response = await getWebhook(ctx, id);
  if (response.status !== 200) throw new Error(`GET /webhooks/${id} answered ${response.status}, so the probe's webhook could not be read`);
  return response.body?.data?.attributes?.[member];
}

/**
 * Reads the member now; the answer reads it again and says how it changed, if it did: the
 * operation's effect only when it took the value the operation sets (a disable sets Disabled;
 * Unavailable is 3.2's own transition of an endpoint unresponsive for days).
 */
async function webhookChange(
  ctx: ScenarioContext,
  id: string,
  member: 'label' | 'status',
  setByOperation: unknown,
): Promise<() => Promise<ProbeChange>> {
  const before = await webhookMember(ctx, id, member);
  return async () =>
    stateChange(`webhook ${id} ${member}`, before, await webhookMember(ctx, id, member), (value) => value === setByOperation);
}

/** An event of the run's own: injected, or fired by a sandbox approve (API 6.3) and found in GET /events. */
async function ownEventId(ctx: ScenarioContext): Promise<string | UnavailableProbe> {
  if (triggerAvailable('injection', ctx.target)) {
    const [event] = await injectEvents(ctx.control, { type: 'account.created' });
    if (event) return event.id;
  }
  if (triggerAvailable('sandbox-approve', ctx.target)) {
    const triggered = await makeEventsHappen(ctx, 1, ['sandbox-approve']);
    const found = await findEvents(ctx, [DOCUMENTED_FIRES['sandbox-approve']], triggered.since, triggered.isOurs);
    const id = found.events[0]?.id;
    if (typeof id !== 'string')
      throw new Error(`the ${DOCUMENTED_FIRES['sandbox-approve']} event of the probe's own approve was not listed`);
    return id;
  }
  return {
    unavailable: `the run cannot make an event of its own here (it needs ${describeTrigger('injection')} or ${describeTrigger('sandbox-approve')}), and an event id it did not make could be unknown to the target`,
  };
}

async function withOwnEvent(ctx: ScenarioContext, build: (id: string) => PreparedProbe): Promise<ProbePreparation> {
  const id = await ownEventId(ctx);
  return typeof id === 'string' ? build(id) : id;
}

const SANDBOX_OPERATIONS = (Object.keys(OPERATIONS) as OperationName[]).filter(isSandboxOperation);

async function awaitingDrawdown(ctx: ScenarioContext) {
  const { accountId } = await ctx.fixtures.account();
  return requireRule(ctx, 'drawdownPositivePay', {}, accountId);
}

/** A rule's status against the one it had: the operation's effect only where it is `setByOperation` (3.1). */
const statusChange = (ctx: ScenarioContext, id: string, was: string, setByOperation: string) => async () =>
  stateChange(`rule ${id} status`, was, await statusOf(ctx, id), (value) => value === setByOperation);

export const OPERATION_PROBES: readonly OperationProbe[] = [
  {
    operation: 'positivePayPolicy.create',
    async prepare(ctx) {
      const { accountId } = await ctx.fixtures.account();
      return {
        options: {
          body: {
            data: {
              type: 'positivePayPolicy',
              attributes: { optInTypes: ['CheckPayment'] },
              relationships: { account: { data: { type: 'account', id: accountId } } },
            },
          },
        },
      };
    },
  },
  {
    operation: 'depositProduct.update',
    async prepare(ctx) {
      const { depositProductId } = await ctx.fixtures.account();
      return {
        options: {
          params: { id: depositProductId },
          body: { data: { type: 'updateDepositProduct', attributes: { positivePayOptIn: [] } } },
        },
      };
    },
  },
  {
    operation: 'positivePay.create',
    async prepare(ctx) {
      const { accountId } = await ctx.fixtures.account();
      // A unique tag tells a rule this request created from other people's, created meanwhile.
      const marker = randomUUID();
      const attributes = MINIMAL.receivedAchDebitPositivePay(ctx.faker);
      return {
        options: { body: ruleBody('receivedAchDebitPositivePay', withMarker(attributes, marker), accountId) },
        async changed() {
          const created = await rulesCarryingMarker(ctx, accountId, marker, markerCarrier(attributes));
          return created.length === 0 ? {} : { effect: `rules ${created.join(', ')} were created` };
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
        changed: statusChange(ctx, rule.id, String(rule.attributes?.status), 'Active'),
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
      return { options: { params: { id: rule.id } }, changed: statusChange(ctx, rule.id, 'Active', 'Cancelled') };
    },
  },
  {
    operation: 'webhook.create',
    async prepare(ctx) {
      // A label of the probe's own: a refused create must make no webhook that carries it.
      const attributes = {
        label: `conformance auth probe ${ctx.faker.string.alphanumeric(10)}`,
        url: PROBE_URL,
        token: '',
        contentType: 'Json',
        deliveryMode: 'AtMostOnce',
      };
      const changed = async () => {
        const made = await findOwnWebhook(ctx, attributes, 1);
        return made ? { effect: `webhook ${made.id} carrying the probe's label was made` } : {};
      };
      return { options: { body: webhookDocument(attributes) }, changed };
    },
  },
  { operation: 'webhook.get', prepare: async (ctx) => ({ options: { params: { id: (await ownWebhook(ctx)).id } } }) },
  { operation: 'webhook.list', prepare: async () => ({ options: {} }) },
  {
    operation: 'webhook.update',
    async prepare(ctx) {
      const webhook = await ownWebhook(ctx);
      const label = `conformance auth probe ${ctx.faker.string.alphanumeric(8)}`;
      return {
        options: { params: { id: webhook.id }, body: { data: { type: 'webhook', attributes: { label } } } },
        changed: await webhookChange(ctx, webhook.id, 'label', label),
      };
    },
  },
  {
    operation: 'webhook.enable',
    async prepare(ctx) {
      const webhook = await ownWebhook(ctx);
      return { options: { params: { id: webhook.id } }, changed: await webhookChange(ctx, webhook.id, 'status', 'Enabled') };
    },
  },
  {
    operation: 'webhook.disable',
    async prepare(ctx) {
      const webhook = await ownWebhook(ctx, 'Enabled');
      return { options: { params: { id: webhook.id } }, changed: await webhookChange(ctx, webhook.id, 'status', 'Disabled') };
    },
  },
  { operation: 'event.get', prepare: async (ctx) => withOwnEvent(ctx, (id) => ({ options: { params: { id } } })) },
  { operation: 'event.list', prepare: async () => ({ options: {} }) },
  // What a resend changes is a delivery; without a receiver of the run's own, only the refusal is judged.
  { operation: 'event.resend', prepare: async (ctx) => withOwnEvent(ctx, (id) => ({ options: { params: { id }, body: {} } })) },
  ...SANDBOX_OPERATIONS.map((operation) => ({ operation, prepare: (ctx: ScenarioContext) => prepareSandboxProbe(ctx, operation) })),
];

/** Every operation of the table has a probe; a new operation without one fails the project tests. */
export const unprobedOperations = (): string[] =>
  Object.keys(OPERATIONS).filter((name) => !OPERATION_PROBES.some((probe) => probe.operation === name));
