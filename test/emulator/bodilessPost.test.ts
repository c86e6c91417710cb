import { expect, test } from 'vitest';
import { emulatorPerFile } from '../support/emulatorPerFile.ts';
import { applicationFixture, call, webhookBody } from './emulatorClient.ts';

// Real clients send Content-Type: application/vnd.api+json on every POST, also
// on the operations that take no body. Enable, disable, resend and document
// approve accept such a request; an operation that needs a body still refuses
// its absence with a 400 naming what is missing.

const target = emulatorPerFile();
const bodiless = (path: string) =>
  call(target.url, 'POST', path, { token: target.token, rawBody: '', contentType: 'application/vnd.api+json' });

test('disable and enable a webhook with a JSON:API content type and no body', async () => {
  const created = await call(target.url, 'POST', '/webhooks', { token: target.token, body: webhookBody('http://127.0.0.1:9/hook') });
  const disabled = await bodiless(`/webhooks/${created.body.data.id}/disable`);
  expect(disabled.status).toBe(200);
  expect(disabled.body.data.attributes.status).toBe('Disabled');
  const enabled = await bodiless(`/webhooks/${created.body.data.id}/enable`);
  expect(enabled.status).toBe(200);
  expect(enabled.body.data.attributes.status).toBe('Enabled');
});

test('resend an event with a JSON:API content type and no body', async () => {
  const injected = await call(target.url, 'POST', '/_emulator/events', {
    body: { type: 'account.created' },
    contentType: 'application/json',
  });
  const resent = await bodiless(`/events/${injected.body.events[0].id}`);
  expect(resent.status).toBe(200);
  expect(resent.body.data.id).toBe(injected.body.events[0].id);
});

test('approve an application document with a JSON:API content type and no body', async () => {
  const application = applicationFixture();
  application.data.attributes.ssn = '000000002';
  const created = await call(target.url, 'POST', '/applications', { token: target.token, body: application });
  expect(created.status).toBe(201);
  const documentId = created.body.data.relationships.documents.data[0].id;
  const approved = await bodiless(`/sandbox/applications/${created.body.data.id}/documents/${documentId}/approve`);
  expect(approved.status).toBe(200);
  expect(approved.body.data.attributes.status).toBe('Approved');
});

test('an operation that needs a body still refuses a request without one', async () => {
  const answer = await bodiless('/positive-pay');
  expect(answer.status).toBe(400);
  expect(answer.body.errors[0].source.pointer).toBe('');
  expect(answer.body.errors[0].detail).toMatch(/JSON:API document/);
});
