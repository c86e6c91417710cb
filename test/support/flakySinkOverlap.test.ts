import { expect, test } from 'vitest';
import { emulatorPerFile } from './emulatorPerFile.ts';
import { emulatorControl, flakySinkPerFile, pause, subscribe } from './deliveryFixtures.ts';

// The failing receiver's "most in flight" count is what proves AtMostOnce delivery
// sequential, so it must see an overlap where there is one: a sender that sends the
// next event while an earlier delivery is still unanswered (the seeded fault
// at-most-once-overlap) is counted with more than one request open, even when the
// unanswered ones are those the receiver never answers.

const SEED = 20261123;
const HANG_ALL = { error: 0, reset: 0, hang: 1 };

const target = emulatorPerFile({ faults: ['at-most-once-overlap'] });
const receiver = flakySinkPerFile(SEED);

test('an AtMostOnce sender that overlaps deliveries is counted with more than one open', async () => {
  const endpoint = receiver.sink.endpoint('overlapping', { odds: HANG_ALL });
  const control = emulatorControl(target.url);
  expect((await control('PUT', '/delivery', { timeoutMs: 300 })).status).toBe(200);
  await subscribe(target.url, target.token, endpoint.url, 'AtMostOnce', 'overlap');
  expect((await control('POST', '/events', { type: 'account.updated', count: 8 })).status).toBe(201);

  const deadline = performance.now() + 10_000;
  while (endpoint.record.posts < 8 && performance.now() < deadline) await pause(50);
  await pause(100);

  expect(endpoint.record.posts).toBe(8);
  expect(endpoint.record.mostOpen).toBeGreaterThan(1);
}, 30_000);
