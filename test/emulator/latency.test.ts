import { expect, test } from 'vitest';
import { emulatorPerFile } from '../support/emulatorPerFile.ts';
import { call } from './emulatorClient.ts';

// Option latency: every documented-API answer waits ms ± jitterMs; control
// endpoints answer without it. Judged by a lower bound and by order, never by
// an upper bound that a busy machine could break.

const LATENCY_MS = 800;
const target = emulatorPerFile({ latency: { ms: LATENCY_MS, jitterMs: 100 } });

test('a documented-API answer comes after the latency, a control answer before it', async () => {
  const finished: string[] = [];
  const started = performance.now();
  const api = call(target.url, 'GET', '/webhooks', { token: target.token }).then((answer) => {
    finished.push('api');
    return { answer, ms: performance.now() - started };
  });
  const control = call(target.url, 'GET', '/_emulator/health').then((answer) => {
    finished.push('control');
    return answer;
  });
  const [apiResult, controlAnswer] = await Promise.all([api, control]);
  expect(apiResult.answer.status).toBe(200);
  expect(controlAnswer.status).toBe(200);
  expect(apiResult.ms).toBeGreaterThanOrEqual(LATENCY_MS - 100);
  expect(finished).toEqual(['control', 'api']);
});

test('an answer refused for its token waits as well', async () => {
  const started = performance.now();
  const answer = await call(target.url, 'GET', '/webhooks');
  expect(answer.status).toBe(401);
  expect(performance.now() - started).toBeGreaterThanOrEqual(LATENCY_MS - 100);
});
