/* eslint-disable @typescript-eslint/no-explicit-any -- JSON:API documents as the target sends them: read member by member, untyped by nature */
import { expect, test } from 'vitest';
import { loadSchemaRegistry } from '../../../contract/catalogue/schemaRegistry.ts';
import { emulatorPerFile } from '../../support/emulatorPerFile.ts';
import type { EventStore } from '../../../emulator/events/eventStore.ts';
import { readFileSync } from 'node:fs';

// The emulator's application operations (outside the documents): bad input gets
// a 4xx naming the member and creates nothing; good input matches the sandbox
// schemas; uploads accept only the document content types.

const target = emulatorPerFile();
const schemas = loadSchemaRegistry();
const fixture = (name: string) => JSON.parse(readFileSync(new URL(`../../../fixtures/applications/${name}`, import.meta.url), 'utf8'));

async function send(method: string, path: string, body?: unknown, contentType = 'application/vnd.api+json') {
  const response = await fetch(`${target.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${target.token}`, ...(body !== undefined ? { 'content-type': contentType } : {}) },
    body: body === undefined ? undefined : Buffer.isBuffer(body) ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

const applicationCount = () =>
  (target.emulator.state.events as EventStore).list({ types: ['application.created'], offset: 0, limit: 1 }).total;

test('individual and business fixtures validate against their request schemas and create schema-valid applications', async () => {
  for (const [name, schema] of [
    ['individual-application.json', 'sandbox/individual-application-request'],
    ['business-application.json', 'sandbox/business-application-request'],
  ]) {
    const body = fixture(name as string);
    expect(schemas.validate(schema as string, body).violations).toEqual([]);
    const created = await send('POST', '/applications', body);
    expect(created.status).toBe(201);
    expect(schemas.validate('sandbox/application', created.body).violations).toEqual([]);
    expect(created.body.data.attributes).not.toHaveProperty('ssn');
  }
});

test.each([
  ['missing ssn', (body: any) => delete body.data.attributes.ssn, '/data/attributes/ssn'],
  ['ssn of 8 digits', (body: any) => (body.data.attributes.ssn = '12345678'), '/data/attributes/ssn'],
  ['fullName without last', (body: any) => delete body.data.attributes.fullName.last, '/data/attributes/fullName/last'],
  ['phone number with letters', (body: any) => (body.data.attributes.phone.number = 'call me'), '/data/attributes/phone/number'],
  ['address without postalCode', (body: any) => delete body.data.attributes.address.postalCode, '/data/attributes/address/postalCode'],
  ['impossible dateOfBirth', (body: any) => (body.data.attributes.dateOfBirth = '1990-02-30'), '/data/attributes/dateOfBirth'],
  ['unknown type', (body: any) => (body.data.type = 'trustApplication'), '/data/type'],
])('an individual application with %s is refused naming %s and nothing is created', async (_label, mutate, pointer) => {
  const body = fixture('individual-application.json');
  mutate(body);
  const before = applicationCount();
  const response = await send('POST', '/applications', body);
  expect(response.status).toBe(400);
  expect(response.body.errors[0].source.pointer).toBe(pointer);
  expect(applicationCount()).toBe(before);
});

test('a business application whose second beneficial owner lacks an ssn is refused naming that owner', async () => {
  const body = fixture('business-application.json');
  delete body.data.attributes.beneficialOwners[1].ssn;
  const response = await send('POST', '/applications', body);
  expect(response.status).toBe(400);
  expect(response.body.errors[0].source.pointer).toBe('/data/attributes/beneficialOwners/1/ssn');
});

test('document uploads accept png/jpeg/pdf and refuse other content types with 415', async () => {
  const body = fixture('individual-application.json');
  body.data.attributes.ssn = '000000002';
  const created = await send('POST', '/applications', body);
  const documentId = created.body.data.relationships.documents.data[0].id;
  const path = `/applications/${created.body.data.id}/documents/${documentId}`;
  expect((await send('PUT', path, Buffer.from('plain text'), 'text/plain')).status).toBe(415);
  const accepted = await send('PUT', `${path}/back`, Buffer.from([0xff, 0xd8, 0xff]), 'image/jpeg');
  expect(accepted.status).toBe(200);
  expect(schemas.validate('sandbox/application-document', accepted.body.data).violations).toEqual([]);
  expect(accepted.body.data.attributes.backUploaded).toBe(true);
  const missingFront = await send('GET', `/sandbox/applications/${created.body.data.id}/documents/${documentId}/download`);
  expect(missingFront.status).toBe(404);
});
