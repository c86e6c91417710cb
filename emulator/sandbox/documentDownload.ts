import type { FastifyReply } from 'fastify';
import { ApiError } from '../core/jsonApi.ts';
import { findApplication, findDocument } from './applicationLookup.ts';
import type { SandboxBehaviour } from './sandboxBehaviour.ts';
import type { SandboxStore, UploadedFile } from './sandboxRecords.ts';

// Downloading an uploaded application document (section 4.5): the bytes as
// uploaded, with their content type. Served under /sandbox/… as documented and
// under /applications/… beside the document it belongs to.

export type DocumentParams = { applicationId: string; documentId: string };

export const documentDownload =
  (store: SandboxStore, behaviour: SandboxBehaviour, side: 'front' | 'back') =>
  async (request: { params: DocumentParams }, reply: FastifyReply): Promise<FastifyReply> => {
    const application = findApplication(store, request.params.applicationId);
    const document = findDocument(store, application, request.params.documentId);
    const file: UploadedFile | undefined = document[side];
    if (!file) throw new ApiError(404, 'Not found', `document ${document.id} has no uploaded ${side} side`);
    return reply.code(200).type(file.contentType).send(behaviour.downloadedBytes(file));
  };
