import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, type ErrorSource, sendErrors } from './jsonApi.ts';

// Maps every failure to a JSON:API error document. Anything the client caused
// stays a 4xx naming what is at fault (a body member, a query parameter, a header,
// or the path it asked for): the emulator never answers 5xx to a bad request.

const BODY: ErrorSource = { pointer: '' };
const CONTENT_TYPE: ErrorSource = { header: 'Content-Type' };
const CONTENT_LENGTH: ErrorSource = { header: 'Content-Length' };

const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; title: string; detail: string; source: ErrorSource }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    title: 'Payload too large',
    detail: 'the request body exceeds the size limit of this operation',
    source: BODY,
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    title: 'Unsupported media type',
    detail: 'the Content-Type of the request is not accepted by this operation',
    source: CONTENT_TYPE,
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    title: 'Invalid request',
    detail: 'the request declares a JSON body but sends none',
    source: BODY,
  },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, title: 'Invalid request', detail: 'the request body is not valid JSON', source: BODY },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    title: 'Invalid request',
    detail: 'Content-Length does not match the body',
    source: CONTENT_LENGTH,
  },
};

export function handleError(error: FastifyError | ApiError | Error, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  // Fastify closes the connection at once after a body it refused, which can reset
  // the answer away; lingerOnUnreadBody (connectionLimits.ts) closes it gently instead.
  reply.removeHeader('connection');
  if (error instanceof ApiError) return sendErrors(reply, error.status, [error.toErrorObject()]);
  const code = (error as FastifyError).code;
  const known = code ? FASTIFY_CLIENT_ERRORS[code] : undefined;
  if (known) {
    const source = known.status === 413 && request.headers['content-length'] !== undefined ? CONTENT_LENGTH : known.source;
    return sendErrors(reply, known.status, [{ status: String(known.status), title: known.title, detail: known.detail, source }]);
  }
  if (error instanceof SyntaxError) {
    return sendErrors(reply, 400, [
      { status: '400', title: 'Invalid request', detail: `the request body is not valid JSON: ${error.message}`, source: BODY },
    ]);
  }
  const status = (error as FastifyError).statusCode;
  if (status && status >= 400 && status < 500) {
    return sendErrors(reply, status, [{ status: String(status), title: 'Invalid request', detail: error.message }]);
  }
  request.log.error({ err: error }, 'unexpected emulator error');
  return sendErrors(reply, 500, [
    { status: '500', title: 'Internal error', detail: 'the emulator failed unexpectedly; this is a bug in the emulator' },
  ]);
}

const pathOf = (request: FastifyRequest): string => request.url.split('?')[0]!;

export function handleNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendErrors(reply, 404, [{ status: '404', title: 'Not found', detail: `no operation ${request.method} ${pathOf(request)}` }]);
}

/** Fastify's own refusals of a path, before any route: rendered like every other error, quoting the path. */
export function handleFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error.code === 'FST_ERR_BAD_URL') {
    return sendErrors(reply, 400, [
      {
        status: '400',
        title: 'Invalid request',
        detail: `the path ${pathOf(request)} is not valid: a percent-encoded segment is not UTF-8`,
      },
    ]);
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return sendErrors(reply, 414, [
      { status: '414', title: 'URI too long', detail: `a path segment is too long to be an id: ${pathOf(request)}` },
    ]);
  }
  return handleError(error, request, reply);
}
