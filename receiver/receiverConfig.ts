import { SIGNATURE_HEADER } from '../contract/facts/webhookDelivery.ts';
import type { ContentType, DeliveryMode } from '../contract/facts/webhookAttributes.ts';

// What the receiver command is told about the integrator's webhook, as values: where the
// receiver listens, the token it verifies with (from a variable, never a flag), how the
// webhook is configured (2.6) and where its effects can be read. cli/receiverValues.ts makes
// them from the command line and the manifest.

export { CONTENT_TYPES, type ContentType, DELIVERY_MODES, type DeliveryMode } from '../contract/facts/webhookAttributes.ts';

/** 5.3: the header the documents name; a vendor may call it otherwise. */
export const DEFAULT_SIGNATURE_HEADER = SIGNATURE_HEADER;
/** The delivery time-out is not shown (6.1); the documented operation time-out of 5 s stands in. */
export const DEFAULT_TIMEOUT_MS = 5000;
/**
 * How long the effects probe is read for at most, unless the command says otherwise: a receiver may process
 * from a queue after answering, and the documents give no time for that (6.1 asks only for the answer in time).
 */
export const DEFAULT_EFFECTS_PATIENCE_MS = 10_000;

export interface ReceiverConfig {
  url: string;
  /** The variable the token came from: named in replay commands, never the value. */
  tokenEnv: string;
  token: string;
  contentType: ContentType;
  deliveryMode: DeliveryMode;
  includeResources: boolean;
  effectsUrl?: string;
  /** The longest the effects probe is read for before the counts are judged as they stand; DEFAULT_EFFECTS_PATIENCE_MS when absent. */
  effectsPatienceMs?: number;
  headerName: string;
  timeoutMs: number;
}

/** The effects probe a receiver is judged with (absent: what it processed is not judged), and how long it is read. */
export type ReceiverEffects = Pick<ReceiverConfig, 'effectsUrl' | 'effectsPatienceMs'>;
