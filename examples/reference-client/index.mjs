/* global process, console, fetch, AbortSignal, Buffer, setTimeout */
// A reference API client of the banking platform: the integration an integrator
// writes, on Node 20's fetch and nothing else. It opts an account in to positive
// pay, creates a rule of each kind, uploads a drawdown's authorization document,
// subscribes a webhook, reads every event to the end, resends one, and cleans up.
//
// It reads its address and credentials from the environment:
//   BANKING_API_BASE_URL, BANKING_API_TOKEN, BANKING_API_ACCOUNT_ID
// `banking-api-conformance client -- node examples/reference-client/index.mjs`
// sets them and judges every request it makes. Its webhook's receiver runs in this
// process and does what the documents ask of one (5.3, 6.1, 9); given
// BANKING_API_JUDGE_WEBHOOKS_URL, it keeps that receiver up until the command has
// judged it (the RC requirements, in the same report).

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';

const JSON_API = 'application/vnd.api+json';
const PAGE_LIMIT = 100;
/** How many times one call is tried when the API answers 429. */
const ATTEMPTS = 5;

const baseUrl = required('BANKING_API_BASE_URL').replace(/\/+$/, '');
const token = required('BANKING_API_TOKEN');
const accountId = required('BANKING_API_ACCOUNT_ID');

function required(name) {
  const value = process.env[name];
  if (!value) {
    console.error(`reference client: set ${name}`);
    process.exit(2);
  }
  return value;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Seconds or an HTTP date (RFC 9110 10.2.3), as milliseconds to wait; 1 s when the answer names none. */
function retryAfterMs(header) {
  if (header === null) return 1000;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? 1000 : Math.max(0, date - Date.now());
}

/** One call; a 429 is waited out as its Retry-After says, any other failure stops the client. */
async function call(method, path, { json, file, mediaType } = {}) {
  const headers = { authorization: `Bearer ${token}`, accept: JSON_API };
  let body;
  if (json !== undefined) {
    headers['content-type'] = JSON_API;
    body = JSON.stringify(json);
  } else if (file !== undefined) {
    headers['content-type'] = mediaType;
    body = file;
  }
  for (let attempt = 1; ; attempt += 1) {
    const answer = await fetch(`${baseUrl}${path}`, { method, headers, body, signal: AbortSignal.timeout(10_000) });
    if (answer.status === 429 && attempt < ATTEMPTS) {
      await answer.arrayBuffer();
      await sleep(retryAfterMs(answer.headers.get('retry-after')));
      continue;
    }
    const text = await answer.text();
    if (!answer.ok) throw new Error(`${method} ${path} answered ${answer.status}: ${text.slice(0, 200)}`);
    return text ? JSON.parse(text) : undefined;
  }
}

const document = (type, attributes, relationships) => ({ data: { type, attributes, ...(relationships ? { relationships } : {}) } });
const account = { account: { data: { type: 'account', id: accountId } } };

/** What this integration does with an event; a type it does not know is skipped, never an error (API section 9). */
function handle(event, seen) {
  switch (event.type) {
    case 'positivePay.cancelled':
      seen.cancelled += 1;
      break;
    default:
      seen.other += 1;
  }
}

/** Every event, page by page, until a page comes back short. */
async function allEvents() {
  const events = [];
  for (let offset = 0; ; offset += PAGE_LIMIT) {
    const page = await call('GET', `/events?page[limit]=${PAGE_LIMIT}&page[offset]=${offset}`);
    events.push(...page.data);
    if (page.data.length < PAGE_LIMIT) return events;
  }
}

/** 5.3: base64(HMAC-SHA1(token, raw body)), the whole text compared in constant time. */
function signedBy(token, rawBody, signature) {
  if (typeof signature !== 'string') return false;
  const expected = Buffer.from(createHmac('sha1', token).update(rawBody).digest('base64'));
  const received = Buffer.from(signature);
  return received.length === expected.length && timingSafeEqual(received, expected);
}

/**
 * Where the webhook delivers: this process. It verifies the signature over the raw bytes,
 * processes each event id once (AtLeastOnce redelivers), skips types it does not know, and
 * answers 200 once the whole delivery is processed.
 */
async function startReceiver(token, seen) {
  const processed = new Set();
  const server = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks);
      if (request.method !== 'POST') return response.writeHead(405).end();
      if (!signedBy(token, raw, request.headers['x-service-signature'])) return response.writeHead(401).end();
      let body;
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        return response.writeHead(400).end();
      }
      const container = Array.isArray(body) ? body : body?.data;
      const items = Array.isArray(container) ? container : container === undefined ? [] : [container];
      for (const item of items) {
        // An AtLeastOnce batch may carry bare ids (6.1).
        const event = typeof item === 'object' && item !== null ? item : { id: item };
        if (event.id === undefined || processed.has(String(event.id))) continue;
        handle(event, seen);
        processed.add(String(event.id));
      }
      response.writeHead(200).end();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/** Under `banking-api-conformance client`: asks for the webhook's receiver to be judged, and waits until it is. */
async function receiverJudged() {
  const judgeUrl = process.env.BANKING_API_JUDGE_WEBHOOKS_URL;
  if (judgeUrl) await (await fetch(judgeUrl)).arrayBuffer();
}

// The webhook's signing token: made here, kept in this process (in production, in a secret store).
const signingToken = randomBytes(24).toString('base64url');
const delivered = { cancelled: 0, other: 0 };
const receiver = await startReceiver(signingToken, delivered);
const rules = [];
let webhook;
try {
  await call('POST', '/positive-pay-policy', {
    json: document('positivePayPolicy', { optInTypes: ['CheckPayment', 'ReceivedAchDebit'] }, account),
  });

  webhook = (
    await call('POST', '/webhooks', {
      json: document('webhook', {
        label: 'reference client',
        url: `http://127.0.0.1:${receiver.address().port}/webhooks`,
        token: signingToken,
        contentType: 'JsonAPI',
        deliveryMode: 'AtLeastOnce',
      }),
    })
  ).data;

  const expirationDate = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  for (const [type, attributes] of [
    ['receivedAchDebitPositivePay', { originatorName: 'Acme Utilities', amount: 125_00 }],
    ['receivedAchCreditPositivePay', { originatorEntityId: '2042', expirationDate }],
    ['checkPaymentPositivePay', { checkNumber: '10045', amount: 1_999_99, payeeName: 'Jane Roe' }],
    ['drawdownPositivePay', { expirationDate, tags: { purpose: 'supplier drawdown' } }],
  ])
    rules.push((await call('POST', '/positive-pay', { json: document(type, attributes, account) })).data);

  const drawdown = rules.find((rule) => rule.type === 'drawdownPositivePay');
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  await call('PUT', `/positive-pay/${drawdown.id}/documents`, { file: pdf, mediaType: 'application/pdf' });

  await call('GET', `/positive-pay?page[limit]=${PAGE_LIMIT}&filter[accountId]=${accountId}`);
  await receiverJudged();
} finally {
  // Cleaning up: the rules cancelled (each fires positivePay.cancelled), the webhook disabled.
  for (const rule of rules) await call('POST', `/positive-pay/${rule.id}/cancel`);
  if (webhook) await call('POST', `/webhooks/${webhook.id}/disable`);
  receiver.close();
}

const events = await allEvents();
const seen = { cancelled: 0, other: 0 };
for (const event of events) handle(event, seen);
const cancelled = events.find((event) => event.type === 'positivePay.cancelled');
if (cancelled) await call('POST', `/events/${cancelled.id}`, { json: {} });
console.log(`reference client: ${rules.length} rules, ${events.length} events read (${seen.cancelled} cancellations), one resent`);
