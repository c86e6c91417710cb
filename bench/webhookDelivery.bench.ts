import { Agent, request } from 'undici';
import { startEmulator } from '../emulator/emulator.ts';
import { JSON_API } from '../contract/facts/mediaTypes.ts';
import { emulatorManifest, openTargetSession } from '../harness/targetIO/targetSession.ts';
import { benchSize, reportGoal, reportRatio } from './benchGoals.ts';
import { ReceiverThread } from './receiverThread.ts';

// Webhook delivery into a local sink that answers 200 at once (in a thread of its
// own, bench/receiverThread.ts), each figure beside
// the limit a receiver sets, measured in the same run: AtMostOnce sends one event
// per request and waits for the answer, so one webhook is held to a bare
// sequential POST loop of the same body, and 100 webhooks to 100 such loops at
// once; AtLeastOnce (batches of 64, one webhook) has a goal in events/s, shown
// beside a bare sequential loop of 64-event bodies.

const AT_LEAST_ONCE_GOAL = 50_000;
const AT_MOST_ONCE_RATIO_GOAL = 0.5;
const WEBHOOKS = 100;
const PER_INJECTION = 10_000;
const sizes = benchSize(
  'webhook delivery',
  { atLeastOnce: 50_000, single: 2_000, each: 100 },
  { atLeastOnce: 200_000, single: 10_000, each: 500 },
  (size) =>
    `${size.atLeastOnce.toLocaleString('en')} events AtLeastOnce, ${size.single.toLocaleString('en')} AtMostOnce to one webhook, ${size.each} × ${WEBHOOKS} webhooks AtMostOnce`,
);

const receiver = await ReceiverThread.start();
const sinkUrl = receiver.url;

/** Events per second (all webhooks together) from the first injection to the last arrival. */
async function emulatorRate(deliveryMode: 'AtLeastOnce' | 'AtMostOnce', webhooks: number, events: number): Promise<number> {
  const emulator = await startEmulator({ environment: 'live' });
  try {
    const session = await openTargetSession(emulatorManifest({ environment: 'live' }), { baseUrl: emulator.url(), seed: 1 });
    const headers = { authorization: `Bearer ${session.tokens.full()}`, 'content-type': JSON_API };
    for (let index = 0; index < webhooks; index += 1) {
      const attributes = {
        label: `bench ${index}`,
        url: sinkUrl,
        token: 'bench-signing-token',
        contentType: 'Json',
        deliveryMode,
        subscriptionType: 'All',
      };
      const answer = await request(`${emulator.url()}/webhooks`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ data: { type: 'webhook', attributes } }),
      });
      await answer.body.dump();
      if (answer.statusCode !== 201) throw new Error(`creating webhook ${index} answered ${answer.statusCode}`);
    }
    const { arrived } = await receiver.expect(events * webhooks, `${deliveryMode} × ${webhooks}`);
    const started = performance.now();
    for (let injected = 0; injected < events; injected += PER_INJECTION) {
      const body = JSON.stringify({ type: 'transaction.created', count: Math.min(PER_INJECTION, events - injected) });
      const answer = await request(`${emulator.url()}/_emulator/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      await answer.body.dump();
      if (answer.statusCode !== 201) throw new Error(`injecting events answered ${answer.statusCode}`);
    }
    await arrived;
    return (events * webhooks) / ((performance.now() - started) / 1000);
  } finally {
    await emulator.close();
  }
}

/** Requests per second of `loops` bare keep-alive loops, each posting `body` `count` times, one answer at a time. */
async function bareRate(body: Buffer, loops: number, count: number): Promise<number> {
  const agent = new Agent({ connections: loops });
  const loop = async () => {
    for (let sent = 0; sent < count; sent += 1) {
      const answer = await request(sinkUrl, { method: 'POST', body, headers: { 'content-type': 'application/json' }, dispatcher: agent });
      await answer.body.dump();
      if (answer.statusCode !== 200) throw new Error(`the bare loop's POST answered ${answer.statusCode}`);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: loops }, loop));
  const rate = (loops * count) / ((performance.now() - started) / 1000);
  await agent.close();
  return rate;
}

try {
  const single = await emulatorRate('AtMostOnce', 1, sizes.single);
  const singleBody = (await receiver.lastBody()).body;
  const sequential = await bareRate(singleBody, 1, sizes.single);
  reportRatio(
    'AtMostOnce delivery to one webhook vs a bare sequential POST loop',
    { value: single, baseline: sequential, unit: 'events/s', baselineName: 'bare loop' },
    AT_MOST_ONCE_RATIO_GOAL,
  );

  const many = await emulatorRate('AtMostOnce', WEBHOOKS, sizes.each);
  const concurrent = await bareRate(singleBody, WEBHOOKS, sizes.each);
  reportRatio(
    `AtMostOnce delivery to ${WEBHOOKS} webhooks vs ${WEBHOOKS} bare POST loops at once`,
    { value: many, baseline: concurrent, unit: 'deliveries/s', baselineName: 'bare loops' },
    AT_MOST_ONCE_RATIO_GOAL,
  );

  const atLeastOnce = await emulatorRate('AtLeastOnce', 1, sizes.atLeastOnce);
  const batch = await receiver.lastBody();
  const batches = await bareRate(batch.body, 1, Math.ceil(sizes.atLeastOnce / batch.events));
  reportGoal({
    name: 'AtLeastOnce delivery to one webhook (batches of 64)',
    figure: `${Math.round(atLeastOnce).toLocaleString('en')} events/s`,
    baseline: `a bare sequential loop of its last batch (${batch.events} events) ${Math.round(batches * batch.events).toLocaleString('en')} events/s`,
    goal: `≥ ${AT_LEAST_ONCE_GOAL.toLocaleString('en')} events/s`,
    met: atLeastOnce >= AT_LEAST_ONCE_GOAL,
  });
} finally {
  await receiver.close();
}
