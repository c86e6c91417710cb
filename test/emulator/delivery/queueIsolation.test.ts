import { afterAll, beforeAll, expect, test } from 'vitest';
import { emulatorPerFile } from '../../support/emulatorPerFile.ts';
import { WebhookSink } from '../../../harness/targetIO/webhookSink.ts';

// One queue per webhook: an endpoint that never answers holds up only its own
// events, never another webhook's.

const target = emulatorPerFile();
let sink: WebhookSink;
beforeAll(async () => {
  sink = await WebhookSink.start();
});
afterAll(async () => {
  await sink.close();
});

async function subscribe(url: string, deliveryMode: string) {
  const response = await fetch(`${target.url}/webhooks`, {
    method: 'POST',
    headers: { authorization: `Bearer ${target.token}`, 'content-type': 'application/vnd.api+json' },
    body: JSON.stringify({ data: { type: 'webhook', attributes: { label: 'q', url, token: '', contentType: 'Json', deliveryMode } } }),
  });
  expect(response.status).toBe(201);
}

test.each(['AtMostOnce', 'AtLeastOnce'])('a hanging %s endpoint does not delay a healthy one', async (deliveryMode) => {
  const stuck = sink.endpoint(`stuck-${deliveryMode}`, { script: Array(50).fill({ hang: true }) });
  const healthy = sink.endpoint(`healthy-${deliveryMode}`);
  await subscribe(stuck.url, deliveryMode);
  await subscribe(healthy.url, deliveryMode);
  const started = performance.now();
  const answer = await fetch(`${target.url}/_emulator/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'account.created', count: 20 }),
  });
  const ids: string[] = ((await answer.json()) as { events: Array<{ id: string }> }).events.map((event: { id: string }) => event.id);
  const arrived = await healthy.waitFor(
    (deliveries) => ids.every((id) => deliveries.some((d) => d.payload.events.some((e) => e.id === id))),
    3000,
  );
  expect(arrived).toBe(true);
  expect(performance.now() - started).toBeLessThan(2000);
  expect(stuck.deliveries()).toHaveLength(1);
});
