import type { FastifyReply } from 'fastify';
import type { EmulatorState } from '../core/emulatorState.ts';
import { ApiError } from '../core/jsonApi.ts';
import { findApplication, findDocument } from './applicationLookup.ts';
import { sandboxFaultOn } from './faults.ts';
import type { SandboxStore, UploadedFile } from './sandboxRecords.ts';

// Downloading an uploaded application document (section 4.5): the bytes as
// uploaded, with their content type. Served under /sandbox/… as documented and
// under /applications/… beside the document it belongs to.

export type DocumentParams = { applicationId: string; documentId: string };

/** A placeholder the download fault serves instead of the uploaded file. */
const OTHER_BYTES = Buffer.from('not the uploaded file');

export const documentDownload =
  (state: EmulatorState, store: SandboxStore, side: 'front' | 'back') =>
  async (request: { params: DocumentParams }, reply: FastifyReply): Promise<FastifyReply> => {
    const application = findApplication(store, request.params.applicationId);
    const document = findDocument(store, application, request.params.documentId);
    const file: UploadedFile | undefined = document[side];
    if (!file) throw new ApiError(404, 'Not found', `document ${document.id} has no uploaded ${side} side`);
    const bytes = sandboxFaultOn(state, 'download-returns-other-bytes') ? OTHER_BYTES : file.bytes;
    return reply.code(200).type(file.contentType).send(bytes);
  };
