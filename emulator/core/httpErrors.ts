import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, sendErrors } from './jsonApi.ts';

// Maps every failure to a JSON:API error document. Anything the client caused
// stays a 4xx: the emulator never answers 5xx to a bad request.

const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; title: string; detail: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, title: 'Payload too large', detail: 'the request body exceeds the size limit of this operation' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, title: 'Unsupported media type', detail: 'the Content-Type of the request is not accepted by this operation' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, title: 'Invalid request', detail: 'the request declares a JSON body but sends none' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, title: 'Invalid request', detail: 'the request body is not valid JSON' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, title: 'Invalid request', detail: 'Content-Length does not match the body' },
};

export function handleError(error: FastifyError | ApiError | Error, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof ApiError) return sendErrors(reply, error.status, [error.toErrorObject()]);
  const code = (error as FastifyError).code;
  const known = code ? FASTIFY_CLIENT_ERRORS[code] : undefined;
  if (known) return sendErrors(reply, known.status, [{ status: String(known.status), title: known.title, detail: known.detail }]);
  if (error instanceof SyntaxError) {
    return sendErrors(reply, 400, [{ status: '400', title: 'Invalid request', detail: `the request body is not valid JSON: ${error.message}` }]);
  }
  const status = (error as FastifyError).statusCode;
  if (status && status >= 400 && status < 500) {
    return sendErrors(reply, status, [{ status: String(status), title: 'Invalid request', detail: error.message }]);
  }
  request.log.error({ err: error }, 'unexpected emulator error');
  return sendErrors(reply, 500, [{ status: '500', title: 'Internal error', detail: 'the emulator failed unexpectedly; this is a bug in the emulator' }]);
}

export function handleNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendErrors(reply, 404, [{ status: '404', title: 'Not found', detail: `no operation ${request.method} ${request.url.split('?')[0]}` }]);
}
