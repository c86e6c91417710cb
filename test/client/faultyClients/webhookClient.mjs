/* global process, console, fetch, setTimeout, Buffer */
// A client that subscribes a webhook of its own and handles what is delivered to it,
// then cleans up: with `crash`, a handler per type it knows is looked up and called, so
// a type it never saw ends its process. Used by test/proofs/clientKillMatrix.test.ts
// for the unknown-event-type perturbation's delivery.

import { createServer } from 'node:http';

const crash = process.argv[2] === 'crash';
const baseUrl = process.env.BANKING_API_BASE_URL;
const token = process.env.BANKING_API_TOKEN;
const JSON_API = 'application/vnd.api+json';
/** How long it waits for a delivery before giving up, as an integration's start-up check would. */
const PATIENCE_MS = 30_000;

const HANDLERS = { 'positivePay.cancelled': () => {} };
let delivered;
const arrived = new Promise((resolve) => (delivered = resolve));

const receiver = createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    response.writeHead(200).end();
    const { data } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    for (const event of Array.isArray(data) ? data : [data]) {
      console.log(`delivered: ${event.type}`);
      if (crash) HANDLERS[event.type](event);
      delivered();
    }
  });
});
await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));

const headers = { authorization: `Bearer ${token}`, 'content-type': JSON_API };
const attributes = {
  label: 'webhook client',
  url: `http://127.0.0.1:${receiver.address().port}/`,
  token: '',
  contentType: 'Json',
  deliveryMode: 'AtMostOnce',
};
const created = await fetch(`${baseUrl}/webhooks`, {
  method: 'POST',
  headers,
  body: JSON.stringify({ data: { type: 'webhook', attributes } }),
});
const webhook = (await created.json()).data;
const gaveUp = new Promise((resolve) => setTimeout(() => resolve('none'), PATIENCE_MS).unref());
if ((await Promise.race([arrived, gaveUp])) === 'none') console.log('no delivery came');
await fetch(`${baseUrl}/webhooks/${webhook.id}/disable`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
receiver.close();
