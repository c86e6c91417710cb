import { expect, test } from 'vitest';
import { emulatorPerFile } from '../../support/emulatorPerFile.ts';
import { emulatorControl, flakySinkPerFile, pause, subscribe } from '../../support/deliveryFixtures.ts';

// AtMostOnce delivery never retries: 2,000 events to a receiver that answers 500,
// resets the connection or never answers at random each arrive exactly once, one
// per POST, however their delivery went, even after two hours of emulator time in
// which any retry would have fallen due. Seeded (AT_MOST_ONCE_SEED replays).

const SEED = Number(process.env.AT_MOST_ONCE_SEED ?? Math.floor(Math.random() * 2 ** 31));
const EVENTS = 2_000;
const ODDS = { error: 0.1, reset: 0.05, hang: 0.005 };
const DELIVERY_TIMEOUT_MS = 200;
const TWO_HOURS_MS = 2 * 60 * 60 * 1000;

const target = emulatorPerFile();
const receiver = flakySinkPerFile(SEED);

test(`AtMostOnce: ${EVENTS} events to a failing receiver, not one retry`, async () => {
  const endpoint = receiver.sink.endpoint('at-most-once', { odds: ODDS });
  const control = emulatorControl(target.url);
  expect((await control('PUT', '/delivery', { timeoutMs: DELIVERY_TIMEOUT_MS })).status).toBe(200);
  await subscribe(target.url, target.token, endpoint.url, 'AtMostOnce', 'no retry');

  const started = performance.now();
  const answer = await control('POST', '/events', { type: 'account.updated', count: EVENTS });
  expect(answer.status).toBe(201);
  const injected: string[] = answer.body.events.map((event: { id: string }) => event.id);
  const { record } = endpoint;
  const deadline = performance.now() + 45_000;
  while (record.posts < EVENTS && performance.now() < deadline) await pause(100);
  // Every retry timer there could be falls due; then give deliveries a moment to arrive.
  expect((await control('POST', '/clock/advance', { ms: TWO_HOURS_MS })).status).toBe(200);
  await pause(500);
  const seconds = (performance.now() - started) / 1000;

  const retried = [...record.arrivals].filter(([, times]) => times > 1).map(([id]) => id);
  const missing = injected.filter((id) => !record.arrivals.has(id));
  const failed = record.answers.error + record.answers.reset + record.answers.hang;
  console.log(
    `AtMostOnce (seed ${SEED}): ${EVENTS} events in ${seconds.toFixed(1)} s; ${record.posts} POSTs, largest ${record.largestBatch} event; ` +
      `failed ${failed} (500 ${record.answers.error}, reset ${record.answers.reset}, no answer ${record.answers.hang}); retries ${retried.length}; most in flight ${record.mostOpen}`,
  );

  expect(retried, `seed ${SEED}: events delivered more than once`).toEqual([]);
  expect(record.posts).toBe(EVENTS);
  expect(missing).toEqual([]);
  expect(record.largestBatch).toBe(1);
  expect(record.mostOpen).toBe(1);
  expect(Math.min(record.answers.error, record.answers.reset)).toBeGreaterThan(0);
}, 90_000);
