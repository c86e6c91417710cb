import { afterAll, expect, test } from 'vitest';
import { TOKEN_VARIABLES } from '../../../emulator/startup/tokenVariables.ts';
import { call } from '../emulatorClient.ts';
import { type EmulatorProcess, runEmulatorProcess, startEmulatorProcess } from '../emulatorProcess.ts';

// `banking-api-emulator --profile vendor-like`: starts from the profile's
// options, prints its fixture ids and what it does (never a token), and any
// flag given alongside overrides the profile's part.

const TOKEN = 'operator-token-for-profile-test';
const NO_TOKEN_VARIABLES = Object.fromEntries(TOKEN_VARIABLES.map((variable) => [variable.env, '']));
const started: EmulatorProcess[] = [];
afterAll(() => {
  for (const emulator of started) emulator.stop();
});

test('the profile starts with fixed fixture ids, no control endpoints and the token from the environment', async () => {
  const emulator = await startEmulatorProcess(['--profile', 'vendor-like', '--lived-in-events', '200'], { BANKING_EMULATOR_TOKEN: TOKEN });
  started.push(emulator);
  expect(emulator.output()).toMatch(/profile vendor-like/);
  expect(emulator.output()).toMatch(/fixtures: deposit product 7001, account 10001/);
  expect(emulator.output()).toMatch(/lived-in \(seed 1\): \d+ rules, \d+ webhooks, 200 events/);
  expect(emulator.output()).toMatch(/tokens from: BANKING_EMULATOR_TOKEN/);
  expect(emulator.output()).not.toContain(TOKEN);
  expect((await call(emulator.url, 'GET', '/_emulator/health')).status).toBe(404);
  let answer = await call(emulator.url, 'GET', '/positive-pay?filter[accountId]=10001', { token: TOKEN });
  if (answer.status === 429) answer = await call(emulator.url, 'GET', '/positive-pay?filter[accountId]=10001', { token: TOKEN });
  expect(answer.status).toBe(200);
  expect(answer.body.data.length).toBeGreaterThan(0);
});

test('flags override the profile: control endpoints back on, no rate limit, no latency', async () => {
  const emulator = await startEmulatorProcess(
    ['--profile', 'vendor-like', '--control-endpoints', '--rate-limit-every', '0', '--latency', '0', '--lived-in-events', '0'],
    { BANKING_EMULATOR_TOKEN: TOKEN },
  );
  started.push(emulator);
  expect(emulator.output()).not.toMatch(/rate limit|latency/);
  expect((await call(emulator.url, 'GET', '/_emulator/health')).status).toBe(200);
  const statuses = await Promise.all(
    Array.from({ length: 30 }, () => call(emulator.url, 'GET', '/webhooks', { token: TOKEN }).then((answer) => answer.status)),
  );
  expect(new Set(statuses)).toEqual(new Set([200]));
});

test.each([
  [['--profile', 'vendor'], {}, /--profile must be one of vendor-like/],
  [['--profile', 'vendor-like'], NO_TOKEN_VARIABLES, /without control endpoints no token can be minted: set BANKING_EMULATOR_TOKEN/],
  [['--latency', '10', '--latency-jitter', '20'], {}, /--latency-jitter \(20\) must not exceed --latency \(10\)/],
  [['--rate-limit-every', 'often'], {}, /--rate-limit-every must be an integer/],
  [['--lived-in-events', '10'], {}, /--lived-in-events needs --lived-in SEED/],
])('%j is refused with exit code 2 and a message', async (args, env, message) => {
  const result = await runEmulatorProcess(args, env as Record<string, string>);
  expect(result.code).toBe(2);
  expect(result.stderr).toMatch(message);
});
