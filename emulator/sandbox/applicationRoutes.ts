import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EmulatorState } from '../core/emulatorState.ts';
import { ApiError, notFound, sendDocument } from '../core/jsonApi.ts';
import type { ApplicationLifecycle } from './applicationLifecycle.ts';
import { readApplication } from './applicationInput.ts';
import { decideApplication } from './applicationOutcome.ts';
import { renderApplication, renderDocument } from './applicationResources.ts';
import { sandboxFaultOn } from './faults.ts';
import { DOCUMENT_CONTENT_TYPES, DOCUMENT_SIZE_LIMIT } from './uploadLimits.ts';
import type { Application, ApplicationDocument, SandboxStore } from './sandboxRecords.ts';

// Applications and their document uploads: outside the documents, but the
// sandbox operations of section 4.5 need something to approve, deny and download.
// Any valid token (the documents show no scope for them).

type ApplicationParams = { applicationId: string };
type DocumentParams = { applicationId: string; documentId: string };

export function findApplication(store: SandboxStore, id: string): Application {
  const application = store.applications.get(id);
  if (!application) throw notFound('application', id);
  return application;
}

export function findDocument(store: SandboxStore, application: Application, id: string): ApplicationDocument {
  const document = store.documents.get(id);
  if (!document || document.applicationId !== application.id) throw notFound(`document of application ${application.id}`, id);
  return document;
}

function readUpload(request: FastifyRequest): { contentType: string; bytes: Buffer } {
  const contentType = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (!(DOCUMENT_CONTENT_TYPES as readonly string[]).includes(contentType)) {
    throw new ApiError(415, 'Unsupported media type', `Content-Type must be one of ${DOCUMENT_CONTENT_TYPES.join(', ')}`);
  }
  const bytes = request.body;
  if (!Buffer.isBuffer(bytes) || bytes.length === 0) throw new ApiError(400, 'Invalid request', 'the body must be the file, as raw bytes');
  return { contentType, bytes };
}

export function registerApplicationRoutes(app: FastifyInstance, state: EmulatorState, store: SandboxStore, lifecycle: ApplicationLifecycle): void {
  app.post('/applications', async (request, reply) => {
    const input = readApplication(request.body);
    const outcome = decideApplication(input, { pendingReviewApproved: sandboxFaultOn(state, 'ssn-000000004-approved') });
    const application = lifecycle.create(input, outcome);
    return sendDocument(reply, 201, {
      data: renderApplication(application),
      included: application.documentIds.map((id) => renderDocument(store.documents.get(id) as ApplicationDocument, application)),
    });
  });

  app.get<{ Params: ApplicationParams }>('/applications/:applicationId', async (request, reply) => {
    const application = findApplication(store, request.params.applicationId);
    return sendDocument(reply, 200, {
      data: renderApplication(application),
      included: application.documentIds.map((id) => renderDocument(store.documents.get(id) as ApplicationDocument, application)),
    });
  });

  app.get<{ Params: DocumentParams }>('/applications/:applicationId/documents/:documentId', async (request, reply) => {
    const application = findApplication(store, request.params.applicationId);
    return sendDocument(reply, 200, { data: renderDocument(findDocument(store, application, request.params.documentId), application) });
  });

  const upload = (side: 'front' | 'back') => async (request: FastifyRequest<{ Params: DocumentParams }>, reply: import('fastify').FastifyReply) => {
    const application = findApplication(store, request.params.applicationId);
    const document = findDocument(store, application, request.params.documentId);
    document[side] = readUpload(request);
    if (document.status === 'Required' || document.status === 'Rejected') document.status = 'Received';
    return sendDocument(reply, 200, { data: renderDocument(document, application) });
  };
  const uploadOptions = { bodyLimit: DOCUMENT_SIZE_LIMIT };
  app.put('/applications/:applicationId/documents/:documentId', uploadOptions, upload('front'));
  app.put('/applications/:applicationId/documents/:documentId/back', uploadOptions, upload('back'));
}
