import type { EdgeVariation } from '../faults/edgeFault.ts';
import type { WebhooksBehaviour } from './webhooksBehaviour.ts';

// The tolerated variations (emulator/faults/toleratedVariations.ts) the webhooks
// area applies, each a wrapper of its behaviour like a seeded fault.
export const webhooksVariations = [
  // A new webhook waits Disabled for its enable, then receives like any other.
  { name: 'webhooks-start-disabled', wrap: (behaviour) => ({ ...behaviour, createdStatus: 'Disabled' }) },
  // The webhook is made all the same; only the answer leaves it out.
  { name: 'webhook-create-empty-201', wrap: (behaviour) => ({ ...behaviour, createdAnswer: () => ({ status: 201 }) }) },
  { name: 'webhook-create-204', wrap: (behaviour) => ({ ...behaviour, createdAnswer: () => ({ status: 204 }) }) },
] as const satisfies readonly EdgeVariation<WebhooksBehaviour>[];
