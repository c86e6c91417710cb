import type { Area, Scenario } from '../harness/engine/scenario.ts';
import { authScenarios } from './auth/index.ts';
import { conventionsScenarios } from './conventions/index.ts';
import { decisioningScenarios } from './decisioning/index.ts';
import { deliveryScenarios } from './delivery/index.ts';
import { eventsScenarios } from './events/index.ts';
import { positivePayScenarios } from './positive-pay/index.ts';
import { sandboxScenarios } from './sandbox/index.ts';
import { webhooksScenarios } from './webhooks/index.ts';

/** Every scenario of the suite, by area: the catalogue gate reads this. */
export const SCENARIOS_BY_AREA: Record<Area, Scenario[]> = {
  'positive-pay': positivePayScenarios,
  auth: authScenarios,
  conventions: conventionsScenarios,
  webhooks: webhooksScenarios,
  delivery: deliveryScenarios,
  events: eventsScenarios,
  sandbox: sandboxScenarios,
  decisioning: decisioningScenarios,
};
