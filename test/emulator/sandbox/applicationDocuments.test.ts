import { readFileSync } from 'node:fs';
import { request } from 'undici';
import { expect, test } from 'vitest';
import { loadSchemaRegistry } from '../../../contract/catalogue/schemaRegistry.ts';
import { emulatorPerFile } from '../../support/emulatorPerFile.ts';
import { applicationFixture, call } from '../emulatorClient.ts';

// A client that created an application finds its document ids with
// GET /applications/{id}/documents, and downloads a document under
// /applications/{id}/documents/{documentId}/download[/back] exactly as under
// /sandbox/applications/….

const target = emulatorPerFile();
const schemas = loadSchemaRegistry();
const front = readFileSync(new URL('../../../fixtures/applications/document-front.png', import.meta.url));
const back = readFileSync(new URL('../../../fixtures/applications/document-back.pdf', import.meta.url));

async function download(path: string) {
  const response = await request(`${target.url}${path}`, { headers: { authorization: `Bearer ${target.token}` } });
  return {
    status: response.statusCode,
    type: String(response.headers['content-type']),
    bytes: Buffer.from(await response.body.arrayBuffer()),
  };
}

test('the documents of an application are listed, and each downloads the same under /applications and /sandbox', async () => {
  const body = applicationFixture();
  body.data.attributes.ssn = '000000003';
  const created = await call(target.url, 'POST', '/applications', { token: target.token, body });
  const applicationId = created.body.data.id;

  const listed = await call(target.url, 'GET', `/applications/${applicationId}/documents`, { token: target.token });
  expect(listed.status).toBe(200);
  expect(listed.headers['content-type']).toMatch(/^application\/vnd\.api\+json/);
  expect(listed.body.data.map((document: { id: string }) => document.id)).toEqual(
    created.body.data.relationships.documents.data.map((ref: { id: string }) => ref.id),
  );
  for (const document of listed.body.data) expect(schemas.validate('sandbox/application-document', document).violations).toEqual([]);

  const documentId = listed.body.data[0].id;
  const path = `/applications/${applicationId}/documents/${documentId}`;
  expect((await call(target.url, 'PUT', path, { token: target.token, rawBody: front, contentType: 'image/png' })).status).toBe(200);
  expect(
    (await call(target.url, 'PUT', `${path}/back`, { token: target.token, rawBody: back, contentType: 'application/pdf' })).status,
  ).toBe(200);
  for (const [suffix, bytes, type] of [
    ['', front, 'image/png'],
    ['/back', back, 'application/pdf'],
  ] as const) {
    const here = await download(`${path}/download${suffix}`);
    const sandbox = await download(`/sandbox${path}/download${suffix}`);
    expect(here.status).toBe(200);
    expect(here.type).toBe(type);
    expect(here.bytes.equals(bytes)).toBe(true);
    expect(sandbox).toEqual(here);
  }
});

test('the document list of an unknown application is a 404, and a token is required', async () => {
  expect((await call(target.url, 'GET', '/applications/999999/documents', { token: target.token })).status).toBe(404);
  expect((await call(target.url, 'GET', '/applications/999999/documents')).status).toBe(401);
});
