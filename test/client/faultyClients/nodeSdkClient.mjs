/* global process */
import { Unit } from '@unit-finance/unit-node-sdk';

// A realistic integration on the platform's own Node SDK (@unit-finance/unit-node-sdk), which
// nobody here wrote: a webhook created, listed, read, updated, disabled and enabled again; the
// events listed by type and page, read one by one, and the newest resent. Used by
// test/client/nodeSdkCalibration.test.ts: what the judge finds in it is a deviation the
// documents state, and everything else it sends passes.

const unit = new Unit(process.env.BANKING_API_TOKEN, process.env.BANKING_API_BASE_URL);

const created = await unit.webhooks.create({
  type: 'webhook',
  attributes: { label: 'sdk', url: 'http://127.0.0.1:9/sdk', token: '', contentType: 'Json', deliveryMode: 'AtMostOnce' },
});
const webhookId = created.data.id;
await unit.webhooks.list({ limit: 10 });
await unit.webhooks.get(webhookId);
await unit.webhooks.update(webhookId, { type: 'webhook', attributes: { label: 'sdk, renamed', subscriptionType: 'All' } });
await unit.webhooks.disable(webhookId);
await unit.webhooks.enable(webhookId);
await unit.webhooks.disable(webhookId);

const page = await unit.events.list({ limit: 5, offset: 0 });
await unit.events.list({ limit: 5, type: ['positivePay.cancelled'] });
const [newest] = page.data;
if (newest) {
  await unit.events.get(newest.id);
  await unit.events.fire(newest.id);
}
