import { readFileSync } from 'node:fs';
import { request } from 'undici';

// Plain HTTP against an emulator under test, as any client would call it.

export interface Answer {
  status: number;
  headers: Record<string, string>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  text: string;
}

export async function call(
  baseUrl: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  path: string,
  options: { token?: string; body?: unknown; contentType?: string; rawBody?: string | Buffer } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const payload = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  if (options.contentType ?? (payload !== undefined ? 'application/vnd.api+json' : undefined)) {
    headers['content-type'] = options.contentType ?? 'application/vnd.api+json';
  }
  const response = await request(`${baseUrl}${path}`, { method, headers, body: payload });
  const text = await response.body.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) if (value !== undefined) flat[name] = String(value);
  return { status: response.statusCode, headers: flat, body, text };
}

export const ruleBody = (accountId: string, originatorName = 'Test Originator') => ({
  data: {
    type: 'receivedAchDebitPositivePay',
    attributes: { originatorName },
    relationships: { account: { data: { type: 'account', id: accountId } } },
  },
});

/** A received ACH debit on the account (section 4.5), to be matched against rules. */
export const achDebitSimulationBody = (accountId: string, originatorName: string, amount = 100) => ({
  data: {
    type: 'receivedAchDebitSimulation',
    attributes: { amount, originatorName },
    relationships: { account: { data: { type: 'account', id: accountId } } },
  },
});

export const webhookBody = (url: string, extra: Record<string, unknown> = {}) => ({
  data: {
    type: 'webhook',
    attributes: { label: 'test', url, token: 'secret', contentType: 'Json', deliveryMode: 'AtMostOnce', ...extra },
  },
});

/** fixtures/applications/individual-application.json, fresh for each use. */
export const applicationFixture = () =>
  JSON.parse(readFileSync(new URL('../../fixtures/applications/individual-application.json', import.meta.url), 'utf8'));
