import fc from 'fast-check';
import { expect, test } from 'vitest';
import { emulatorPerFile } from '../support/emulatorPerFile.ts';
import { call, ruleBody } from './emulatorClient.ts';
import { judgeOutcome, type Outcome } from './fuzz/answerJudge.ts';
import { FUZZ_ROUTES } from './fuzz/fuzzRoutes.ts';
import { createKnownIds } from './fuzz/fuzzTarget.ts';
import { malformedRequestArbitrary, type MalformedRequest } from './fuzz/requestArbitraries.ts';
import { sendAll } from './fuzz/requestSender.ts';

// The emulator under a seeded stream of malformed requests over every documented
// operation, every control endpoint and its sandbox routes: 0 answers >= 500,
// 0 resets or hangs, every 4xx a JSON:API error document naming what is wrong
// (fuzz/answerJudge.ts), and the emulator healthy afterwards. A new seed each run,
// printed; FUZZ_SEED=<seed> replays a run exactly (FUZZ_REQUESTS changes how many).

const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 10_000);
/** Generated and sent in chunks so that the huge bodies of one chunk are dropped before the next. */
const CHUNK = 1_000;
const SEND = { connections: 4, inFlight: 8, timeoutMs: 10_000 };

const target = emulatorPerFile();

function describeRequest(index: number, request: MalformedRequest): string {
  const headers = {
    ...request.headers,
    ...(request.headers.authorization ? { authorization: `<${request.headers.authorization.length} characters>` } : {}),
  };
  const body = request.body === undefined ? '(no body)' : `${request.body.length} bytes: ${request.body.toString().slice(0, 160)}`;
  return `#${index} ${request.route}: ${request.method} ${request.url.slice(0, 160)} ${JSON.stringify(headers)} ${body}`;
}

async function expectHealthy(baseUrl: string, token: string, accountId: string): Promise<void> {
  const health = await call(baseUrl, 'GET', '/_emulator/health');
  expect(health.status).toBe(200);
  const rule = await call(baseUrl, 'POST', '/positive-pay', { token, body: ruleBody(accountId, 'After the fuzz') });
  expect(rule.status).toBe(201);
  expect((await call(baseUrl, 'GET', `/positive-pay/${rule.body.data.id}`, { token })).status).toBe(200);
  expect((await call(baseUrl, 'GET', '/events?page[limit]=5', { token })).status).toBe(200);
  expect(
    (await call(baseUrl, 'POST', '/_emulator/events', { body: { type: 'account.created' }, contentType: 'application/json' })).status,
  ).toBe(201);
  // Prototype keys in bodies and queries reached no prototype.
  expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
}

test(`${REQUESTS} malformed requests: no 5xx, no reset or hang, every 4xx a JSON:API error naming what is wrong`, async () => {
  const { url, token, emulator } = target;
  const credentials = { full: token, readOnly: emulator.state.tokens.mint(['payments']) };
  const ids = await createKnownIds(url, token, emulator.state.fixtures);
  const arbitrary = malformedRequestArbitrary(FUZZ_ROUTES, ids, credentials);
  const byStatus = new Map<string, number>();
  const offences: string[] = [];
  const started = performance.now();
  for (let first = 0; first < REQUESTS; first += CHUNK) {
    const requests = fc.sample(arbitrary, { seed: SEED + first, numRuns: Math.min(CHUNK, REQUESTS - first) });
    await sendAll(url, requests, SEND, (index, outcome: Outcome) => {
      const key = 'answer' in outcome ? String(outcome.answer.status) : outcome.error.code;
      byStatus.set(key, (byStatus.get(key) ?? 0) + 1);
      const offence = judgeOutcome(requests[index]!, outcome);
      const answered = 'answer' in outcome ? `\n    answered: ${outcome.answer.text.slice(0, 200)}` : '';
      if (offence) offences.push(`${offence}\n    ${describeRequest(first + index, requests[index]!)}${answered}`);
    });
  }
  const seconds = (performance.now() - started) / 1000;
  const statuses = [...byStatus]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ');
  console.log(
    `bad-input fuzz (seed ${SEED}; replay with FUZZ_SEED=${SEED}): sent ${REQUESTS} over ${FUZZ_ROUTES.length} routes in ${seconds.toFixed(1)} s; answers by status ${statuses}; offences ${offences.length}`,
  );
  expect.soft(offences.slice(0, 15), `seed ${SEED}: ${offences.length} offences (first 15 shown)`).toEqual([]);
  await expectHealthy(url, token, emulator.state.fixtures.accountId);
}, 180_000);
