/* global process, fetch, performance, AbortSignal, setTimeout */
// A client that does one documented thing many times, for bench/clientRun.bench.ts: it opts
// the account in to check positive pay, then creates a check payment rule and cancels it,
// CLIENT_LOOP_PAIRS times after a warm-up, one call at a time as a client's code does, and
// writes how many calls it made and how long they took to CLIENT_LOOP_OUT. It reads the
// variables `client -- COMMAND` sets, so it runs the same whether or not it is recorded.
import { writeFileSync } from 'node:fs';

const JSON_API = 'application/vnd.api+json';
const WARM_UP_PAIRS = 50;
const { BANKING_API_BASE_URL: baseUrl, BANKING_API_TOKEN: token, BANKING_API_ACCOUNT_ID: accountId } = process.env;
const pairs = Number(process.env.CLIENT_LOOP_PAIRS);
const account = { account: { data: { type: 'account', id: accountId } } };

async function call(method, path, attributes) {
  const headers = { authorization: `Bearer ${token}`, accept: JSON_API };
  const body = attributes && JSON.stringify({ data: { type: attributes.type, attributes: attributes.values, relationships: account } });
  if (body) headers['content-type'] = JSON_API;
  const answer = await fetch(`${baseUrl}${path}`, { method, headers, body, signal: AbortSignal.timeout(10_000) });
  // As a client should, and so a perturbation of `client`'s plan (a 429 on the first write) only delays the warm-up.
  if (answer.status === 429) {
    await answer.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 1000 * Number(answer.headers.get('retry-after') ?? 1)));
    return call(method, path, attributes);
  }
  const text = await answer.text();
  if (!answer.ok) throw new Error(`${method} ${path} answered ${answer.status}: ${text.slice(0, 200)}`);
  return JSON.parse(text);
}

async function createAndCancel(number) {
  const values = { checkNumber: String(10_000 + number), amount: 1_999_99, payeeName: 'Jane Roe' };
  const rule = await call('POST', '/positive-pay', { type: 'checkPaymentPositivePay', values });
  await call('POST', `/positive-pay/${rule.data.id}/cancel`);
}

await call('POST', '/positive-pay-policy', { type: 'positivePayPolicy', values: { optInTypes: ['CheckPayment'] } });
for (let pair = 0; pair < WARM_UP_PAIRS; pair += 1) await createAndCancel(pair);
const started = performance.now();
for (let pair = 0; pair < pairs; pair += 1) await createAndCancel(WARM_UP_PAIRS + pair);
writeFileSync(process.env.CLIENT_LOOP_OUT, JSON.stringify({ calls: 2 * pairs, ms: performance.now() - started }));
