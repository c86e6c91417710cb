import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { runDeliveries } from '../../../emulator/tools/deliveriesCommand.ts';
import { runTrigger } from '../../../emulator/tools/triggerCommand.ts';
import { call, webhookBody } from '../emulatorClient.ts';
import { runEmulatorProcess } from '../emulatorProcess.ts';
import { type AnsweringReceiver, startAnsweringReceiver } from '../../support/answeringReceiver.ts';
import { emulatorPerFile } from '../../support/emulatorPerFile.ts';

// `banking-api-emulator trigger` and `deliveries` against a real emulator with a
// real receiver: what they print, and the exit 2 of a mistyped event type or an
// emulator that is not there.

const emulator = emulatorPerFile();
let receiver: AnsweringReceiver;
let webhookId: string;

beforeAll(async () => {
  receiver = await startAnsweringReceiver({ status: 200, body: '{"handled":"yes"}' });
  const created = await call(emulator.url, 'POST', '/webhooks', { token: emulator.token, body: webhookBody(receiver.url) });
  webhookId = created.body.data.id;
});
afterAll(() => receiver.close());

function capture() {
  let text = '';
  return { output: { out: (chunk: string) => void (text += chunk) }, text: () => text };
}

test('trigger makes the events happen and prints where each went and what was answered', async () => {
  const printed = capture();
  const code = await runTrigger(['customer.created', '--count', '2', '--url', emulator.url], {}, printed.output);
  expect(code).toBe(0);
  const lines = printed.text().split('\n');
  expect(lines[0]).toBe(`Triggered 2 customer.created events on ${emulator.url}`);
  const answered = lines.filter((line) => line.includes(`→ webhook ${webhookId} ${receiver.url}`));
  expect(answered).toHaveLength(2);
  for (const line of answered) expect(line).toMatch(/try 1: 200 in \d+ ms: \{"handled":"yes"\}\s+\[delivered\]/);
  expect(receiver.received).toHaveLength(2);
});

test('deliveries prints the recent attempts, and --follow the ones that come after', async () => {
  const listed = capture();
  expect(await runDeliveries(['--url', emulator.url, '--last', '1'], {}, listed.output)).toBe(0);
  expect(listed.text().trim().split('\n')).toHaveLength(1);
  expect(listed.text()).toContain(`→ webhook ${webhookId} ${receiver.url}`);

  const followed = capture();
  let triggered = false;
  const following = () => {
    if (!triggered) {
      triggered = true;
      void runTrigger(['payment.created', '--url', emulator.url, '--wait', '0'], {}, capture().output);
    }
    return !followed.text().includes('payment.created');
  };
  expect(await runDeliveries(['--follow', '--last', '1', '--url', emulator.url], {}, followed.output, following)).toBe(0);
  expect(followed.text()).toMatch(/payment\.created \(event \d+\) → webhook \d+ \S+ {2}try 1: 200/);
});

test('an unknown event type is refused with close names, exit 2', async () => {
  const result = await runEmulatorProcess(['trigger', 'customer.creatd', '--url', emulator.url]);
  expect(result.code).toBe(2);
  expect(result.stderr).toMatch(/unknown event type 'customer\.creatd'; close names: customer\.created/);
});

test('an emulator that is not there is named, exit 2', async () => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await new Promise((resolve) => server.close(resolve));
  for (const command of [['trigger', 'customer.created'], ['deliveries']]) {
    const result = await runEmulatorProcess([...command, '--url', url]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`no emulator answers at ${url}`);
  }
});
