import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { request } from 'undici';
import { JSON_API } from '../contract/facts/mediaTypes.ts';
import { startEmulator } from '../emulator/emulator.ts';
import { emulatorManifest, openTargetSession } from '../harness/targetIO/targetSession.ts';
import { reportRatio } from './benchGoals.ts';

// The emulator's throughput, side by side in one run with its limit and a peer:
// a keep-alive GET of one rule at 32 connections (autocannon in its own process)
// against the emulator, a bare node:http server sending the same bytes, and the
// Prism mock of a one-operation OpenAPI document returning the same body.

const CONNECTIONS = 32;
const SECONDS = 3;
const ROUNDS = 3;

async function load(url: string, headers: Record<string, string>): Promise<number> {
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}=${value}`]);
  const { stdout } = await promisify(execFile)(
    'node_modules/.bin/autocannon',
    ['-c', String(CONNECTIONS), '-d', String(SECONDS), '-j', ...headerArgs, url],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  const result = JSON.parse(stdout) as { requests: { average: number }; non2xx: number; errors: number };
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors under load`);
  return result.requests.average;
}

async function waitForPrism(url: string): Promise<void> {
  for (let attempt = 0; attempt < 120; attempt += 1) {
    try {
      const answer = await request(url);
      await answer.body.dump();
      if (answer.statusCode === 200) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('Prism did not start within 30 s');
}

const emulator = await startEmulator();
const session = await openTargetSession(emulatorManifest(), { baseUrl: emulator.url(), seed: 1 });
const token = session.tokens.full();
const account = await session.fixtures.account();
const created = await request(`${emulator.url()}/positive-pay`, {
  method: 'POST',
  headers: { authorization: `Bearer ${token}`, 'content-type': JSON_API },
  body: JSON.stringify({
    data: {
      type: 'receivedAchDebitPositivePay',
      attributes: { originatorName: 'Bench Originator' },
      relationships: { account: { data: { type: 'account', id: account.accountId } } },
    },
  }),
});
const ruleId = ((await created.body.json()) as { data: { id: string } }).data.id;
const rulePath = `/positive-pay/${ruleId}`;
const sample = await request(`${emulator.url()}${rulePath}`, { headers: { authorization: `Bearer ${token}` } });
const bytes = Buffer.from(await sample.body.arrayBuffer());
const contentType = String(sample.headers['content-type']);

const bare = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': contentType, 'content-length': bytes.length });
  response.end(bytes);
});
await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
// Alternating rounds, best of each: a shared machine's load changes within seconds,
// and the ratio must compare the two under the same load.
let emulatorRate = 0;
let bareRate = 0;
for (let round = 0; round < ROUNDS; round += 1) {
  emulatorRate = Math.max(emulatorRate, await load(`${emulator.url()}${rulePath}`, { authorization: `Bearer ${token}` }));
  bareRate = Math.max(bareRate, await load(`http://127.0.0.1:${(bare.address() as AddressInfo).port}${rulePath}`, {}));
}
bare.close();
await emulator.close();

const dir = mkdtempSync(join(tmpdir(), 'bench-prism-'));
const document = {
  openapi: '3.1.0',
  info: { title: 'one rule', version: '1' },
  paths: {
    '/positive-pay/{id}': {
      get: {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          200: { description: 'the rule', content: { [JSON_API]: { example: JSON.parse(bytes.toString('utf8')) } } },
        },
      },
    },
  },
};
writeFileSync(join(dir, 'openapi.json'), JSON.stringify(document));
const prismPort = 40_000 + Math.floor(Math.random() * 10_000);
const prism = spawn('node_modules/.bin/prism', ['mock', '-h', '127.0.0.1', '-p', String(prismPort), join(dir, 'openapi.json')], {
  stdio: 'ignore',
});
let prismRate: number;
try {
  await waitForPrism(`http://127.0.0.1:${prismPort}${rulePath}`);
  prismRate = await load(`http://127.0.0.1:${prismPort}${rulePath}`, {});
} finally {
  prism.kill();
}

const rates = (baseline: number, baselineName: string) => ({ value: emulatorRate, baseline, unit: 'req/s', baselineName });
reportRatio('keep-alive GET of one rule, emulator vs bare node:http sending the same bytes', rates(bareRate, 'bare node:http'), 0.8);
reportRatio('keep-alive GET of one rule, emulator vs the Prism mock of the same body', rates(prismRate, 'Prism'), 20);
