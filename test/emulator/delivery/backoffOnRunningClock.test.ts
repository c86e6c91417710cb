import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { afterEach, expect, test } from 'vitest';
import { type Emulator, startEmulator } from '../../../emulator/emulator.ts';
import { runScenarios } from '../../support/runScenarios.ts';
import { scenariosJudging } from '../../support/emulatorRuns.ts';

// DL-BACKOFF-FIBONACCI and DL-BACKOFF-CAP on a target whose clock control cannot
// freeze the clock nor count its timers (an emulator offering only advance and
// scale): the backoff is then measured on a sped-up clock in real time, and still
// passes a correct target and fails a doubling one.

const scenarios = scenariosJudging(['DL-BACKOFF-FIBONACCI']);
const open: Array<{ emulator: Emulator; proxy: Server }> = [];
afterEach(async () => {
  for (const { emulator, proxy } of open.splice(0)) {
    await new Promise((resolve) => proxy.close(resolve));
    await emulator.close();
  }
});

/** Forwards everything; a clock answer loses `timers` and `fired`, and scale 0 is refused. */
async function withoutFrozenClock(faults: string[]): Promise<string> {
  const emulator = await startEmulator({ faults });
  const proxy = createServer(async (incoming, outgoing) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const clock = incoming.url!.startsWith('/_emulator/clock');
    if (clock && incoming.url === '/_emulator/clock/scale' && JSON.parse(body.toString() || '{}').scale === 0) {
      outgoing.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"scale must be greater than 0"}');
      return;
    }
    const answer = await request(`${emulator.url()}${incoming.url}`, {
      method: incoming.method as 'GET',
      headers: Object.fromEntries(Object.entries(incoming.headers).filter(([name]) => name !== 'host' && name !== 'connection')),
      ...(body.length ? { body } : {}),
    });
    let text = await answer.body.text();
    if (clock && answer.statusCode === 200) {
      const { timers: _timers, fired: _fired, ...state } = JSON.parse(text) as Record<string, unknown>;
      text = JSON.stringify(state);
    }
    const headers = { ...answer.headers };
    delete headers['content-length'];
    delete headers['transfer-encoding'];
    outgoing.writeHead(answer.statusCode, headers as Record<string, string>).end(text);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  open.push({ emulator, proxy });
  return `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
}

const outcomeOf = (records: Awaited<ReturnType<typeof runScenarios>>, id: string) =>
  records.filter((record) => record.requirementId === id).map((record) => `${record.outcome}: ${record.message}`);

test('a correct target passes, measured in real time on a sped-up clock', async () => {
  const records = await runScenarios(scenarios, { baseUrl: await withoutFrozenClock([]), seed: 1 });
  const fibonacci = outcomeOf(records, 'DL-BACKOFF-FIBONACCI');
  expect(fibonacci).toEqual([expect.stringMatching(/^PASS: .*timing noise allowed/)]);
  expect(outcomeOf(records, 'DL-BACKOFF-CAP')).toEqual([expect.stringMatching(/^PASS/)]);
});

test('a doubling backoff fails DL-BACKOFF-FIBONACCI, measured in real time', async () => {
  const records = await runScenarios(scenarios, { baseUrl: await withoutFrozenClock(['backoff-doubling']), seed: 1 });
  expect(outcomeOf(records, 'DL-BACKOFF-FIBONACCI')).toEqual([expect.stringMatching(/^FAIL: .*timing noise allowed/)]);
});
