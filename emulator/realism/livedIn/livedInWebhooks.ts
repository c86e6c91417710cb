import type { EmulatorState } from '../../core/emulatorState.ts';
import { CONTENT_TYPES, SUBSCRIPTION_TYPES, type Webhook } from '../../webhooks/webhookModel.ts';
import type { WebhookRegistry } from '../../webhooks/webhookRegistry.ts';
import type { SeededRandom } from '../seededRandom.ts';

// Webhooks other people registered on a shared sandbox, most of them long
// disabled. The Enabled ones point at a closed loopback port with AtLeastOnce,
// so every event also feeds their failing, retrying queues, as on a real
// sandbox. Few enough stay Enabled that the sandbox limit of 100 leaves room.

const DAY_MS = 24 * 60 * 60 * 1000;
const HISTORY_DAYS = 60;
const LIVED_IN_DISABLED_WEBHOOKS = 14;
export const LIVED_IN_ENABLED_WEBHOOKS = 6;
/** The sandbox's limit of Enabled webhooks (API 4.3): other tenants may hold all of it. */
export const MAX_LIVED_IN_ENABLED_WEBHOOKS = 100;
/** Port 9 (discard) is closed on loopback: deliveries fail at once and are retried. */
const FAILING_ENDPOINT = 'http://127.0.0.1:9';
const PURPOSES = ['order sync', 'ledger export', 'fraud alerts', 'card auth', 'crm bridge', 'qa smoke test', 'staging relay'];

/** Other tenants' webhooks, `enabledCount` of them Enabled and the rest of a few more Disabled; the number made. */
export function fillWebhooks(
  state: EmulatorState,
  webhooks: WebhookRegistry,
  random: SeededRandom,
  enabledCount = LIVED_IN_ENABLED_WEBHOOKS,
): number {
  const nowMs = state.clock.now();
  const total = enabledCount + LIVED_IN_DISABLED_WEBHOOKS;
  const createdAts = Array.from({ length: total }, () => nowMs - random.int(60_000, HISTORY_DAYS * DAY_MS)).sort((a, b) => a - b);
  const enabled = new Set<number>();
  while (enabled.size < enabledCount) enabled.add(random.int(total));
  createdAts.forEach((createdAt, index) => {
    const id = state.ids.next('webhook');
    const tenant = random.int(1, 9);
    const isEnabled = enabled.has(index);
    const webhook: Webhook = {
      id,
      seq: Number(id),
      createdAt,
      label: `tenant ${tenant} ${random.pick(PURPOSES)}`,
      url: `${FAILING_ENDPOINT}/tenant-${tenant}/hooks/${id}`,
      token: random.chance(0.5) ? `whsec-${random.int(1e9, 1e10 - 1).toString(36)}` : '',
      contentType: random.pick(CONTENT_TYPES),
      deliveryMode: isEnabled || random.chance(0.5) ? 'AtLeastOnce' : 'AtMostOnce',
      includeResources: random.chance(0.3),
      subscriptionType: random.pick(SUBSCRIPTION_TYPES),
      status: isEnabled ? 'Enabled' : 'Disabled',
    };
    webhooks.add(webhook);
  });
  return total;
}
