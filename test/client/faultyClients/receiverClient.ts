import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startReferenceReceiver } from '../../../examples/reference-receiver/referenceReceiver.ts';
import { FAULTY_RECEIVERS } from '../../receiver/faultyReceivers.ts';

// A client whose webhook's receiver runs in its own process: the reference receiver
// (examples/reference-receiver/), correct or with one step broken as a faulty receiver of
// test/receiver/faultyReceivers.ts breaks it. It creates its webhook, asks to be judged
// (BANKING_API_JUDGE_WEBHOOKS_URL) and waits for the answer, then disables the webhook and stops
// its receiver. Run with `node --import tsx`, by test/client/clientWebhooks.test.ts.
//
//   receiverClient.ts [FAULTY-RECEIVER | refuses-every-delivery | correct] [--no-judge] [--twice]
// refuses-every-delivery: verifies every signature as wrong, validly signed ones too;
// --no-judge: never asks to be judged, so its receiver is gone once it exits;
// --twice: two webhooks at the one URL;
// --leaves-while-judged: asks to be judged, but stops its receiver after the first event it processed;
// --drops-as-it-leaves: asks to be judged; its receiver answers the first delivery 200, drops the
//   second's connection unanswered while it keeps listening, and stops listening at the next connection
//   made to it (the judge's next look at its port, or a retry): a receiver going away, whose drop the
//   judge sees a moment before its port closes, however the cases' deliveries fall in time;
// --then-wait-for FILE: once judged, keeps running until FILE exists (exit 3 if it never comes), so a
//   test can look at what the judge told while the client still runs.

const [name = 'correct', ...flags] = process.argv.slice(2);
const REFUSES_EVERY_DELIVERY = { deliveryMode: 'AtLeastOnce', steps: { verify: () => false } } as const;
const faulty = name === 'refuses-every-delivery' ? REFUSES_EVERY_DELIVERY : FAULTY_RECEIVERS.find((receiver) => receiver.name === name);
if (name !== 'correct' && !faulty) throw new Error(`no faulty receiver named ${name}`);
const baseUrl = process.env.BANKING_API_BASE_URL!;
const token = process.env.BANKING_API_TOKEN!;
const judgeUrl = process.env.BANKING_API_JUDGE_WEBHOOKS_URL;
const signingToken = 'receiver-client-signing-token-7c1e';
const JSON_API = 'application/vnd.api+json';

/** The --drops-as-it-leaves receiver: `left` settles once it no longer listens. */
async function startDroppingReceiver() {
  let requests = 0;
  let left!: () => void;
  const gone = new Promise<void>((resolve) => (left = resolve));
  let dropped = false;
  let leaving = false;
  const server = createServer((request, response) => {
    requests += 1;
    if (requests === 1) return void request.resume().on('end', () => response.writeHead(200).end('{}'));
    dropped = true;
    response.socket?.destroy();
  });
  // Stopping at the next request instead left it to timing: a request that came only after the next case had been
  // looked at was a receiver that dropped a delivery and went on listening, which the judge rightly fails.
  server.on('connection', () => {
    if (!dropped || leaving) return;
    leaving = true;
    server.close(() => left());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`;
  return { url, gone, close: async () => {} };
}

const dropping = flags.includes('--drops-as-it-leaves') ? await startDroppingReceiver() : undefined;
const receiver = dropping ?? (await startReferenceReceiver({ token: signingToken, ...(faulty ? { steps: faulty.steps } : {}) }));

async function call(method: string, path: string, json?: unknown): Promise<{ data: { id: string } }> {
  const answer = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(json === undefined ? {} : { 'content-type': JSON_API }) },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  });
  const text = await answer.text();
  if (!answer.ok) throw new Error(`${method} ${path} answered ${answer.status}: ${text.slice(0, 200)}`);
  return JSON.parse(text) as { data: { id: string } };
}

const attributes = {
  label: `receiver client (${name})`,
  url: receiver.url,
  token: signingToken,
  contentType: 'Json',
  deliveryMode: faulty?.deliveryMode ?? 'AtLeastOnce',
};
const webhooks: string[] = [];
try {
  for (let count = flags.includes('--twice') ? 2 : 1; count > 0; count -= 1)
    webhooks.push((await call('POST', '/webhooks', { data: { type: 'webhook', attributes } })).data.id);
  if (judgeUrl && dropping) {
    void fetch(judgeUrl).catch(() => {});
    await dropping.gone;
  } else if (judgeUrl && 'processed' in receiver && flags.includes('--leaves-while-judged')) {
    void fetch(judgeUrl).catch(() => {});
    while (receiver.processed.size === 0) await new Promise((resolve) => setTimeout(resolve, 5));
  } else if (judgeUrl && !flags.includes('--no-judge')) console.log(`judged: ${await (await fetch(judgeUrl)).text()}`);
  const marker = flags[flags.indexOf('--then-wait-for') + 1];
  if (flags.includes('--then-wait-for') && marker) {
    const until = Date.now() + 30_000;
    while (!existsSync(marker) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
    if (!existsSync(marker)) process.exitCode = 3;
    console.log(existsSync(marker) ? 'the marker came: exiting' : 'no marker came');
  }
} finally {
  for (const id of webhooks) await call('POST', `/webhooks/${id}/disable`);
  await receiver.close();
}
