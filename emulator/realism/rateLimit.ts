import type { FastifyReply, FastifyRequest } from 'fastify';
import { isControlPath } from '../core/area.ts';
import { type ErrorObject, sendErrors } from '../core/jsonApi.ts';

// Rate limits are not shown (section 8), yet every vendor sandbox has them. Every
// Nth request outside the control endpoints is answered 429 with Retry-After
// before anything else happens: no authentication, no handler, no side effect.
// Deterministic, so that tests can tell which call is refused.

export interface RateLimitOptions {
  /** Refuse every Nth request (1 refuses all of them). */
  every: number;
  /** Retry-After, in seconds (default 1). */
  retryAfterSeconds?: number;
  /** How Retry-After is written: delta-seconds (the default) or an HTTP date (RFC 9110 10.2.3). */
  retryAfterForm?: 'seconds' | 'http-date';
}

/**
 * An HTTP date `seconds` from now. Wall-clock time, not the virtual clock: it must agree with
 * the Date header Node writes, which is what a client reads it against.
 */
const httpDateIn = (seconds: number): string => new Date(Math.floor(Date.now() / 1000) * 1000 + seconds * 1000).toUTCString();

export function checkRateLimitOptions(options: RateLimitOptions): void {
  if (!Number.isSafeInteger(options.every) || options.every < 1)
    throw new RangeError(`rateLimit.every must be a positive integer; got ${options.every}`);
  const retryAfter = options.retryAfterSeconds ?? 1;
  if (!Number.isSafeInteger(retryAfter) || retryAfter < 0 || retryAfter > 3600) {
    throw new RangeError(`rateLimit.retryAfterSeconds must be an integer from 0 to 3600; got ${options.retryAfterSeconds}`);
  }
}

/** The error a 429 of the emulator carries; the client command's injected 429 carries the same (client/perturbations.ts). */
export const tooManyRequests = (retryAfterSeconds: number): ErrorObject => ({
  status: '429',
  title: 'Too many requests',
  detail: `rate limit exceeded; retry after ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}`,
});

export function rateLimitHook(options: RateLimitOptions) {
  checkRateLimitOptions(options);
  const retryAfter = options.retryAfterSeconds ?? 1;
  let requests = 0;
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (isControlPath(request.url)) return;
    requests += 1;
    if (requests % options.every !== 0) return;
    reply.header('retry-after', options.retryAfterForm === 'http-date' ? httpDateIn(retryAfter) : String(retryAfter));
    await sendErrors(reply, 429, [tooManyRequests(retryAfter)]);
  };
}
