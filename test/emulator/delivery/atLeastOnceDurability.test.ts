import { expect, test } from 'vitest';
import { emulatorPerFile } from '../../support/emulatorPerFile.ts';
import { emulatorControl, flakySinkPerFile, pause, subscribe } from '../../support/deliveryFixtures.ts';

// AtLeastOnce delivery loses nothing: 10,240 events injected in bursts reach a
// receiver that answers 500, resets the connection or never answers at random,
// and is down altogether (connections refused) for minutes of emulator time while
// events keep coming. Every event id arrives at least once, no batch holds more
// than 64 events, one batch at a time; how many arrived twice is reported. The
// clock runs 200 times faster, so Fibonacci backoff over minutes takes a moment.
// The receiver's failures are a seeded draw (DURABILITY_SEED replays them).

const SEED = Number(process.env.DURABILITY_SEED ?? Math.floor(Math.random() * 2 ** 31));
const CHUNKS = 20;
const PER_CHUNK = 512;
/** Chunks injected while the receiver is down. */
const DOWN_CHUNKS = { from: 8, to: 11 };
const CLOCK_SCALE = 200;
const DOWN_VIRTUAL_MS = 5 * 60_000;
const ODDS = { error: 0.1, reset: 0.05, hang: 0.02 };
/** Real ms before a delivery that is not answered counts as failed. */
const DELIVERY_TIMEOUT_MS = 250;

const target = emulatorPerFile();
const receiver = flakySinkPerFile(SEED);

test(`AtLeastOnce: ${CHUNKS * PER_CHUNK} events to a failing receiver that is down for minutes, none lost`, async () => {
  const endpoint = receiver.sink.endpoint('at-least-once', { odds: ODDS });
  const control = emulatorControl(target.url);
  const virtualNow = async (): Promise<number> => (await control('GET', '/clock')).body.nowMs;
  expect((await control('POST', '/clock/scale', { scale: CLOCK_SCALE })).status).toBe(200);
  expect((await control('PUT', '/delivery', { timeoutMs: DELIVERY_TIMEOUT_MS })).status).toBe(200);
  await subscribe(target.url, target.token, endpoint.url, 'AtLeastOnce', 'durability');

  const started = performance.now();
  const injected: string[] = [];
  let downVirtualMs = 0;
  let downSince = 0;
  for (let chunk = 0; chunk < CHUNKS; chunk += 1) {
    if (chunk === DOWN_CHUNKS.from) {
      downSince = await virtualNow();
      await receiver.sink.goDown();
    }
    const answer = await control('POST', '/events', { type: 'transaction.created', count: PER_CHUNK });
    expect(answer.status).toBe(201);
    injected.push(...answer.body.events.map((event: { id: string }) => event.id));
    const downChunks = DOWN_CHUNKS.to - DOWN_CHUNKS.from + 1;
    await pause(chunk >= DOWN_CHUNKS.from && chunk <= DOWN_CHUNKS.to ? DOWN_VIRTUAL_MS / CLOCK_SCALE / downChunks : 20);
    if (chunk === DOWN_CHUNKS.to) {
      await receiver.sink.comeUp();
      downVirtualMs = (await virtualNow()) - downSince;
    }
  }
  const { arrivals } = endpoint.record;
  const deadline = performance.now() + 45_000;
  while (injected.some((id) => !arrivals.has(id)) && performance.now() < deadline) await pause(100);
  const seconds = (performance.now() - started) / 1000;

  const lost = injected.filter((id) => !arrivals.has(id));
  const sent = new Set(injected);
  const strangers = [...arrivals.keys()].filter((id) => !sent.has(id));
  const twice = [...arrivals.values()].filter((times) => times >= 2).length;
  const { answers, posts, largestBatch, mostOpen } = endpoint.record;
  console.log(
    `AtLeastOnce durability (seed ${SEED}): ${injected.length} events in ${seconds.toFixed(1)} s; receiver down ${(downVirtualMs / 60_000).toFixed(1)} virtual minutes; ` +
      `${posts} POSTs answered ok ${answers.ok}, 500 ${answers.error}, reset ${answers.reset}, no answer ${answers.hang}; ` +
      `lost ${lost.length}; arrived twice or more ${twice}; largest batch ${largestBatch}; most in flight ${mostOpen}`,
  );

  expect(lost, `seed ${SEED}: events never delivered`).toEqual([]);
  expect(strangers).toEqual([]);
  expect(largestBatch).toBeLessThanOrEqual(64);
  expect(mostOpen, 'batches of one webhook go one at a time').toBe(1);
  expect(downVirtualMs).toBeGreaterThanOrEqual(DOWN_VIRTUAL_MS);
  // The receiver's every kind of failure really happened.
  expect(Math.min(answers.error, answers.reset, answers.hang)).toBeGreaterThan(0);
}, 90_000);
