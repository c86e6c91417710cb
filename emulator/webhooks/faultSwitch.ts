import type { WebhooksFault } from './faults.ts';

/** Typed so that a misspelt fault name is a compile error, not a fault that never fires. */
export const webhooksFaultOn = (faults: ReadonlySet<string>, name: WebhooksFault): boolean => faults.has(name);
