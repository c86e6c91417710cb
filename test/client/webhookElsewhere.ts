import { startReferenceReceiver, type ReferenceReceiver } from '../../examples/reference-receiver/referenceReceiver.ts';
import { FAULTY_RECEIVERS } from '../receiver/faultyReceivers.ts';

// A client whose webhook's receiver runs as a service of its own, with its effects probe: the
// reference receiver (examples/reference-receiver/), correct or broken as a faulty receiver of
// test/receiver/faultyReceivers.ts, started by the test on a free loopback port. The client is one
// line: it creates an AtLeastOnce webhook at that receiver's URL with its token and exits, so the
// receiver is judged once the client's command has ended, as a receiver that keeps running is.

/** The variables the client reads where its receiver is (the CLI process passes its environment on to the client). */
const URL_VARIABLE = 'EFFECTS_TEST_RECEIVER_URL';
const TOKEN_VARIABLE = 'EFFECTS_TEST_RECEIVER_TOKEN';

/** The webhook's signing token, as a client keeps its own. */
const SIGNING_TOKEN = 'effects-probe-client-token-3b9d';

/** One create of an AtLeastOnce webhook at the receiver; a refused create ends the client in an error. */
export const CREATES_WEBHOOK = `
  const attributes = { label: 'receiver elsewhere', url: process.env.${URL_VARIABLE}, token: process.env.${TOKEN_VARIABLE}, contentType: 'Json', deliveryMode: 'AtLeastOnce' };
  const answer = await fetch(process.env.BANKING_API_BASE_URL + '/webhooks', {
    method: 'POST',
    headers: { authorization: 'Bearer ' + process.env.BANKING_API_TOKEN, 'content-type': 'application/vnd.api+json' },
    body: JSON.stringify({ data: { type: 'webhook', attributes } }),
  });
  if (!answer.ok) throw new Error('the webhook create answered ' + answer.status + ': ' + (await answer.text()));`;

/** The environment that tells the one-line client where its receiver is, and the token it signs with. */
export const webhookAt = (url: string, token: string): NodeJS.ProcessEnv => ({ [URL_VARIABLE]: url, [TOKEN_VARIABLE]: token });

/** The client's command, as `client -- ...` takes it. */
export const webhookClientCommand = (): string[] => [process.execPath, '--input-type=module', '-e', CREATES_WEBHOOK];

export interface ReceiverElsewhere {
  receiver: ReferenceReceiver;
  /** Tells the one-line client where the receiver is. */
  environment: NodeJS.ProcessEnv;
  /** The webhook the one-line client creates, for a test that plays a client started elsewhere. */
  attributes: Record<string, string>;
}

/** The reference receiver, or the faulty one named, listening on a free loopback port. */
export async function receiverElsewhere(faulty?: string): Promise<ReceiverElsewhere> {
  const steps = faulty === undefined ? undefined : FAULTY_RECEIVERS.find((one) => one.name === faulty)?.steps;
  if (faulty !== undefined && !steps) throw new Error(`no faulty receiver named ${faulty}`);
  const receiver = await startReferenceReceiver({ token: SIGNING_TOKEN, ...(steps ? { steps } : {}) });
  return {
    receiver,
    environment: webhookAt(receiver.url, SIGNING_TOKEN),
    attributes: { label: 'receiver elsewhere', url: receiver.url, token: SIGNING_TOKEN, contentType: 'Json', deliveryMode: 'AtLeastOnce' },
  };
}
