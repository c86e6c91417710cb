import type { FastifyInstance } from 'fastify';
import { conflict, invalid, sendDocument } from '../core/jsonApi.ts';
import { optionalString, readResource } from '../core/requestBody.ts';
import type { ApplicationLifecycle } from './applicationLifecycle.ts';
import { renderApplication, renderDocument } from './applicationResources.ts';
import { findApplication, findDocument } from './applicationLookup.ts';
import { type DocumentParams, documentDownload } from './documentDownload.ts';
import type { SandboxBehaviour } from './sandboxBehaviour.ts';
import type { Application, ApplicationStatus, SandboxStore } from './sandboxRecords.ts';

// The sandbox-only operations of section 4.5. Responses are not shown in the
// documents: approve/deny answer the application, approve/reject the document,
// downloads the uploaded bytes with their content type (documentDownload.ts).

type ApplicationParams = { applicationId: string };

function requireReviewable(application: Application, operation: string, statuses: readonly ApplicationStatus[]): void {
  if (statuses.includes(application.status)) return;
  throw conflict(
    `only applications in PendingReview or AwaitingDocuments can be ${operation}; application ${application.id} is ${application.status}`,
  );
}

function requiredString(value: string | undefined, name: string): string {
  if (value === undefined || value === '') throw invalid(`/data/attributes/${name}`, `${name} is required and must be a non-empty string`);
  return value;
}

/** Every review records an event (application.*, document.*). */
const records = { config: { recordsEvents: true } };

export function registerReviewRoutes(
  app: FastifyInstance,
  store: SandboxStore,
  lifecycle: ApplicationLifecycle,
  behaviour: SandboxBehaviour,
): void {
  app.post<{ Params: ApplicationParams }>('/sandbox/applications/:applicationId/approve', records, async (request, reply) => {
    const application = findApplication(store, request.params.applicationId);
    optionalString(readResource(request.body, ['applicationApprove']), 'reason');
    requireReviewable(application, 'approved', behaviour.approvableStatuses);
    lifecycle.approve(application);
    return sendDocument(reply, 200, { data: renderApplication(application) });
  });

  app.post<{ Params: ApplicationParams }>('/sandbox/applications/:applicationId/deny', records, async (request, reply) => {
    const application = findApplication(store, request.params.applicationId);
    optionalString(readResource(request.body, ['applicationDeny']), 'reason');
    try {
      requireReviewable(application, 'denied', behaviour.deniableStatuses);
    } catch (refusal) {
      const lateMs = behaviour.refusedDenyFiresAfterMs;
      if (lateMs !== undefined) setTimeout(() => lifecycle.announceDenied(application), lateMs).unref();
      throw refusal;
    }
    lifecycle.deny(application);
    return sendDocument(reply, 200, { data: renderApplication(application) });
  });

  app.post<{ Params: DocumentParams }>(
    '/sandbox/applications/:applicationId/documents/:documentId/approve',
    records,
    async (request, reply) => {
      const application = findApplication(store, request.params.applicationId);
      const document = findDocument(store, application, request.params.documentId);
      const body = request.body;
      // The documented body is an empty JSON object; anything but an object is refused.
      if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))) {
        throw invalid('', 'the body must be an empty JSON object');
      }
      lifecycle.approveDocument(application, document);
      return sendDocument(reply, 200, { data: renderDocument(document, application) });
    },
  );

  app.post<{ Params: DocumentParams }>(
    '/sandbox/applications/:applicationId/documents/:documentId/reject',
    records,
    async (request, reply) => {
      const application = findApplication(store, request.params.applicationId);
      const document = findDocument(store, application, request.params.documentId);
      const resource = readResource(request.body, ['documentReject']);
      const reason = requiredString(optionalString(resource, 'reason'), 'reason');
      const reasonCode = requiredString(optionalString(resource, 'reasonCode'), 'reasonCode');
      lifecycle.rejectDocument(application, document, reason, reasonCode);
      return sendDocument(reply, 200, { data: renderDocument(document, application) });
    },
  );

  app.get<{ Params: DocumentParams }>(
    '/sandbox/applications/:applicationId/documents/:documentId/download',
    documentDownload(store, behaviour, 'front'),
  );
  app.get<{ Params: DocumentParams }>(
    '/sandbox/applications/:applicationId/documents/:documentId/download/back',
    documentDownload(store, behaviour, 'back'),
  );
}
