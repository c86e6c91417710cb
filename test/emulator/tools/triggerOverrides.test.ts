import { expect, test } from 'vitest';
import { runTrigger } from '../../../emulator/tools/triggerCommand.ts';
import { call } from '../emulatorClient.ts';
import { runEmulatorProcess } from '../emulatorProcess.ts';
import { emulatorPerFile } from '../../support/emulatorPerFile.ts';

// `trigger <type> --set PATH=VALUE`: fields of the triggered event set by hand,
// only as the Event Catalog's shape of the type allows. A path or value it does
// not allow is one line naming it, exit 2, before anything is sent; the control
// route answers the same mistakes 400, never 5xx.

const emulator = emulatorPerFile();

test('--set sets an attribute and a relationship of the triggered event', async () => {
  let printed = '';
  const code = await runTrigger(
    ['payment.created', '--set', 'attributes.amount=500', '--set', 'relationships.account=10001', '--url', emulator.url, '--wait', '0'],
    {},
    { out: (text) => void (printed += text) },
  );
  expect(code).toBe(0);
  const id = /event (\d+) payment\.created/.exec(printed)?.[1];
  expect(id, printed).toBeDefined();
  const event = (await call(emulator.url, 'GET', `/events/${id}`, { token: emulator.token })).body.data;
  expect(event.attributes.amount).toBe(500);
  expect(event.relationships.account.data.id).toBe('10001');
});

test.each([
  [
    ['attributes.amout=500'],
    /^banking-api-emulator trigger: --set attributes\.amout: payment\.created has no attribute amout in the Event Catalog \(it lists [^)]*amount[^)]*\)$/,
  ],
  [['attributes.amount=lots'], /^banking-api-emulator trigger: --set attributes\.amount must be an integer \(cents\); got "lots"$/],
  [
    ['attributes.amount.cents=5'],
    /^banking-api-emulator trigger: --set attributes\.amount\.cents: only attributes\.NAME or relationships\.NAME can be set$/,
  ],
  [['amount'], /^banking-api-emulator trigger: --set takes PATH=VALUE, such as attributes\.amount=500; got 'amount'$/],
])('--set %j is refused in one line, exit 2', async (set, line) => {
  const before = (await call(emulator.url, 'GET', '/events', { token: emulator.token })).body.data.length;
  const result = await runEmulatorProcess(['trigger', 'payment.created', '--set', ...set, '--url', emulator.url]);
  expect(result.code).toBe(2);
  expect(result.stderr.trim()).toMatch(line);
  expect(result.stdout).toBe('');
  expect((await call(emulator.url, 'GET', '/events', { token: emulator.token })).body.data.length).toBe(before);
});

test.each([
  [{ type: 'payment.created', set: { 'attributes.amount': 'lots' } }, '/set/attributes.amount'],
  [{ type: 'payment.created', set: { 'attributes.nothing': 1 } }, '/set/attributes.nothing'],
  [{ type: 'payment.created', set: 'amount=5' }, '/set'],
  [{ type: 'future.thing', set: { 'attributes.amount': 5 } }, '/set'],
  [{ type: 'payment.created', relationships: { account: 5 } }, '/relationships/account'],
])('the control route answers a bad override %j with 400 naming %s', async (body, pointer) => {
  const answer = await call(emulator.url, 'POST', '/_emulator/events', { body, contentType: 'application/json' });
  expect(answer.status).toBe(400);
  expect(answer.body.errors[0].source.pointer).toBe(pointer);
});
