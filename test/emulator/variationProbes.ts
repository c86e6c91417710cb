import { request } from 'undici';
import type { SinkDelivery, SinkEndpoint } from '../../harness/targetIO/webhookSink.ts';
import type { ToleratedVariation } from '../../emulator/faults/toleratedVariations.ts';
import { achDebitSimulationBody, type Answer, applicationFixture, call, ruleBody, webhookBody } from './emulatorClient.ts';

// One probe per tolerated variation: the few requests that show it, and an
// observation small and deterministic enough that a clean emulator and one
// with the variation can be compared. The observations hold no ids or times
// (only the shape of a timestamp where that is the point), so the two differ
// only when the variation took effect.

export interface ProbeTarget {
  /** The emulator under test; its control endpoints are served. */
  readonly baseUrl: string;
  /** A path of its own on a local webhook receiver. */
  readonly newEndpoint: () => SinkEndpoint;
}

/**
 * A variation applied in more than one place, each place observed on its own:
 * every one must differ, so that one place that stopped applying it shows.
 */
export class ObservedPlaces {
  constructor(readonly places: Readonly<Record<string, unknown>>) {}
}

export type VariationProbe = (target: ProbeTarget) => Promise<unknown>;

const CONTROL = 'application/json';
const DELIVERY_WAIT_MS = 5000;

async function mintToken(baseUrl: string): Promise<string> {
  const minted = await call(baseUrl, 'POST', '/_emulator/tokens', { body: {}, contentType: CONTROL });
  return minted.body.token as string;
}

async function controlPost(baseUrl: string, path: string, body: unknown) {
  const answer = await call(baseUrl, 'POST', `/_emulator${path}`, { body, contentType: CONTROL });
  if (answer.status !== 200 && answer.status !== 201) throw new Error(`${path} answered ${answer.status}: ${answer.text}`);
  return answer.body;
}

/** Publishes one event through the control endpoint; answers its id. */
async function injectEvent(baseUrl: string, type: string, attributes?: Record<string, unknown>): Promise<string> {
  const injected = await controlPost(baseUrl, '/events', { type, ...(attributes ? { attributes } : {}) });
  return injected.events[0].id as string;
}

/** The event as GET /events/{id} answers it. */
async function injectedEvent(baseUrl: string, type: string, attributes?: Record<string, unknown>) {
  const id = await injectEvent(baseUrl, type, attributes);
  const fetched = await call(baseUrl, 'GET', `/events/${id}`, { token: await mintToken(baseUrl) });
  return fetched.body.data;
}

async function createdRule(baseUrl: string) {
  const accountId = (await controlPost(baseUrl, '/accounts', {})).id as string;
  const created = await call(baseUrl, 'POST', '/positive-pay', { token: await mintToken(baseUrl), body: ruleBody(accountId) });
  return created.body.data;
}

/** A rule without originatorName: refused as invalid (2.5). */
async function invalidRequest(baseUrl: string) {
  const accountId = (await controlPost(baseUrl, '/accounts', {})).id as string;
  const body = ruleBody(accountId);
  delete (body.data.attributes as { originatorName?: string }).originatorName;
  return call(baseUrl, 'POST', '/positive-pay', { token: await mintToken(baseUrl), body });
}

/** The parsed body of the delivery carrying one injected event to a new webhook with these attributes. */
async function deliveredBody(target: ProbeTarget, attributes: Record<string, unknown>): Promise<Record<string, unknown>> {
  const endpoint = target.newEndpoint();
  const token = await mintToken(target.baseUrl);
  const created = await call(target.baseUrl, 'POST', '/webhooks', { token, body: webhookBody(endpoint.url, { token: '', ...attributes }) });
  if (created.status !== 201) throw new Error(`the webhook was not created: ${created.status} ${created.text}`);
  const id = await injectEvent(target.baseUrl, 'account.created');
  const carriesIt = (delivery: SinkDelivery) => delivery.payload.events.some((event) => event.id === id);
  if (!(await endpoint.waitFor((deliveries) => deliveries.some(carriesIt), DELIVERY_WAIT_MS)))
    throw new Error(`event ${id} was not delivered in ${DELIVERY_WAIT_MS} ms`);
  return JSON.parse(endpoint.deliveries().find(carriesIt)!.rawBody.toString('utf8')) as Record<string, unknown>;
}

/** A failed AtLeastOnce delivery on a frozen clock: whether the retry came once 1.5 s of emulator time passed. */
async function retriedAfterSeconds(target: ProbeTarget): Promise<boolean> {
  const endpoint = target.newEndpoint();
  endpoint.setScript([{ status: 500 }]);
  const token = await mintToken(target.baseUrl);
  const body = webhookBody(endpoint.url, { token: '', deliveryMode: 'AtLeastOnce' });
  const created = await call(target.baseUrl, 'POST', '/webhooks', { token, body });
  if (created.status !== 201) throw new Error(`the webhook was not created: ${created.status} ${created.text}`);
  await controlPost(target.baseUrl, '/clock/scale', { scale: 0 });
  try {
    await injectEvent(target.baseUrl, 'account.created');
    if (!(await endpoint.waitFor((deliveries) => deliveries.length > 0, DELIVERY_WAIT_MS)))
      throw new Error(`the first delivery did not come in ${DELIVERY_WAIT_MS} ms`);
    await controlPost(target.baseUrl, '/clock/advance', { ms: 1500 });
    return await endpoint.waitFor((deliveries) => deliveries.length > 1, 1000);
  } finally {
    // The clean emulator serves the other probes: its clock runs again, and nothing more is sent here.
    await controlPost(target.baseUrl, '/clock/scale', { scale: 1 });
    await call(target.baseUrl, 'POST', `/webhooks/${created.body.data.id}/disable`, { token });
  }
}

/** Within this long a loopback delivery of a clean emulator has arrived; a held-back one (1.5 s, 4 s) has not. */
const PROMPT_DELIVERY_MS = 1000;
const HELD_DELIVERY_WAIT_MS = 8000;

/** Whether a new webhook's first delivery, and then its second, each arrived promptly after its event. */
/** Whether the deliveries `counted` (1 the first) came promptly, one event injected for each delivery up to the last. */
async function deliveriesPromptAt(target: ProbeTarget, counted: readonly number[]): Promise<Record<number, boolean>> {
  const endpoint = target.newEndpoint();
  const token = await mintToken(target.baseUrl);
  const body = webhookBody(endpoint.url, { token: '', deliveryMode: 'AtMostOnce' });
  const created = await call(target.baseUrl, 'POST', '/webhooks', { token, body });
  if (created.status !== 201) throw new Error(`the webhook was not created: ${created.status} ${created.text}`);
  try {
    const prompt: Record<number, boolean> = {};
    for (let count = 1; count <= Math.max(...counted); count += 1) {
      await injectEvent(target.baseUrl, 'account.created');
      const quick = await endpoint.waitFor((deliveries) => deliveries.length >= count, PROMPT_DELIVERY_MS);
      if (!(await endpoint.waitFor((deliveries) => deliveries.length >= count, HELD_DELIVERY_WAIT_MS)))
        throw new Error(`delivery ${count} did not come in ${HELD_DELIVERY_WAIT_MS} ms`);
      if (counted.includes(count)) prompt[count] = quick;
    }
    return prompt;
  } finally {
    await call(target.baseUrl, 'POST', `/webhooks/${created.body.data.id}/disable`, { token });
  }
}

async function deliveriesPrompt(target: ProbeTarget): Promise<{ first: boolean; later: boolean }> {
  const prompt = await deliveriesPromptAt(target, [1, 2]);
  return { first: prompt[1]!, later: prompt[2]! };
}

/** An application made with a magic SSN (4.5), as POST /applications answers it. */
async function createdApplication(baseUrl: string, token: string, ssn: string) {
  const body = applicationFixture();
  body.data.attributes.ssn = ssn;
  const created = await call(baseUrl, 'POST', '/applications', { token, body });
  if (created.status !== 201) throw new Error(`the application was not created: ${created.status} ${created.text}`);
  return created.body.data;
}

/**
 * Two rules on one account made at the same known millisecond (.500), the clock
 * frozen there meanwhile: their createdAt, and their order sorted by createdAt.
 */
async function rulesMadeAtHalfSecond(baseUrl: string) {
  const token = await mintToken(baseUrl);
  const accountId = (await controlPost(baseUrl, '/accounts', {})).id as string;
  const frozen = await controlPost(baseUrl, '/clock/scale', { scale: 0 });
  try {
    await controlPost(baseUrl, '/clock/advance', { ms: (1500 - (frozen.nowMs % 1000)) % 1000 });
    const first = await call(baseUrl, 'POST', '/positive-pay', { token, body: ruleBody(accountId, 'first') });
    await call(baseUrl, 'POST', '/positive-pay', { token, body: ruleBody(accountId, 'second') });
    const listed = await call(baseUrl, 'GET', `/positive-pay?filter[accountId]=${accountId}&sort=createdAt`, { token });
    const names = listed.body.data.map((rule: { attributes: { originatorName: string } }) => rule.attributes.originatorName);
    return { createdAt: first.body.data.attributes.createdAt as string, ascending: names as string[] };
  } finally {
    await controlPost(baseUrl, '/clock/scale', { scale: 1 });
  }
}

/** A debit matched by a tagged rule on an opted-in account: the transaction it made (2.4). */
async function matchedTransaction(baseUrl: string) {
  const token = await mintToken(baseUrl);
  const accountId = (await controlPost(baseUrl, '/accounts', { positivePayOptIn: ['ReceivedAchDebit'] })).id as string;
  const rule = ruleBody(accountId, 'Probe Originator');
  Object.assign(rule.data.attributes, { tags: { purpose: 'probe' } });
  await call(baseUrl, 'POST', '/positive-pay', { token, body: rule });
  const simulated = await call(baseUrl, 'POST', '/sandbox/received-ach-debits', {
    token,
    body: achDebitSimulationBody(accountId, 'Probe Originator'),
  });
  if (simulated.body?.data?.attributes?.status !== 'Processed') throw new Error(`the debit was not processed: ${simulated.text}`);
  return simulated.body.included[0];
}

/** A webhook create's answer, and whether the webhook it made is listed all the same (4.3). */
async function webhookCreateAnswer({ baseUrl, newEndpoint }: ProbeTarget) {
  const token = await mintToken(baseUrl);
  const url = newEndpoint().url;
  const created = await call(baseUrl, 'POST', '/webhooks', { token, body: webhookBody(url, { token: '' }) });
  const listed = await call(baseUrl, 'GET', '/webhooks?page[limit]=1000', { token });
  const made = listed.body.data.some((webhook: { attributes: { url: string } }) => webhook.attributes.url === url);
  return { status: created.status, bodyless: created.text === '', made };
}

/**
 * A new webhook's status as created, and whether an event published before it was
 * enabled reached it: an event published after the enable must arrive, and in the one
 * queue of the webhook it comes after the earlier one, which had its chance by then.
 */
async function webhookBeforeItsEnable(target: ProbeTarget) {
  const endpoint = target.newEndpoint();
  const token = await mintToken(target.baseUrl);
  const created = await call(target.baseUrl, 'POST', '/webhooks', { token, body: webhookBody(endpoint.url, { token: '' }) });
  if (created.status !== 201) throw new Error(`the webhook was not created: ${created.status} ${created.text}`);
  const before = await injectEvent(target.baseUrl, 'account.created');
  const enabled = await call(target.baseUrl, 'POST', `/webhooks/${created.body.data.id}/enable`, { token });
  if (enabled.status !== 200) throw new Error(`the enable answered ${enabled.status}: ${enabled.text}`);
  const after = await injectEvent(target.baseUrl, 'account.created');
  const arrived = (id: string) => (deliveries: readonly SinkDelivery[]) =>
    deliveries.some((delivery) => delivery.payload.events.some((event) => event.id === id));
  if (!(await endpoint.waitFor(arrived(after), DELIVERY_WAIT_MS)))
    throw new Error(`event ${after}, published once the webhook was enabled, was not delivered in ${DELIVERY_WAIT_MS} ms`);
  return new ObservedPlaces({
    createdStatus: created.body.data.attributes.status,
    deliveredBeforeEnable: arrived(before)(endpoint.deliveries()),
  });
}

/** The individual SSN triggers of 4.5, each an outcome of its own in the sandbox. */
const INDIVIDUAL_TRIGGER_SSNS = ['000000001', '000000002', '000000003', '000000004', '000000006'];

/** A successful call's status and whether it carried a body: what a not-shown answer may leave out. */
async function answerOf(answer: Promise<Answer>) {
  const { status, text } = await answer;
  if (status < 200 || status >= 300) throw new Error(`the operation answered ${status}: ${text}`);
  return { status, bodyless: text === '' };
}

/** Each operation whose response the documents do not show (4.1, 4.2, 4.4, 4.5), done once with success. */
async function notShownAnswers({ baseUrl }: ProbeTarget) {
  const token = await mintToken(baseUrl);
  const send = (method: 'POST' | 'PATCH' | 'PUT', path: string, options: Parameters<typeof call>[3] = {}) =>
    answerOf(call(baseUrl, method, path, { token, ...options }));
  const accountId = (await controlPost(baseUrl, '/accounts', {})).id as string;
  const productId = (await controlPost(baseUrl, '/deposit-products', {})).id as string;
  const drawdown = await call(baseUrl, 'POST', '/positive-pay', {
    token,
    body: {
      data: { type: 'drawdownPositivePay', attributes: {}, relationships: { account: { data: { type: 'account', id: accountId } } } },
    },
  });
  const approving = await createdApplication(baseUrl, token, '000000004');
  const denying = await createdApplication(baseUrl, token, '000000004');
  const withDocument = await createdApplication(baseUrl, token, '000000002');
  const documentPath = `/sandbox/applications/${withDocument.id}/documents/${withDocument.relationships.documents.data[0].id}`;
  return new ObservedPlaces({
    policy: await send('POST', '/positive-pay-policy', {
      body: {
        data: {
          type: 'positivePayPolicy',
          attributes: { optInTypes: ['CheckPayment'] },
          relationships: { account: { data: { type: 'account', id: accountId } } },
        },
      },
    }),
    product: await send('PATCH', `/deposit-products/${productId}`, {
      body: { data: { type: 'updateDepositProduct', attributes: { positivePayOptIn: ['CheckPayment'] } } },
    }),
    upload: await send('PUT', `/positive-pay/${drawdown.body.data.id}/documents`, {
      rawBody: Buffer.from('%PDF-1.4\n% probe\n%%EOF\n'),
      contentType: 'application/pdf',
    }),
    resend: await send('POST', `/events/${await injectEvent(baseUrl, 'account.created')}`, { body: {} }),
    approveApplication: await send('POST', `/sandbox/applications/${approving.id}/approve`, {
      body: { data: { type: 'applicationApprove', attributes: { reason: 'probe' } } },
    }),
    denyApplication: await send('POST', `/sandbox/applications/${denying.id}/deny`, {
      body: { data: { type: 'applicationDeny', attributes: { reason: 'probe' } } },
    }),
    approveDocument: await send('POST', `${documentPath}/approve`, { body: {} }),
    rejectDocument: await send('POST', `${documentPath}/reject`, {
      body: { data: { type: 'documentReject', attributes: { reason: 'probe', reasonCode: 'PoorQuality' } } },
    }),
  });
}

const sortedKeys = (value: unknown): string[] => Object.keys(value ?? {}).sort();
const retryAfterForm = (value: string | undefined): string =>
  value === undefined ? 'absent' : /^\d+$/.test(value) ? 'delay-seconds' : Number.isNaN(Date.parse(value)) ? 'unreadable' : 'http-date';
const offsetOf = (timestamp: string): string | undefined => /(Z|[+-]\d{2}:\d{2})$/.exec(timestamp)?.[1];

export const VARIATION_PROBES = {
  'extra-unknown-attribute': async ({ baseUrl }) => sortedKeys((await createdRule(baseUrl)).attributes),

  // The newest event is the injected one, or what followed it.
  'unknown-event-type': async ({ baseUrl }) => {
    await injectEvent(baseUrl, 'account.created');
    const newest = await call(baseUrl, 'GET', '/events?page[limit]=1', { token: await mintToken(baseUrl) });
    return newest.body.data[0].type;
  },

  'invalid-as-422': async ({ baseUrl }) => (await invalidRequest(baseUrl)).status,

  'webhook-without-delivery-mode': async ({ baseUrl, newEndpoint }) => {
    const body = webhookBody(newEndpoint().url, { token: '' });
    const created = await call(baseUrl, 'POST', '/webhooks', { token: await mintToken(baseUrl), body });
    return sortedKeys(created.body.data.attributes);
  },

  'different-error-title': async ({ baseUrl }) => (await invalidRequest(baseUrl)).body.errors[0].title,

  // tags are given, so the clean event surely carries them (generated ones come on about half).
  'events-without-optional-members': async ({ baseUrl }) => {
    const event = await injectedEvent(baseUrl, 'authorization.created', { tags: { purpose: 'probe' } });
    return Object.hasOwn(event.attributes, 'tags');
  },

  // account.created has no optional relationships, so its names are fixed.
  'events-with-extra-relationships': async ({ baseUrl }) => sortedKeys((await injectedEvent(baseUrl, 'account.created')).relationships),

  'at-least-once-events-envelope': async (target) => sortedKeys(await deliveredBody(target, { deliveryMode: 'AtLeastOnce' })),

  // What the batch lists, and that its related resources still come.
  'at-least-once-id-batches': async (target) => {
    const body = await deliveredBody(target, { deliveryMode: 'AtLeastOnce', includeResources: true });
    return { listed: [body.data].flat().map((item) => typeof item), members: sortedKeys(body) };
  },

  // The stamps, and the positive pay list's order of rules that share one.
  'timestamps-in-whole-seconds': async ({ baseUrl }) => {
    const rules = await rulesMadeAtHalfSecond(baseUrl);
    return new ObservedPlaces({ millisecond: /\.(\d{3})/.exec(rules.createdAt)?.[1], tiedRulesAscending: rules.ascending });
  },

  // Answers are rewritten as sent, deliveries as their body is finished: two places.
  'timestamps-with-zero-offset': async (target) => {
    const rule = await createdRule(target.baseUrl);
    const [event] = [(await deliveredBody(target, {})).data].flat() as Array<{ attributes: { createdAt: string } }>;
    return new ObservedPlaces({ answer: offsetOf(rule.attributes.createdAt), delivery: offsetOf(event!.attributes.createdAt) });
  },

  'merchant-name-and-type-only': async ({ baseUrl }) =>
    sortedKeys((await injectedEvent(baseUrl, 'authorization.created')).attributes.merchant),

  'null-tag-values': async ({ baseUrl }) =>
    (await injectedEvent(baseUrl, 'authorization.created', { tags: { purpose: 'probe' } })).attributes.tags,

  'transactions-with-extra-tags': async ({ baseUrl }) => (await matchedTransaction(baseUrl)).attributes.tags,

  // A tagged drawdown rule made Active by its document, then a drawdown it passes: the tags its wireDrawdown.created carries.
  'drawdown-events-carry-rule-tags': async ({ baseUrl }) => {
    const token = await mintToken(baseUrl);
    const accountId = (await controlPost(baseUrl, '/accounts', {})).id as string;
    const account = { data: { type: 'account', id: accountId } };
    const rule = await call(baseUrl, 'POST', '/positive-pay', {
      token,
      body: { data: { type: 'drawdownPositivePay', attributes: { tags: { purpose: 'probe' } }, relationships: { account } } },
    });
    await call(baseUrl, 'PUT', `/positive-pay/${rule.body.data.id}/documents`, {
      token,
      rawBody: Buffer.from('%PDF-1.4\n% probe\n%%EOF\n'),
      contentType: 'application/pdf',
    });
    const simulated = await call(baseUrl, 'POST', '/sandbox/wire-drawdowns', {
      token,
      body: {
        data: {
          type: 'wireDrawdownSimulation',
          attributes: { amount: 100, counterparty: { name: 'Probe', routingNumber: '021000021', accountNumber: '1234567' } },
          relationships: { account, positivePay: { data: { type: 'drawdownPositivePay', id: rule.body.data.id } } },
        },
      },
    });
    if (simulated.status >= 300) throw new Error(`the drawdown was refused: ${simulated.text}`);
    const newest = await call(baseUrl, 'GET', '/events?filter[type][]=wireDrawdown.created&page[limit]=1', { token });
    return newest.body.data[0].attributes.tags ?? 'no tags';
  },

  'json-included-inside-events': async (target) =>
    sortedKeys(await deliveredBody(target, { contentType: 'Json', deliveryMode: 'AtMostOnce', includeResources: true })),

  // SSN 000000004 waits in PendingReview (4.5), so the deny is the sandbox operation's own.
  'sandbox-events-without-application': async ({ baseUrl }) => {
    const token = await mintToken(baseUrl);
    const application = await createdApplication(baseUrl, token, '000000004');
    const denied = await call(baseUrl, 'POST', `/sandbox/applications/${application.id}/deny`, {
      token,
      body: { data: { type: 'applicationDeny', attributes: { reason: 'probe' } } },
    });
    if (denied.status !== 200) throw new Error(`the deny answered ${denied.status}: ${denied.text}`);
    const newest = await call(baseUrl, 'GET', '/events?filter[type][]=application.denied&page[limit]=1', { token });
    return sortedKeys(newest.body.data[0].relationships);
  },

  'positive-pay-cancelled-names-no-rule': async ({ baseUrl }) => {
    const token = await mintToken(baseUrl);
    const rule = await createdRule(baseUrl);
    const cancelled = await call(baseUrl, 'POST', `/positive-pay/${rule.id}/cancel`, { token });
    if (cancelled.status !== 200) throw new Error(`the cancel answered ${cancelled.status}: ${cancelled.text}`);
    const newest = await call(baseUrl, 'GET', '/events?filter[type][]=positivePay.cancelled&page[limit]=1', { token });
    return sortedKeys(newest.body.data[0].relationships);
  },

  'sandbox-refusal-404': async ({ baseUrl }) =>
    (await call(baseUrl, 'POST', '/sandbox/received-ach-debits', { body: { data: { type: 'receivedAchDebitSimulation' } } })).status,

  // The variation refuses every 25th documented request; control requests are not counted.
  'retry-after-http-date': async ({ baseUrl }) => {
    const token = await mintToken(baseUrl);
    const answers = new Set<string>();
    for (let n = 0; n < 30; n += 1) {
      const answer = await call(baseUrl, 'GET', '/webhooks', { token });
      answers.add(`${answer.status} retry-after ${retryAfterForm(answer.headers['retry-after'])}`);
    }
    return [...answers].sort();
  },

  // SSN 000000002 asks for one document (4.5), Required until uploaded; any other SSN for none.
  'application-statuses-beyond-documents': async ({ baseUrl }) => {
    const token = await mintToken(baseUrl);
    const awaiting = await createdApplication(baseUrl, token, '000000002');
    const documents = await call(baseUrl, 'GET', `/applications/${awaiting.id}/documents`, { token });
    const approved = await createdApplication(baseUrl, token, '123456789');
    return new ObservedPlaces({
      documentStatuses: documents.body.data.map((document: { attributes: { status: string } }) => document.attributes.status),
      withoutDocuments: sortedKeys(approved.relationships),
    });
  },

  'webhook-create-empty-201': webhookCreateAnswer,

  'webhook-create-204': webhookCreateAnswer,

  // One place per operation: each must answer without its body.
  'not-shown-answers-204': notShownAnswers,

  // Created Disabled, it receives nothing until enabled: two places (the answer, the deliveries).
  'webhooks-start-disabled': webhookBeforeItsEnable,

  'backoff-unit-minute': retriedAfterSeconds,

  // Held back: the first delivery and a later one, each.
  'delivery-lag-every': async (target) => new ObservedPlaces(await deliveriesPrompt(target)),

  // Held back once: the first delivery only, the later one prompt (one observation of both).
  'delivery-lag-first': deliveriesPrompt,

  // Held back once: the 8th delivery only, the 7th prompt (one observation of both).
  'delivery-lag-spike': (target) => deliveriesPromptAt(target, [7, 8]),

  // Two events one after the other: which comes first in one page, and alone on a page of one.
  'events-listed-oldest-first': async ({ baseUrl }) => {
    const token = await mintToken(baseUrl);
    const older = await injectEvent(baseUrl, 'statement.created');
    const newer = await injectEvent(baseUrl, 'statement.created');
    const since = new Date(Date.parse((await call(baseUrl, 'GET', `/events/${older}`, { token })).body.data.attributes.createdAt) - 1);
    const listed = async (limit: number): Promise<string> => {
      const query = `filter[since]=${encodeURIComponent(since.toISOString())}&page[limit]=${limit}`;
      const ids = ((await call(baseUrl, 'GET', `/events?${query}`, { token })).body.data as Array<{ id: string }>)
        .map((event) => event.id)
        .filter((id) => id === older || id === newer);
      return ids.map((id) => (id === older ? 'older' : 'newer')).join(' then ');
    };
    return new ObservedPlaces({ 'one page': await listed(1000), 'page[limit]=1': await listed(1) });
  },

  // An event read the moment it is published: by id, and in the list from just before it.
  'events-readable-late': async ({ baseUrl }) => {
    const token = await mintToken(baseUrl);
    const since = new Date(Date.now() - 60_000).toISOString();
    const id = await injectEvent(baseUrl, 'statement.created');
    const byId = await call(baseUrl, 'GET', `/events/${id}`, { token });
    const listed = await call(baseUrl, 'GET', `/events?filter[since]=${encodeURIComponent(since)}&page[limit]=1000`, { token });
    return new ObservedPlaces({
      'GET /events/{id}': byId.status,
      'GET /events': (listed.body.data as Array<{ id: string }>).some((event) => event.id === id),
    });
  },

  // Run in live (its environments): the status each individual SSN trigger of 4.5 gets there.
  'live-ssn-triggers-ordinary': async ({ baseUrl }) => {
    const token = await mintToken(baseUrl);
    const statuses: string[] = [];
    for (const ssn of INDIVIDUAL_TRIGGER_SSNS) statuses.push((await createdApplication(baseUrl, token, ssn)).attributes.status);
    return statuses;
  },

  // An ordinary SSN: approved at once on a clean emulator, to review under the variation.
  'default-applications-pending-review': async ({ baseUrl }) =>
    (await createdApplication(baseUrl, await mintToken(baseUrl), '123456789')).attributes.status,

  // An application awaiting documents, as created and as read back a moment later.
  'live-application-moves-to-review': async ({ baseUrl }) => {
    const token = await mintToken(baseUrl);
    const created = await createdApplication(baseUrl, token, '000000002');
    const read = await call(baseUrl, 'GET', `/applications/${created.id}`, { token });
    return [created.attributes.status, read.body.data.attributes.status];
  },

  // A read of the API and of a control endpoint that lists gzip among the codings it accepts: how each answer is coded.
  'gzip-coded-answers': async ({ baseUrl }) => {
    const token = await mintToken(baseUrl);
    const codingOf = async (path: string, headers: Record<string, string>): Promise<string> => {
      const answer = await request(`${baseUrl}${path}`, { headers: { 'accept-encoding': 'gzip, deflate, br', ...headers } });
      await answer.body.arrayBuffer();
      return String(answer.headers['content-encoding'] ?? 'uncoded');
    };
    return new ObservedPlaces({
      API: await codingOf('/positive-pay', { authorization: `Bearer ${token}` }),
      control: await codingOf('/_emulator/clock', {}),
    });
  },
} satisfies Record<ToleratedVariation, VariationProbe>;
