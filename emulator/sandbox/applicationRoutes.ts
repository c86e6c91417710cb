import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, sendDocument } from '../core/jsonApi.ts';
import { defineListQuery, type RawQuery, readListQuery } from '../core/listQuery.ts';
import type { ApplicationLifecycle } from './applicationLifecycle.ts';
import { findApplication, findDocument } from './applicationLookup.ts';
import { readApplication } from './applicationInput.ts';
import { renderApplication, renderDocument } from './applicationResources.ts';
import { type DocumentParams, documentDownload } from './documentDownload.ts';
import type { SandboxBehaviour } from './sandboxBehaviour.ts';
import { DOCUMENT_MAX_BYTES, DOCUMENT_MEDIA_TYPES } from '../../contract/facts/documentLimits.ts';
import type { ApplicationDocument, SandboxStore } from './sandboxRecords.ts';

// Applications and their document uploads: outside the documents, but the
// sandbox operations of section 4.5 need something to approve, deny and download,
// and a client needs to find the document ids those operations take. Any valid
// token (the documents show no scope for them).

type ApplicationParams = { applicationId: string };

/** The documents of one application: paging only. */
const DOCUMENT_LIST_QUERY = defineListQuery({ parameters: {} });

function readUpload(request: FastifyRequest): { contentType: string; bytes: Buffer } {
  const contentType = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (!(DOCUMENT_MEDIA_TYPES as readonly string[]).includes(contentType)) {
    throw new ApiError(415, 'Unsupported media type', `Content-Type must be one of ${DOCUMENT_MEDIA_TYPES.join(', ')}`, {
      header: 'Content-Type',
    });
  }
  const bytes = request.body;
  if (!Buffer.isBuffer(bytes) || bytes.length === 0)
    throw new ApiError(400, 'Invalid request', 'the body must be the file, as raw bytes', { pointer: '' });
  return { contentType, bytes };
}

export function registerApplicationRoutes(
  app: FastifyInstance,
  store: SandboxStore,
  lifecycle: ApplicationLifecycle,
  behaviour: SandboxBehaviour,
): void {
  app.post('/applications', { config: { recordsEvents: true } }, async (request, reply) => {
    const input = readApplication(request.body);
    const outcome = lifecycle.outcomeOf(input);
    const application = lifecycle.create(input, outcome);
    return sendDocument(reply, 201, {
      data: renderApplication(application),
      included: application.documentIds.map((id) => renderDocument(store.documents.get(id) as ApplicationDocument, application)),
    });
  });

  app.get<{ Params: ApplicationParams }>('/applications/:applicationId', async (request, reply) => {
    const application = findApplication(store, request.params.applicationId);
    lifecycle.settle(application);
    return sendDocument(reply, 200, {
      data: renderApplication(application),
      included: application.documentIds.map((id) => renderDocument(store.documents.get(id) as ApplicationDocument, application)),
    });
  });

  app.get<{ Params: ApplicationParams }>('/applications/:applicationId/documents', async (request, reply) => {
    const { page } = readListQuery(request.query as RawQuery, DOCUMENT_LIST_QUERY);
    const application = findApplication(store, request.params.applicationId);
    const documents = application.documentIds.map((id) => store.documents.get(id) as ApplicationDocument);
    return sendDocument(reply, 200, {
      data: documents.slice(page.offset, page.offset + page.limit).map((document) => renderDocument(document, application)),
      meta: { pagination: { total: documents.length, limit: page.limit, offset: page.offset } },
    });
  });

  app.get<{ Params: DocumentParams }>('/applications/:applicationId/documents/:documentId', async (request, reply) => {
    const application = findApplication(store, request.params.applicationId);
    return sendDocument(reply, 200, { data: renderDocument(findDocument(store, application, request.params.documentId), application) });
  });

  const upload =
    (side: 'front' | 'back') => async (request: FastifyRequest<{ Params: DocumentParams }>, reply: import('fastify').FastifyReply) => {
      const application = findApplication(store, request.params.applicationId);
      const document = findDocument(store, application, request.params.documentId);
      document[side] = readUpload(request);
      if (document.status === 'Required' || document.status === 'Rejected') document.status = 'Received';
      return sendDocument(reply, 200, { data: renderDocument(document, application) });
    };
  const uploadOptions = { bodyLimit: DOCUMENT_MAX_BYTES };
  app.put('/applications/:applicationId/documents/:documentId', uploadOptions, upload('front'));
  app.put('/applications/:applicationId/documents/:documentId/back', uploadOptions, upload('back'));
  app.get<{ Params: DocumentParams }>(
    '/applications/:applicationId/documents/:documentId/download',
    documentDownload(store, behaviour, 'front'),
  );
  app.get<{ Params: DocumentParams }>(
    '/applications/:applicationId/documents/:documentId/download/back',
    documentDownload(store, behaviour, 'back'),
  );
}
