import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { DEFAULT_DELIVERY_TIMEOUT_MS } from '../../../emulator/delivery/deliverySettings.ts';
import { call, ruleBody } from '../emulatorClient.ts';
import { mintToken, persistentEmulators } from '../persistentEmulator.ts';

// A state directory written by an emulator of formatVersion 1 (no delivery log,
// no delivery settings, the queues' ids inline in state.json) is read back: its
// store as it was, the delivery time-out the default, the log empty.

const emulators = persistentEmulators();

/** The directory as version 1 wrote it: what version 2 added taken out again. */
function asVersionOne(directory: string): void {
  const file = join(directory, 'state.json');
  const saved = JSON.parse(readFileSync(file, 'utf8'));
  delete saved.parts.deliveryLog;
  delete saved.parts.deliverySettings;
  delete saved.queues;
  saved.parts.delivery = saved.parts.delivery.map(({ journaled, ...queue }: { journaled: { count: number } }) => {
    expect(journaled.count).toBe(0);
    return { ...queue, pending: [] };
  });
  writeFileSync(file, JSON.stringify({ ...saved, formatVersion: 1 }));
  rmSync(join(directory, 'deliveries.json'));
}

test('a version 1 state directory is read back, with the delivery defaults', async () => {
  const directory = emulators.directory();
  const first = await emulators.start(directory);
  const token = await mintToken(first.url);
  const { accountId } = (await call(first.url, 'GET', '/_emulator/health')).body.fixtures;
  const rule = await call(first.url, 'POST', '/positive-pay', { token, body: ruleBody(accountId, 'Old Originator') });
  expect(rule.status).toBe(201);
  await emulators.stop(first);
  asVersionOne(directory);

  const second = await emulators.start(directory);
  expect(second.output()).toContain(`state: ${directory} (read back`);
  expect((await call(second.url, 'GET', `/positive-pay/${rule.body.data.id}`, { token })).body).toEqual(rule.body);
  expect((await call(second.url, 'GET', '/_emulator/delivery')).body.timeoutMs).toBe(DEFAULT_DELIVERY_TIMEOUT_MS);
  expect((await call(second.url, 'GET', '/_emulator/deliveries')).body.deliveries).toEqual([]);
});
