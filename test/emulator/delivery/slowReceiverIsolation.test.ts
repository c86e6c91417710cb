import { expect, test } from 'vitest';
import { emulatorPerFile } from '../../support/emulatorPerFile.ts';
import { call } from '../emulatorClient.ts';
import { flakySinkPerFile, pause, subscribe } from '../../support/deliveryFixtures.ts';

// A slow receiver on one webhook never delays another webhook's deliveries. For
// each delivery mode, a fast receiver gets 20 bursts of events alone, then again
// beside a webhook whose receiver answers every POST after 1.5 s: it still gets
// every event, each within less than the slow receiver's 1.5 s, about as quickly
// as alone, while the slow one has received a handful of POSTs. (AtMostOnce sends
// one event per POST, one at a time, so its bursts are smaller: a backlog of its
// own would otherwise be mistaken for a wait.)

const BURSTS = 20;
const PER_BURST = { AtLeastOnce: 100, AtMostOnce: 10 } as const;
const SLOW_MS = 1_500;
const MODES = ['AtLeastOnce', 'AtMostOnce'] as const;

const target = emulatorPerFile();
const receiver = flakySinkPerFile(1);

/** Injects the bursts; returns when each event was injected (real ms). */
async function injectBursts(perBurst: number): Promise<Map<string, number>> {
  const injectedAt = new Map<string, number>();
  for (let burst = 0; burst < BURSTS; burst += 1) {
    const answer = await call(target.url, 'POST', '/_emulator/events', {
      body: { type: 'card.created', count: perBurst },
      contentType: 'application/json',
    });
    const now = performance.now();
    for (const event of answer.body.events as Array<{ id: string }>) injectedAt.set(event.id, now);
    await pause(25);
  }
  return injectedAt;
}

async function latencies(record: { firstArrival: Map<string, number> }, injectedAt: Map<string, number>): Promise<number[]> {
  const deadline = performance.now() + 20_000;
  while ([...injectedAt.keys()].some((id) => !record.firstArrival.has(id)) && performance.now() < deadline) await pause(50);
  return [...injectedAt].map(([id, at]) => (record.firstArrival.get(id) ?? Number.POSITIVE_INFINITY) - at).sort((a, b) => a - b);
}

const describe = (sorted: number[]) => `median ${sorted[sorted.length >> 1]!.toFixed(0)} ms, slowest ${sorted.at(-1)!.toFixed(0)} ms`;

test('a slow receiver holds up only its own webhook', async () => {
  const figures: string[] = [];
  for (const mode of MODES) {
    const fast = receiver.sink.endpoint(`fast-${mode}`);
    const fastId = await subscribe(target.url, target.token, fast.url, mode, 'isolation');
    const alone = await latencies(fast.record, await injectBursts(PER_BURST[mode]));

    const slow = receiver.sink.endpoint(`slow-${mode}`, { delayMs: SLOW_MS });
    const slowId = await subscribe(target.url, target.token, slow.url, mode, 'isolation');
    const fastAgain = receiver.sink.endpoint(`fast-again-${mode}`);
    const fastAgainId = await subscribe(target.url, target.token, fastAgain.url, mode, 'isolation');
    const beside = await latencies(fastAgain.record, await injectBursts(PER_BURST[mode]));
    const slowPosts = slow.record.posts;
    figures.push(
      `${mode} (${BURSTS} bursts of ${PER_BURST[mode]}): fast receiver alone ${describe(alone)}; beside one answering after ${SLOW_MS} ms ${describe(beside)} (the slow one got ${slowPosts} POSTs meanwhile)`,
    );

    expect(beside.at(-1), `${mode}: an event to the fast receiver waited for the slow one`).toBeLessThan(SLOW_MS);
    expect(slowPosts).toBeLessThan(BURSTS);
    // Disable this mode's webhooks so that the next mode's figures are its own.
    for (const id of [fastId, slowId, fastAgainId]) await call(target.url, 'POST', `/webhooks/${id}/disable`, { token: target.token });
  }
  console.log(`slow receiver isolation:\n  ${figures.join('\n  ')}`);
}, 90_000);
