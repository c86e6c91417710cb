// The emulator's page (GET /_emulator/ui): plain script, no build step. It reads
// the control routes and, with a token it mints for itself, the documented API
// of the same emulator; it never calls anywhere else. Everything shown is put in
// with textContent, so a receiver's answer can never become markup.
/* global document, fetch, setInterval, clearInterval */
'use strict';

const data = JSON.parse(document.getElementById('page-data').textContent);
const controlPaths = data.controlPaths;
let sessionToken;
const openDeliveries = new Set();

const $ = (id) => document.getElementById(id);

function element(tag, properties = {}, children = []) {
  const node = document.createElement(tag);
  Object.assign(node, properties);
  for (const child of children) node.append(child);
  return node;
}

function say(message, failed = false) {
  $('status').textContent = message;
  $('status').className = failed ? 'failed' : '';
}

async function readJson(response, what) {
  const text = await response.text();
  const body = text ? JSON.parse(text) : undefined;
  if (!response.ok) {
    const detail = body && body.errors && body.errors[0] ? body.errors[0].detail || body.errors[0].title : text;
    throw new Error(`${what} answered ${response.status}${detail ? `: ${detail}` : ''}`);
  }
  return body;
}

async function mint() {
  const response = await fetch(controlPaths.mintToken, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  return (await readJson(response, 'minting a token')).token;
}

/** The documented API, with the page's own token (minted once, all scopes). */
async function api(method, path) {
  sessionToken ??= await mint();
  const response = await fetch(path, { method, headers: { authorization: `Bearer ${sessionToken}`, accept: 'application/vnd.api+json' } });
  return readJson(response, `${method} ${path}`);
}

async function control(path) {
  return readJson(await fetch(path), `GET ${path}`);
}

/** Each table's column headings; the last column holds the row's button. */
const COLUMNS = {
  webhooks: ['Id', 'Label', 'URL', 'Mode', 'Subscription', 'Status'],
  events: ['Id', 'Type', 'Created'],
};

for (const [table, headings] of Object.entries(COLUMNS)) {
  const cells = headings.map((heading) => element('th', { scope: 'col', textContent: heading }));
  const action = element('th', { scope: 'col' }, [element('span', { className: 'visually-hidden', textContent: 'Action' })]);
  $(table).tHead.replaceChildren(element('tr', {}, [...cells, action]));
}

/** The rows of a table's body, or one row saying it is empty. */
function fill(table, rows, empty) {
  const none = element('tr', {}, [element('td', { colSpan: COLUMNS[table].length + 1, textContent: empty })]);
  $(table).tBodies[0].replaceChildren(...(rows.length ? rows : [none]));
}

function actionButton(label, name, run) {
  const button = element('button', { type: 'button', textContent: label });
  button.setAttribute('aria-label', name);
  button.addEventListener('click', async () => {
    button.disabled = true;
    try {
      say(await run());
      await refresh();
    } catch (error) {
      say(error.message, true);
    } finally {
      button.disabled = false;
    }
  });
  return button;
}

function renderWebhooks(webhooks) {
  const rows = webhooks.map((webhook) => {
    const { label, url, deliveryMode, subscriptionType, status } = webhook.attributes;
    const action =
      status === 'Enabled'
        ? ''
        : actionButton('Enable', `Enable webhook ${webhook.id}`, async () => {
            await api('POST', `/webhooks/${encodeURIComponent(webhook.id)}/enable`);
            return `Webhook ${webhook.id} enabled.`;
          });
    return element('tr', {}, [
      element('td', { textContent: webhook.id }),
      element('td', { textContent: label ?? '' }),
      element('td', { className: 'url', textContent: url ?? '' }),
      element('td', { textContent: deliveryMode ?? '' }),
      element('td', { textContent: subscriptionType ?? '' }),
      element('td', { textContent: status ?? '' }),
      element('td', {}, [action]),
    ]);
  });
  fill('webhooks', rows, 'No webhooks yet.');
}

function definitions(pairs) {
  return element(
    'dl',
    {},
    pairs.flatMap(([term, value]) => [element('dt', { textContent: term }), element('dd', { textContent: value })]),
  );
}

function outcomeOf(delivery) {
  if (delivery.state === 'in-flight') return 'in flight';
  const answer = delivery.response ? `answered ${delivery.response.status}` : `no answer (${delivery.error})`;
  const retry = delivery.nextRetryAt ? `, next retry at ${delivery.nextRetryAt}` : '';
  return `${delivery.state}: ${answer} in ${delivery.durationMs} ms${retry}`;
}

function deliveryItem(delivery) {
  const events = delivery.eventIds.length === 1 ? `event ${delivery.eventIds[0]}` : `${delivery.eventIds.length} events`;
  const summary = element('summary', {}, [
    `#${delivery.seq} ${delivery.sentAt} · ${delivery.eventTypes.join(', ')} (${events}) → webhook ${delivery.webhookId}, try ${delivery.attempt} · `,
    element('span', { className: delivery.state, textContent: outcomeOf(delivery) }),
  ]);
  const request = element('div', {}, [
    element('h3', { textContent: 'Request' }),
    definitions([
      ['URL', delivery.url],
      ['Delivery mode', delivery.deliveryMode],
      ['Signature', delivery.request.signature ?? '(none: the webhook has no token)'],
      ...Object.entries(delivery.request.headers).map(([name, value]) => [name, value]),
    ]),
    element('pre', { textContent: delivery.request.body + (delivery.request.bodyTruncated ? '\n…' : '') }),
  ]);
  const answer = delivery.response
    ? [
        definitions([
          ['Status', String(delivery.response.status)],
          ['Time', `${delivery.durationMs} ms`],
          ['Next retry', delivery.nextRetryAt ?? 'none'],
        ]),
        element('pre', { textContent: delivery.response.body + (delivery.response.bodyTruncated ? '\n…' : '') }),
      ]
    : [
        definitions([
          ['Error', delivery.error ?? 'still waiting'],
          ['Next retry', delivery.nextRetryAt ?? 'none'],
        ]),
      ];
  const response = element('div', {}, [element('h3', { textContent: "Receiver's answer" }), ...answer]);
  const details = element('details', { open: openDeliveries.has(delivery.seq) }, [
    summary,
    element('div', { className: 'delivery-detail' }, [request, response]),
  ]);
  details.dataset.seq = String(delivery.seq);
  details.addEventListener('toggle', () => (details.open ? openDeliveries.add(delivery.seq) : openDeliveries.delete(delivery.seq)));
  return element('li', {}, [details]);
}

function renderDeliveries(deliveries) {
  const items = deliveries.map(deliveryItem);
  $('deliveries').replaceChildren(...(items.length ? items : [element('li', { textContent: 'Nothing delivered yet.' })]));
}

function renderEvents(events) {
  const rows = events.map((event) =>
    element('tr', {}, [
      element('td', { textContent: event.id }),
      element('td', { textContent: event.type }),
      element('td', { textContent: event.attributes?.createdAt ?? '' }),
      element('td', {}, [
        actionButton('Resend', `Resend event ${event.id}`, async () => {
          await api('POST', `/events/${encodeURIComponent(event.id)}`);
          return `Event ${event.id} resent to every Enabled webhook that takes it.`;
        }),
      ]),
    ]),
  );
  fill('events', rows, 'No events.');
}

async function refresh() {
  const type = $('event-type').value.trim();
  const eventQuery = `page[limit]=50${type ? `&filter[type][]=${encodeURIComponent(type)}` : ''}`;
  const [clock, webhooks, deliveries, events] = await Promise.all([
    control(controlPaths.readClock),
    api('GET', '/webhooks?page[limit]=100'),
    control(`${controlPaths.readDeliveries}?limit=50`),
    api('GET', `/events?${eventQuery}`),
  ]);
  $('clock').textContent = `emulator clock: ${clock.now}`;
  renderWebhooks(webhooks.data);
  renderDeliveries(deliveries.deliveries);
  renderEvents(events.data);
}

function refreshSaying() {
  refresh().catch((error) => say(error.message, true));
}

$('refresh').addEventListener('click', refreshSaying);
$('event-filter').addEventListener('submit', (submitted) => {
  submitted.preventDefault();
  refreshSaying();
});
$('mint-token').addEventListener('click', async () => {
  try {
    $('minted-token').value = await mint();
    $('minted').hidden = false;
    $('minted-token').focus();
    $('minted-token').select();
    say('Token minted with every scope: use it as Authorization: Bearer <token>.');
  } catch (error) {
    say(error.message, true);
  }
});
let timer;
$('auto-refresh').addEventListener('change', (changed) => {
  clearInterval(timer);
  if (changed.target.checked) timer = setInterval(refreshSaying, 2000);
});
$('event-types').replaceChildren(...data.eventTypes.map((type) => element('option', { value: type })));
refreshSaying();
