import type { FastifyReply, FastifyRequest } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import { isControlPath } from '../core/area.ts';

// A vendor sandbox answers in tens of milliseconds, never at once. Every request
// outside the control endpoints waits ms ± jitterMs (uniform) before it is handled.

export interface LatencyOptions {
  ms: number;
  jitterMs?: number;
}

const MAX_LATENCY_MS = 60_000;

export function checkLatencyOptions(options: LatencyOptions): void {
  const { ms, jitterMs = 0 } = options;
  if (!Number.isFinite(ms) || ms < 0 || ms > MAX_LATENCY_MS)
    throw new RangeError(`latency.ms must be a number of milliseconds from 0 to ${MAX_LATENCY_MS}; got ${ms}`);
  if (!Number.isFinite(jitterMs) || jitterMs < 0 || jitterMs > ms)
    throw new RangeError(`latency.jitterMs must be from 0 to latency.ms (${ms}); got ${jitterMs}`);
}

export function responseLatencyHook(options: LatencyOptions) {
  checkLatencyOptions(options);
  const { ms, jitterMs = 0 } = options;
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    if (isControlPath(request.url)) return;
    const delay = ms + (Math.random() * 2 - 1) * jitterMs;
    if (delay > 0) await sleep(delay);
  };
}
