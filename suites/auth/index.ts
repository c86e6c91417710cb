import { alsoReading, type Scenario } from '../../harness/scenario.ts';
import { credentialScenarios } from './credentialScenarios.ts';

/** Scenarios of the auth area (API sections 4.5, 5.1). Their probes of POST /webhooks create Enabled webhooks. */
export const authScenarios: Scenario[] = alsoReading('account-rules', alsoReading('webhook-quota', [...credentialScenarios]));
