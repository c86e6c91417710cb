import type { EmulatorState } from '../../core/emulatorState.ts';
import type { WebhookServices } from '../../events/webhookServices.ts';
import { SeededRandom } from '../seededRandom.ts';
import { DEFAULT_LIVED_IN_EVENTS, fillEvents } from './livedInEvents.ts';
import { fillRules } from './livedInRules.ts';
import { fillWebhooks, LIVED_IN_ENABLED_WEBHOOKS, MAX_LIVED_IN_ENABLED_WEBHOOKS } from './livedInWebhooks.ts';

// A store that starts the way a vendor's shared sandbox is found: never empty.
// Everything is older than anything a client creates afterwards, and the same
// seed gives the same store.

export interface LivedInOptions {
  /** Same seed, same rules, webhooks and events. */
  seed: number;
  /** Events of history (default 3000). */
  events?: number;
  /** Other tenants' Enabled webhooks (default 6, at most the sandbox limit of 100). */
  enabledWebhooks?: number;
}

export interface LivedInSummary {
  rules: number;
  webhooks: number;
  events: number;
}

const MAX_EVENTS = 200_000;

export function checkLivedInOptions(options: LivedInOptions): void {
  if (!Number.isSafeInteger(options.seed)) throw new RangeError(`livedIn.seed must be an integer; got ${options.seed}`);
  const events = options.events ?? DEFAULT_LIVED_IN_EVENTS;
  if (!Number.isInteger(events) || events < 0 || events > MAX_EVENTS) {
    throw new RangeError(`livedIn.events must be an integer from 0 to ${MAX_EVENTS}; got ${options.events}`);
  }
  const enabled = options.enabledWebhooks ?? LIVED_IN_ENABLED_WEBHOOKS;
  if (!Number.isInteger(enabled) || enabled < 0 || enabled > MAX_LIVED_IN_ENABLED_WEBHOOKS) {
    throw new RangeError(
      `livedIn.enabledWebhooks must be an integer from 0 to ${MAX_LIVED_IN_ENABLED_WEBHOOKS}; got ${options.enabledWebhooks}`,
    );
  }
}

export function fillLivedIn(state: EmulatorState, services: WebhookServices, options: LivedInOptions): LivedInSummary {
  checkLivedInOptions(options);
  const random = new SeededRandom(options.seed);
  const { rules } = fillRules(state, random);
  const webhooks = fillWebhooks(state, services.webhooks, random, options.enabledWebhooks);
  // History is generated as injected events are, seeded faults and all, so that a target judged on its history can be caught.
  const events = fillEvents(state, services.events, random, options.events ?? DEFAULT_LIVED_IN_EVENTS, services.eventsBehaviour);
  return { rules, webhooks, events };
}
