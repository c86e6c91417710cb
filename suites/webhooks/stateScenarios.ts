import { injectEvents } from '../shared/eventInjection.ts';
import { awaitDeliveries, describeWait, quietMs, watchQuietly } from '../shared/deliveryWait.ts';
import { pauseAfterRead, timedRead } from '../../harness/targetIO/pollCadence.ts';
import { defineScenario, type Scenario } from '../../harness/engine/scenario.ts';
import { deliveredIds, ensureSinkReachable, hasAll, sinkEndpoint, subscribe } from '../shared/sinkSession.ts';
import {
  type CreatedWebhook,
  createWebhook,
  disableOwnWebhook,
  getWebhook,
  isEnabled,
  listAllWebhooks,
  pause,
  plainAttributes,
  requireWebhook,
  succeeded,
} from '../shared/webhookFixtures.ts';

// API 3.2, 4.3, 7, 8: enable and disable, the sandbox limit of 100 Enabled
// webhooks, and Unavailable after an endpoint stays unresponsive.

const SANDBOX_ENABLED_LIMIT = 100;
/** Times the limit probe counts the Enabled webhooks again and fills the gap others left. */
const FILL_ROUNDS = 3;
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

const enableDisable = defineScenario({
  id: 'webhooks/enable-disable',
  area: 'webhooks',
  requirements: ['WH-DISABLE', 'WH-ENABLE', 'WH-ENABLE-DISABLE-REPEATED'],
  async run(ctx) {
    const endpoint = await sinkEndpoint(ctx, 'enable-disable');
    const created = await requireWebhook(ctx, plainAttributes(ctx, endpoint.url));
    if (!isEnabled(created.webhook)) await ctx.api.call('webhook.enable', { params: { id: created.id } });
    // 4.3: the answer's data is the webhook, so it shows the new status itself, not only a later GET.
    const disabled = await ctx.api.call('webhook.disable', { params: { id: created.id } });
    const afterDisable = await getWebhook(ctx, created.id);
    const disableAnswered = disabled.body?.data?.attributes?.status;
    ctx.check.expect(
      'WH-DISABLE',
      disabled.status === 200 &&
        disabled.body?.data?.id === created.id &&
        disableAnswered === 'Disabled' &&
        afterDisable.body?.data?.attributes?.status === 'Disabled',
      `disable: expected 200 with the webhook showing Disabled, and it left Disabled; answered ${disabled.status} showing ${disableAnswered}, status now ${afterDisable.body?.data?.attributes?.status}`,
      [disabled, afterDisable],
    );
    const again = await ctx.api.send('POST', `/webhooks/${created.id}/disable`);
    const enabled = await ctx.api.call('webhook.enable', { params: { id: created.id } });
    const afterEnable = await getWebhook(ctx, created.id);
    const enableAnswered = enabled.body?.data?.attributes?.status;
    ctx.check.expect(
      'WH-ENABLE',
      enabled.status === 200 &&
        enabled.body?.data?.id === created.id &&
        enableAnswered === 'Enabled' &&
        afterEnable.body?.data?.attributes?.status === 'Enabled',
      `enable: expected 200 with the webhook showing Enabled, and it left Enabled; answered ${enabled.status} showing ${enableAnswered}, status now ${afterEnable.body?.data?.attributes?.status}`,
      [enabled, afterEnable],
    );
    const enableAgain = await ctx.api.send('POST', `/webhooks/${created.id}/enable`);
    ctx.check.observe(
      'WH-ENABLE-DISABLE-REPEATED',
      { disableDisabled: again.status, enableEnabled: enableAgain.status },
      `disabling a Disabled webhook answered ${again.status}; enabling an Enabled one answered ${enableAgain.status}`,
      [again, enableAgain],
    );
  },
});

/** Webhooks created at once while filling up to the limit. */
const FILL_AT_ONCE = 8;

const enabledLimit = defineScenario({
  id: 'webhooks/sandbox-enabled-limit',
  area: 'webhooks',
  requirements: ['WH-ENABLED-LIMIT-BELOW', 'WH-ENABLED-LIMIT-CREATE', 'WH-ENABLED-LIMIT-ENABLE', 'WH-ENABLED-LIMIT-4XX'],
  environments: ['sandbox'],
  heavy: 'it creates webhooks until 100 are Enabled, and the documents have no operation to delete a webhook',
  moves: ['webhook-quota', 'webhook-list'],
  // A spare, then webhooks up to the limit: it holds the run's whole webhook budget (and more), so it runs as the only holder.
  webhooks: SANDBOX_ENABLED_LIMIT + 1,
  async run(ctx) {
    const endpoint = await sinkEndpoint(ctx, 'enabled-limit');
    const { webhooks } = await listAllWebhooks(ctx);
    const enabledBefore = webhooks.filter(isEnabled).length;
    if (enabledBefore >= SANDBOX_ENABLED_LIMIT) {
      throw new Error(
        `${enabledBefore} webhooks are already Enabled; the limit cannot be approached from below without disabling someone else's webhooks`,
      );
    }
    // A spare webhook, Disabled, to try enabling once the limit is reached.
    const spare = await requireWebhook(ctx, plainAttributes(ctx, endpoint.url));
    const spareDisabled = await disableOwnWebhook(ctx, spare);
    if (!spare.released) {
      throw new Error(`disabling the spare webhook answered ${spareDisabled.status}; the limit cannot be judged with it Enabled`);
    }
    let belowOk = true;
    // On a shared sandbox others enable and disable webhooks meanwhile: count again after each fill, and
    // judge a refused create only where a count read right after it shows the limit was not reached.
    // The fill's own webhooks may leave Enabled too (3.2: one whose endpoint stays unresponsive becomes
    // Unavailable, and the target may move its clock days on): those are enabled again, never replaced, so
    // the scenario creates at most SANDBOX_ENABLED_LIMIT of them, as it declares.
    const filled: CreatedWebhook[] = [];
    const fillOne = async () => {
      const { response, created } = await createWebhook(ctx, plainAttributes(ctx, endpoint.url));
      const status = created?.webhook?.attributes?.status;
      if (created && status !== 'Enabled') await ctx.api.call('webhook.enable', { params: { id: created.id } });
      return { response, created };
    };
    let listed = webhooks;
    let enabledNow = enabledBefore;
    for (let round = 0; belowOk && enabledNow < SANDBOX_ENABLED_LIMIT && round < FILL_ROUNDS; round += 1) {
      const lapsed = filled.filter((own) => !listed.some((webhook) => String(webhook.id) === own.id && isEnabled(webhook)));
      const enables = await Promise.all(
        lapsed.slice(0, SANDBOX_ENABLED_LIMIT - enabledNow).map((own) => ctx.api.call('webhook.enable', { params: { id: own.id } })),
      );
      let enabled = enabledNow + enables.filter(succeeded).length;
      while (enabled < SANDBOX_ENABLED_LIMIT && filled.length < SANDBOX_ENABLED_LIMIT) {
        // A few at a time, never past the limit as counted: a hundred one by one is the run's longest wait.
        const batch = Math.min(FILL_AT_ONCE, SANDBOX_ENABLED_LIMIT - enabled, SANDBOX_ENABLED_LIMIT - filled.length);
        const answers = await Promise.all(Array.from({ length: batch }, fillOne));
        for (const { created } of answers) if (created) filled.push(created);
        enabled += answers.filter((answer) => answer.created).length;
        const refused = answers.find((answer) => !answer.created);
        if (!refused) continue;
        const counted = (await listAllWebhooks(ctx)).webhooks.filter(isEnabled).length;
        if (counted >= SANDBOX_ENABLED_LIMIT || filled.length >= SANDBOX_ENABLED_LIMIT) break;
        // A webhook may have left Enabled between the refusal and the count. A create refused (not 2xx) made
        // nothing, so one more is sent, judged between the count just read and one read right after it.
        const again = succeeded(refused.response) ? refused : await fillOne();
        if (again.created) {
          filled.push(again.created);
          enabled = counted + 1;
          continue;
        }
        const recounted = (await listAllWebhooks(ctx)).webhooks.filter(isEnabled).length;
        if (recounted >= SANDBOX_ENABLED_LIMIT) break;
        belowOk = false;
        ctx.check.fail(
          'WH-ENABLED-LIMIT-BELOW',
          `with ${counted} webhooks Enabled before it and ${recounted} after, a create: expected success; it answered ${again.response.status}`,
          [refused.response, again.response],
        );
        break;
      }
      listed = (await listAllWebhooks(ctx)).webhooks;
      enabledNow = listed.filter(isEnabled).length;
    }
    if (belowOk && enabledNow < SANDBOX_ENABLED_LIMIT) {
      throw new Error(
        `after ${FILL_ROUNDS} fills ${enabledNow} webhooks are Enabled: webhooks keep leaving Enabled (others disabling theirs, or the target making ours Unavailable), so the limit cannot be held to judge it`,
      );
    }
    if (belowOk)
      ctx.check.pass(
        'WH-ENABLED-LIMIT-BELOW',
        `creating webhooks up to ${SANDBOX_ENABLED_LIMIT} Enabled succeeded (from ${enabledBefore})`,
      );

    // A create or enable let through is judged only where the others Enabled still number the limit: the fill's
    // own webhooks may have left Enabled since the count (3.2), and then letting it through was right.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const limitHeld = (listed: any[], isIt: (webhook: any) => boolean, what: string): void => {
      const others = listed.filter((webhook) => isEnabled(webhook) && !isIt(webhook)).length;
      if (others < SANDBOX_ENABLED_LIMIT) {
        throw new Error(
          `${what} was let through, and ${others} other webhooks are Enabled: the limit no longer held (webhooks left Enabled meanwhile), so it cannot be judged`,
        );
      }
    };
    const label = `over-limit-${ctx.faker.string.alphanumeric(10)}`;
    const { response: overCreate, created: overCreated } = await createWebhook(ctx, plainAttributes(ctx, endpoint.url, { label }));
    const after = await listAllWebhooks(ctx);
    const appeared = after.webhooks.some((webhook) => webhook.attributes?.label === label);
    if (overCreated || appeared) limitHeld(after.webhooks, (webhook) => webhook.attributes?.label === label, 'the create');
    ctx.check.expect(
      'WH-ENABLED-LIMIT-CREATE',
      !overCreated && !appeared,
      `with ${SANDBOX_ENABLED_LIMIT} webhooks Enabled, a create: expected no webhook created; it answered ${overCreate.status} and the webhook ${appeared ? 'exists' : 'does not exist'}`,
      overCreate,
    );
    ctx.check.expect(
      'WH-ENABLED-LIMIT-4XX',
      overCreate.status >= 400 && overCreate.status < 500,
      `with ${SANDBOX_ENABLED_LIMIT} webhooks Enabled, the refused create: expected a 4xx; it answered ${overCreate.status}`,
      overCreate,
    );

    const overEnable = await ctx.api.send('POST', `/webhooks/${spare.id}/enable`);
    const spareAfter = await getWebhook(ctx, spare.id);
    if (spareAfter.body?.data?.attributes?.status === 'Enabled') {
      limitHeld((await listAllWebhooks(ctx)).webhooks, (webhook) => String(webhook.id) === spare.id, 'enabling the spare');
    }
    ctx.check.expect(
      'WH-ENABLED-LIMIT-ENABLE',
      spareAfter.status === 200 && spareAfter.body?.data?.attributes?.status !== 'Enabled',
      `with ${SANDBOX_ENABLED_LIMIT} webhooks Enabled, enabling another: expected it left not Enabled; answered ${overEnable.status}, status ${spareAfter.body?.data?.attributes?.status}`,
      [overEnable, spareAfter],
    );
    ctx.check.expect(
      'WH-ENABLED-LIMIT-4XX',
      overEnable.status >= 400 && overEnable.status < 500,
      `with ${SANDBOX_ENABLED_LIMIT} webhooks Enabled, the refused enable: expected a 4xx; it answered ${overEnable.status}`,
      overEnable,
    );
  },
});

/** The least quiet time before an attempt that has not come is taken as not coming (the run's measures may lengthen it). */
const ATTEMPT_FLOOR_MS = 5000;
/** The least quiet time watched for deliveries an Unavailable webhook must not get. */
const NOTHING_COMES_FLOOR_MS = 400;
/** The least time the webhook's status is read for after the attempt that makes it Unavailable, and how often. */
const STATUS_POLL_FLOOR_MS = 2000;
const STATUS_POLL_INTERVAL_MS = 100;

/** Enabled → (endpoint fails for the environment's limit) → Unavailable → no deliveries → enable → deliveries again. */
const unavailable = defineScenario({
  id: 'webhooks/unavailable-after-unresponsive',
  area: 'webhooks',
  requirements: ['WH-UNAVAILABLE-SANDBOX', 'WH-UNAVAILABLE-LIVE', 'WH-UNAVAILABLE-NO-DELIVERY', 'WH-ENABLE-FROM-UNAVAILABLE'],
  webhooks: 2,
  needs: ['clockControl', 'eventInjection', 'webhookDelivery'],
  async run(ctx) {
    const live = ctx.target.environment === 'live';
    const requirement = live ? 'WH-UNAVAILABLE-LIVE' : 'WH-UNAVAILABLE-SANDBOX';
    ctx.check.skip(live ? 'WH-UNAVAILABLE-SANDBOX' : 'WH-UNAVAILABLE-LIVE', `the target is ${ctx.target.environment}`);
    const limit = (live ? 7 : 2) * DAY;
    await ensureSinkReachable(ctx);
    const subscription = await subscribe(ctx, 'unavailable', { deliveryMode: 'AtLeastOnce' }, { fallback: { status: 503 } });
    await injectEvents(ctx.control, { type: 'account.frozen' });
    const count = () => subscription.endpoint.deliveries().length;
    // Attempts come as the target makes progress: a wait goes on while deliveries arrive, bounded by the run's measures.
    const waitForAttempt = (seen: number) =>
      awaitDeliveries(ctx, subscription.endpoint, (deliveries) => deliveries.length > seen, ATTEMPT_FLOOR_MS, true, false);
    // Any attempt will do: events other scenarios made happen since the webhook was created may be ahead of the injected one in its queue.
    const first = await waitForAttempt(0);
    if (!first.settled) throw new Error(`the first delivery attempt never arrived (${describeWait(first)})`);

    let seen = count();
    await ctx.control.advanceClock(limit - 2 * HOUR);
    await waitForAttempt(seen);
    const early = await getWebhook(ctx, subscription.id);
    ctx.check.expect(
      requirement,
      early.body?.data?.attributes?.status === 'Enabled',
      `after ${(limit - 2 * HOUR) / HOUR} hours of failures: expected the webhook still Enabled; it is ${early.body?.data?.attributes?.status}`,
      early,
    );

    seen = count();
    await ctx.control.advanceClock(3 * HOUR);
    await waitForAttempt(seen);
    // The status follows the failed attempt; reads go on for the quiet time the run has measured, at the poll's cadence.
    let status: unknown;
    const pollEnds = performance.now() + quietMs(ctx, STATUS_POLL_FLOOR_MS);
    for (;;) {
      const { value, readMs } = await timedRead(() => getWebhook(ctx, subscription.id));
      status = value.body?.data?.attributes?.status;
      if (status === 'Unavailable' || performance.now() >= pollEnds) break;
      await pause(pauseAfterRead(STATUS_POLL_INTERVAL_MS, readMs));
    }
    const late = await getWebhook(ctx, subscription.id);
    if (
      !ctx.check.expect(
        requirement,
        status === 'Unavailable',
        `after ${(limit + HOUR) / HOUR} hours of failures: expected the webhook Unavailable; it is ${String(status)}`,
        late,
      )
    )
      return;

    subscription.endpoint.setScript([], { status: 200 });
    seen = count();
    const [whileUnavailable] = await injectEvents(ctx.control, { type: 'account.unfrozen' });
    await ctx.control.advanceClock(2 * HOUR);
    await watchQuietly(ctx, NOTHING_COMES_FLOOR_MS);
    const received = subscription.endpoint.deliveries().slice(seen);
    ctx.check.expect(
      'WH-UNAVAILABLE-NO-DELIVERY',
      received.length === 0,
      `an Unavailable webhook: expected to receive nothing; it received ${received.length} deliveries (event ${whileUnavailable!.id} ${deliveredIds(received).has(whileUnavailable!.id) ? 'among them' : 'not among them'})`,
      received.length ? received : late,
    );

    const enabled = await ctx.api.call('webhook.enable', { params: { id: subscription.id } });
    const [afterEnable] = await injectEvents(ctx.control, { type: 'account.reopened' });
    const arrived = (await awaitDeliveries(ctx, subscription.endpoint, hasAll([afterEnable!.id]), ATTEMPT_FLOOR_MS)).settled;
    ctx.check.expect(
      'WH-ENABLE-FROM-UNAVAILABLE',
      enabled.status === 200 && enabled.body?.data?.attributes?.status === 'Enabled' && arrived,
      `enable of an Unavailable webhook: expected it Enabled and deliveries resumed; answered ${enabled.status} with status ${enabled.body?.data?.attributes?.status}, event ${afterEnable!.id} ${arrived ? 'arrived' : 'did not arrive'}`,
      enabled,
    );
  },
});

export const stateScenarios: Scenario[] = [enableDisable, enabledLimit, unavailable];
