import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

// Answers coded as a compressing gateway codes them (RFC 9110 8.4). The tolerated
// variation codes every answer gzip wherever the request's Accept-Encoding lists gzip,
// and labels it so; the seeded fault codes its area's answers gzip and labels nothing,
// so a client reads compressed bytes as if they were the document.

/**
 * Whether an Accept-Encoding value admits gzip: listed by name (or `*`) with a weight
 * above 0. No header at all would admit any coding (RFC 9110 12.5.3), yet is answered
 * uncoded: only a request that names what it decodes gets a coded answer.
 */
export function admitsGzip(acceptEncoding: string | string[] | undefined): boolean {
  const value = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  const weights = new Map<string, number>();
  for (const member of value.split(',')) {
    const [name = '', ...parameters] = member.split(';').map((part) => part.trim().toLowerCase());
    if (!name) continue;
    const weight = parameters.find((parameter) => parameter.startsWith('q='));
    weights.set(name, weight === undefined ? 1 : Number(weight.slice(2)));
  }
  const gzip = weights.get('gzip') ?? weights.get('x-gzip') ?? weights.get('*');
  return gzip !== undefined && gzip > 0;
}

const bytesOf = (payload: unknown): Buffer | undefined =>
  typeof payload === 'string' ? Buffer.from(payload, 'utf8') : Buffer.isBuffer(payload) ? payload : undefined;

/** An onSend hook, registered after every hook that rewrites a body: each answer gzip-coded and labelled, where the request admits gzip. */
export function gzipCodedAnswersHook() {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    // Whether an answer is coded depends on the request's Accept-Encoding: caches must know it.
    reply.header('vary', 'Accept-Encoding');
    const bytes = bytesOf(payload);
    if (!bytes || bytes.length === 0 || reply.hasHeader('content-encoding') || !admitsGzip(request.headers['accept-encoding']))
      return payload;
    reply.header('content-encoding', 'gzip');
    reply.removeHeader('content-length');
    return gzipSync(bytes);
  };
}

/** An onSend hook for the seeded fault: each answer gzip-coded, whatever the request accepts, and labelled as uncoded. */
export function unlabelledGzipHook() {
  return async (_request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    const bytes = bytesOf(payload);
    if (!bytes || bytes.length === 0) return payload;
    reply.removeHeader('content-encoding');
    reply.removeHeader('content-length');
    return gzipSync(bytes);
  };
}
