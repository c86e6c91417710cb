import { afterAll, beforeAll, expect } from 'vitest';
import { call, type Answer, webhookBody } from '../emulator/emulatorClient.ts';
import { FlakySink } from './flakySink.ts';

// What the delivery reliability tests share: a failing receiver for the file, an
// unsigned webhook to it, the emulator's control endpoints, and a real-time pause.

export const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** An unsigned Json webhook to `url`; its id (the create MUST answer 201). */
export async function subscribe(
  baseUrl: string,
  token: string,
  url: string,
  deliveryMode: 'AtLeastOnce' | 'AtMostOnce',
  label: string,
): Promise<string> {
  const answer = await call(baseUrl, 'POST', '/webhooks', { token, body: webhookBody(url, { label, token: '', deliveryMode }) });
  expect(answer.status).toBe(201);
  return answer.body.data.id as string;
}

/** The emulator's /_emulator control endpoints (clock, delivery time-out, event injection). */
export function emulatorControl(baseUrl: string) {
  return (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<Answer> =>
    call(baseUrl, method, `/_emulator${path}`, body === undefined ? {} : { body, contentType: 'application/json' });
}

/** A FlakySink for a test file, drawing its failures from `seed`; closed after the file's tests. */
export function flakySinkPerFile(seed: number): { readonly sink: FlakySink } {
  let sink: FlakySink | undefined;
  beforeAll(async () => {
    sink = await FlakySink.start(seed);
  });
  afterAll(async () => {
    await sink?.close();
  });
  return {
    get sink() {
      if (!sink) throw new Error('the sink starts in beforeAll; use it inside a test');
      return sink;
    },
  };
}
