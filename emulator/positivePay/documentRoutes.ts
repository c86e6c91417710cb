import type { FastifyInstance } from 'fastify';
import type { EmulatorState } from '../core/emulatorState.ts';
import { ApiError, conflict, sendDocument } from '../core/jsonApi.ts';
import { DOCUMENT_MEDIA_TYPES, DOCUMENT_SIZE_MB } from '../../contract/facts/documentLimits.ts';
import type { PositivePayBehaviour } from './positivePayBehaviour.ts';
import { renderRule } from './ruleRendering.ts';
import { findRule } from './ruleRoutes.ts';
import { effectiveStatus } from './ruleStatus.ts';

// Section 4.2 PUT /positive-pay/{id}/documents and the limits of section 8.
//
// "20 MB" is read as 20 × 1024 × 1024 bytes (20,971,520): anything up to that is
// accepted, one byte more is answered 413. The response is not shown; the
// emulator answers 200 with the rule. Uploading to a Cancelled or Expired rule
// is answered 409; uploading again to an Active drawdown rule replaces its document.

/**
 * An oversized body is still read to the end (up to this), so the client sees the 413 instead of a reset connection.
 * Beyond it (declared or counted) the 413 goes out at once and the connection closes: nothing more is read.
 */
const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;

const tooLarge = (detail: string, source: { header?: string; pointer?: string }) => new ApiError(413, 'Payload too large', detail, source);
/** How the limit was read, for the 413's detail. */
const READING = `${DOCUMENT_SIZE_MB} MB read as ${DOCUMENT_SIZE_MB} × 1024 × 1024`;

function readDocumentBody(
  declaredLength: string | undefined,
  payload: NodeJS.ReadableStream,
  limit: number,
  done: (error: Error | null, body?: Buffer) => void,
): void {
  if (Number(declaredLength) > DRAIN_LIMIT_BYTES) {
    done(
      tooLarge(`Content-Length is ${declaredLength} bytes; the maximum is ${limit} bytes (${READING})`, {
        header: 'Content-Length',
      }),
    );
    return;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  let settled = false;
  const settle = (error: Error | null, body?: Buffer) => {
    if (settled) return;
    settled = true;
    done(error, body);
  };
  payload.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size <= limit) chunks.push(chunk);
    else if (size > DRAIN_LIMIT_BYTES) {
      payload.pause();
      settle(
        tooLarge(`the document is more than ${DRAIN_LIMIT_BYTES} bytes; the maximum is ${limit} bytes (${READING})`, {
          pointer: '',
        }),
      );
    }
  });
  payload.on('error', (error) => settle(error));
  payload.on('end', () => {
    if (size > limit) settle(tooLarge(`the document is ${size} bytes; the maximum is ${limit} bytes (${READING})`, { pointer: '' }));
    else settle(null, Buffer.concat(chunks));
  });
}

function mediaTypeOf(header: string | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}

export async function registerDocumentRoutes(app: FastifyInstance, state: EmulatorState, behaviour: PositivePayBehaviour): Promise<void> {
  // Own scope: the raw-body parser and the body limit apply to this route only.
  await app.register(async (scoped) => {
    scoped.removeAllContentTypeParsers();
    // Every media type reaches the handler as bytes, so that a refused type gets a
    // JSON:API 415 from the handler rather than a framework default.
    scoped.addContentTypeParser('*', (request, payload, done) =>
      readDocumentBody(request.headers['content-length'], payload, behaviour.maxDocumentBytes, done),
    );

    scoped.put<{ Params: { id: string } }>(
      '/positive-pay/:id/documents',
      { bodyLimit: DRAIN_LIMIT_BYTES, config: { scope: 'payments-write' } },
      async (request, reply) => {
        const rule = findRule(state, request.params.id);
        const mediaType = mediaTypeOf(request.headers['content-type']);
        if (!behaviour.acceptsDocumentType(mediaType)) {
          throw new ApiError(
            415,
            'Unsupported media type',
            `Content-Type must be one of ${DOCUMENT_MEDIA_TYPES.join(', ')}; got '${mediaType}'`,
            { header: 'Content-Type' },
          );
        }
        if (rule.type !== 'drawdownPositivePay' && behaviour.documentsForDrawdownOnly) {
          throw new ApiError(
            400,
            'Invalid request',
            `documents can be uploaded to drawdownPositivePay rules only; rule ${rule.id} is ${rule.type}`,
          );
        }
        const status = effectiveStatus(rule, state.clock.now());
        if (status === 'Cancelled' || status === 'Expired') throw conflict(`rule ${rule.id} is ${status}; it no longer takes documents`);
        const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        if (bytes.length === 0)
          throw new ApiError(400, 'Invalid request', 'the request body must be the document file; it is empty', { pointer: '' });
        rule.document = { contentType: mediaType, bytes, uploadedAt: state.clock.now() };
        if (rule.status === 'AwaitingDocuments' && behaviour.uploadActivates) rule.status = 'Active';
        return sendDocument(reply, 200, { data: renderRule(state, behaviour, rule) });
      },
    );
  });
}
