/* global process, console, fetch, Buffer, AbortSignal, Response, setTimeout */
// A small API client with one seeded fault or tolerated variation, named by its
// first argument (none: the correct client). It goes on after an error answer, as
// a client that logs and carries on does, so every call it means to make is made
// and judged. Used by test/proofs/clientKillMatrix.test.ts.

const variant = process.argv[2] ?? 'none';
const baseUrl = process.env.BANKING_API_BASE_URL;
const token = process.env.BANKING_API_TOKEN;
const accountId = process.env.BANKING_API_ACCOUNT_ID;
const JSON_API = 'application/vnd.api+json';
const PAGE_LIMIT = variant === 'page-limit-5000' ? 5000 : 2;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** The documented time-out (API Conventions; 8), as the clients that give up there use it. */
const TIMEOUT_MS = 5000;
const GIVES_UP = variant === 'duplicate-after-slow' || variant === 'check-before-create-again';

/** The scope each call it makes needs (API 5.1), for the variation that holds only those. */
function scopeOf(method, path) {
  const area = path.startsWith('/webhooks') ? 'webhooks' : path.startsWith('/events') ? 'events' : 'payments';
  return method === 'GET' ? area : `${area}-write`;
}

/** A token per scope, minted from the emulator as `client --wait` says to, each holding that one scope. */
const scopedTokens = new Map();
async function tokenFor(method, path) {
  if (variant !== 'only-needed-scopes') return token;
  const scope = scopeOf(method, path);
  if (!scopedTokens.has(scope)) {
    const minted = await fetch(`${baseUrl}/_emulator/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ scopes: [scope] }),
    });
    scopedTokens.set(scope, (await minted.json()).token);
  }
  return scopedTokens.get(scope);
}

/** After giving up on a create: its resource, if a list of its kind holds one with what was sent, as an answer. */
async function madeAlready(path, headers, body) {
  if (path !== '/webhooks' && path !== '/positive-pay') return undefined;
  const list = await fetch(`${baseUrl}${path}?page[limit]=1000`, { headers: { authorization: headers.authorization } });
  const sent = JSON.parse(body).data;
  const found = ((await list.json()).data ?? []).find(
    (one) =>
      one.type === sent.type &&
      Object.entries(sent.attributes).every(
        ([name, value]) => typeof value === 'object' || !(name in one.attributes) || one.attributes[name] === value,
      ),
  );
  return found ? new Response(JSON.stringify({ data: found }), { status: 200 }) : undefined;
}

/** One attempt; the variants that retry do so here (a 429, or a create that timed out). */
async function send(method, path, headers, body, attempt = 1) {
  const timeout = GIVES_UP ? { signal: AbortSignal.timeout(TIMEOUT_MS) } : {};
  let answer;
  try {
    answer = await fetch(`${baseUrl}${path}`, { method, headers, body, ...timeout });
  } catch (error) {
    // Gave up at the documented time-out and sent the create again, with no way to know it was made.
    if (variant === 'duplicate-after-slow' && attempt === 1) return send(method, path, headers, body, attempt + 1);
    // Gave up, and looked first: the create found made is taken as made; one it cannot look for is not sent again.
    if (variant === 'check-before-create-again' && method === 'POST' && attempt === 1) {
      const found = await madeAlready(path, headers, body);
      if (found) return found;
      console.log(`${method} ${path}: no answer within ${TIMEOUT_MS} ms, and not sent again`);
      return new Response(null, { status: 504 });
    }
    throw error;
  }
  // After a 5xx to a create: sent again at once, or sent again only once a look found it not made.
  if (answer.status >= 500 && method === 'POST' && attempt < 4) {
    if (variant === 'retry-create-after-5xx') {
      await answer.arrayBuffer();
      return send(method, path, headers, body, attempt + 1);
    }
    if (variant === 'check-after-5xx') {
      await answer.arrayBuffer();
      return (await madeAlready(path, headers, body)) ?? send(method, path, headers, body, attempt + 1);
    }
  }
  if (answer.status === 429 && attempt < 4 && (variant === 'retry-429-at-once' || variant === 'backoff-with-jitter')) {
    await answer.arrayBuffer();
    const retryAfterMs = Number(answer.headers.get('retry-after') ?? '1') * 1000;
    if (variant === 'retry-429-at-once') return send(method, path, headers, body, attempt + 1);
    // Its own exponential backoff with full jitter, never shorter than the server asked.
    if (variant === 'backoff-with-jitter') {
      await sleep(Math.max(retryAfterMs, 1000 * 2 ** attempt * Math.random()) + Math.random() * 250);
      return send(method, path, headers, body, attempt + 1);
    }
  }
  return answer;
}

async function call(method, path, options = {}, attempt = 1) {
  const { json, raw, mediaType, bearer = true } = options;
  const headers = bearer ? { authorization: `Bearer ${await tokenFor(method, path.split('?')[0])}` } : {};
  let body;
  if (json !== undefined) {
    headers['content-type'] = variant === 'application-json' ? 'application/json' : JSON_API;
    body = JSON.stringify(json);
  } else if (raw !== undefined) {
    headers['content-type'] = mediaType;
    body = raw;
  }
  const answer = await send(method, path, headers, body);
  let text;
  try {
    text = await answer.text();
  } catch (error) {
    // A body cut short: a GET sent again, as reading twice changes nothing; or the call given up, and the client goes on.
    if (variant === 'retry-get-after-truncation' && method === 'GET' && attempt < 4) return call(method, path, options, attempt + 1);
    if (variant === 'gives-up-on-truncation') {
      console.log(`${method} ${path}: answer cut short, given up`);
      return undefined;
    }
    throw error;
  }
  if (!answer.ok) console.log(`${method} ${path}: ${answer.status}`);
  return answer.ok && text ? JSON.parse(text) : undefined;
}

const account = { account: { data: { type: 'account', id: accountId } } };
const rule = (type, attributes) => ({ data: { type, attributes, relationships: account } });

async function rules() {
  const amount = variant === 'amount-as-string' ? '12500' : 12500;
  const expirationDate = variant === 'impossible-date' ? '2095-02-30' : '2095-02-28';
  const created = [];
  for (const body of [
    rule('checkPaymentPositivePay', { checkNumber: '1001', amount, expirationDate }),
    rule('receivedAchDebitPositivePay', { originatorName: 'Acme' }),
    rule('drawdownPositivePay', {}),
  ]) {
    const answer = await call('POST', '/positive-pay', { json: body });
    if (answer) created.push(answer.data);
  }
  const drawdown = created.find((one) => one.type === 'drawdownPositivePay');
  if (drawdown)
    await call('PUT', `/positive-pay/${drawdown.id}/documents`, { raw: Buffer.from('%PDF-1.4\n%%EOF\n'), mediaType: 'application/pdf' });
  for (const one of created) await call('POST', `/positive-pay/${one.id}/cancel`);
}

async function webhook() {
  const attributes = { label: 'seeded', url: 'http://127.0.0.1:9/unused', token: '', contentType: 'Json', deliveryMode: 'AtMostOnce' };
  const answer = await call('POST', '/webhooks', { json: { data: { type: 'webhook', attributes } } });
  if (answer && variant !== 'leaves-webhook-enabled') await call('POST', `/webhooks/${answer.data.id}/disable`);
}

/** A handler per type it knows; the faulty client looks the handler up and calls it, so a type it never saw throws. */
const HANDLERS = { 'positivePay.cancelled': () => {} };
const handle = (event) => (variant === 'crash-on-unknown-type' ? HANDLERS[event.type](event) : HANDLERS[event.type]?.(event));

/** The variations that act on each event as they read it: a resend, every time, or once per id (list-shift's two). */
const ACTS_ON_EACH = variant === 'resend-each-read' || variant === 'resend-each-id-once';
const actedOn = new Set();
async function actOn(event) {
  if (variant === 'resend-each-id-once' && actedOn.has(event.id)) return;
  actedOn.add(event.id);
  await call('POST', `/events/${event.id}`, { json: {} });
}

async function events() {
  const bearer = variant !== 'no-bearer-on-list';
  const read = [];
  for (let offset = 0; ; offset += PAGE_LIMIT) {
    const page = await call('GET', `/events?page[limit]=${PAGE_LIMIT}&page[offset]=${offset}`, { bearer });
    read.push(...(page?.data ?? []));
    for (const one of page?.data ?? []) handle(one);
    if (ACTS_ON_EACH) for (const one of page?.data ?? []) await actOn(one);
    // The tolerated variation needs no more than the first page.
    if (!page || page.data.length < PAGE_LIMIT || variant === 'first-page-only') break;
  }
  const event = ACTS_ON_EACH ? undefined : read[0];
  if (event) await call('POST', `/events/${event.id}`, variant === 'resend-no-body' ? {} : { json: {} });
}

async function policy() {
  await call('POST', '/positive-pay-policy', {
    json: { data: { type: 'positivePayPolicy', attributes: { optInTypes: ['CheckPayment'] }, relationships: account } },
  });
}

// Webhook first for the client that checks before creating again, so the slow answer is a create it can look for.
const steps =
  variant === 'other-order' || variant === 'check-before-create-again'
    ? [webhook, rules, events, policy]
    : [policy, rules, webhook, events];
for (const step of steps) await step();
