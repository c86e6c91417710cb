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
        if (!eventTypes().has(String(event.type))) throw new Error(`no handler for ${event.type}`);
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
