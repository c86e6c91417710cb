import { createHmac } from 'node:crypto';
import { verifySignature, type ReceiverSteps } from '../../examples/reference-receiver/referenceReceiver.ts';
import { eventTypes } from '../../emulator/events/eventTypeCatalogue.ts';
import type { DeliveryMode } from '../../receiver/receiverConfig.ts';

// Seeded faulty receivers: the reference receiver with one step broken the way
// real handlers break, each naming the RC requirements it must fail (FAIL for a
// MUST, WARN for a SHOULD) and nothing else.

export interface FaultyReceiver {
  name: string;
  breaks: readonly string[];
  deliveryMode: DeliveryMode;
  timeoutMs?: number;
  steps: Partial<ReceiverSteps>;
}

/** Long enough to show a late answer, short enough for a test. */
const SHORT_TIMEOUT_MS = 2000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const validSignature = (raw: Buffer, token: string) => createHmac('sha1', token).update(raw).digest('base64');
const isCatalogued = (type: unknown) => eventTypes().has(String(type));

/** Skips the rest of a delivery once it met an unlisted type; the next delivery starts afresh (its acknowledge resets it). */
function stopsAtUnknownType(): Partial<ReceiverSteps> {
  let stopped = false;
  return {
    process(event) {
      if (!isCatalogued(event.type)) stopped = true;
    },
    alreadyProcessed: (processed, eventId) => stopped || processed.has(eventId),
    acknowledge() {
      stopped = false;
      return 200;
    },
  };
}

/** An idempotence cache that keeps only the last `size` event ids. */
function remembersLastIds(size: number): Partial<ReceiverSteps> {
  const recent: string[] = [];
  return {
    alreadyProcessed(_processed, eventId) {
      if (recent.includes(eventId)) return true;
      recent.push(eventId);
      if (recent.length > size) recent.shift();
      return false;
    },
  };
}

export const FAULTY_RECEIVERS: readonly FaultyReceiver[] = [
  {
    name: 'verifies-reserialised-body',
    breaks: ['RC-RAW-BODY-VERIFIED'],
    deliveryMode: 'AtLeastOnce',
    steps: {
      // The classic: the framework parsed the body, the handler signs JSON.stringify of it.
      verify(raw, signature, token) {
        try {
          return verifySignature(Buffer.from(JSON.stringify(JSON.parse(raw.toString('utf8')))), signature, token);
        } catch {
          return false;
        }
      },
    },
  },
  {
    name: 'accepts-any-signature',
    breaks: ['RC-SIGNATURE-NOT-PROCESSED', 'RC-SIGNATURE-REFUSED'],
    deliveryMode: 'AtLeastOnce',
    steps: { verify: () => true },
  },
  {
    name: 'compares-signature-prefix',
    breaks: ['RC-SIGNATURE-NOT-PROCESSED', 'RC-SIGNATURE-REFUSED'],
    deliveryMode: 'AtLeastOnce',
    // Hand-written verification that looks at the first characters only.
    steps: {
      verify: (raw, signature, token) => signature !== undefined && signature.slice(0, 12) === validSignature(raw, token).slice(0, 12),
    },
  },
  {
    name: 'compares-to-shorter-length',
    breaks: ['RC-SIGNATURE-NOT-PROCESSED', 'RC-SIGNATURE-REFUSED'],
    deliveryMode: 'AtLeastOnce',
    steps: {
      // Compared over the shorter of the two lengths: an empty or cut header, or one with more after it, gets through.
      verify(raw, signature, token) {
        if (signature === undefined) return false;
        const valid = validSignature(raw, token);
        const length = Math.min(signature.length, valid.length);
        return signature.slice(0, length) === valid.slice(0, length);
      },
    },
  },
  {
    name: 'compares-ignoring-case',
    breaks: ['RC-SIGNATURE-NOT-PROCESSED', 'RC-SIGNATURE-REFUSED'],
    deliveryMode: 'AtLeastOnce',
    // A case-insensitive comparison, as for a hex digest, applied to base64, where case carries bits.
    steps: {
      verify: (raw, signature, token) => signature !== undefined && signature.toLowerCase() === validSignature(raw, token).toLowerCase(),
    },
  },
  {
    name: 'stops-at-unknown-type',
    breaks: ['RC-BATCH-PROCESSED-ONCE'],
    deliveryMode: 'AtLeastOnce',
    // Leaves the batch at the first type it has no handler for, then acknowledges it all.
    steps: stopsAtUnknownType(),
  },
  {
    name: 'remembers-last-64-ids',
    breaks: ['RC-DUPLICATE-PROCESSED-ONCE'],
    deliveryMode: 'AtLeastOnce',
    // An idempotence cache the size of one batch: a retry that comes after two batches is processed again.
    steps: remembersLastIds(64),
  },
  {
    name: 'answers-202-at-most-once',
    breaks: ['RC-ACCEPT-200-AT-MOST-ONCE'],
    deliveryMode: 'AtMostOnce',
    steps: { acknowledge: () => 202 },
  },
  {
    name: 'answers-202-at-least-once',
    breaks: ['RC-ACCEPT-200-AT-LEAST-ONCE'],
    deliveryMode: 'AtLeastOnce',
    steps: { acknowledge: () => 202 },
  },
  {
    name: 'throws-on-unknown-types',
    breaks: ['RC-UNKNOWN-TYPE-ACCEPTED'],
    deliveryMode: 'AtLeastOnce',
    steps: {
      process(event) {
        if (!isCatalogued(event.type)) throw new Error(`no handler for ${event.type}`);
      },
    },
  },
  {
    name: 'processes-duplicates-twice',
    breaks: ['RC-DUPLICATE-PROCESSED-ONCE'],
    deliveryMode: 'AtLeastOnce',
    steps: { alreadyProcessed: () => false },
  },
  {
    name: 'fails-on-batches-of-64',
    breaks: ['RC-BATCH-ACCEPTED'],
    deliveryMode: 'AtLeastOnce',
    steps: { acknowledge: (events) => (events.length >= 64 ? 500 : 200) },
  },
  {
    name: 'times-out-under-a-batch',
    breaks: ['RC-ANSWER-WITHIN-TIMEOUT'],
    deliveryMode: 'AtLeastOnce',
    timeoutMs: SHORT_TIMEOUT_MS,
    steps: {
      async acknowledge(events) {
        if (events.length > 32) await sleep(SHORT_TIMEOUT_MS * 1.5);
        return 200;
      },
    },
  },
];
