import { setTimeout as sleep } from 'node:timers/promises';
import { request } from 'undici';
import { JSON_API } from '../../contract/facts/mediaTypes.ts';
import type { CallGate } from './callGate.ts';
import { readLedger, recordUndone, undoRequest, type UndoAction } from './cleanupLedgerFile.ts';
import { acceptedCodings, readDecodedBody } from './contentCoding.ts';
import { isThrottled, nextWaitMs } from './throttleRetry.ts';

// Finishes what a run's ledger says is still to undo, through the documented
// API with a token of the target: cancel each rule, disable each webhook. An
// action counts as done when the resource is afterwards no longer live (a rule
// neither Active nor AwaitingDocuments, a webhook neither Enabled nor
// Unavailable) or no longer exists; only then is it marked undone. Like every
// other call of a run, each passes the session's call gate (the target's stated
// rate limit) and waits out throttling rather than counting it a failure; and,
// since undoing one never depends on another, a few are undone at once, so a far
// target's round trips overlap instead of adding up.

/** Resources undone at once: by a scenario's cleanup (harness/engine/cleanupLedger.ts) and here. */
export const UNDO_AT_ONCE = 8;

const TIMEOUT_MS = 10_000;
const LIVE: Record<UndoAction['kind'], readonly string[]> = { rule: ['Active', 'AwaitingDocuments'], webhook: ['Enabled', 'Unavailable'] };
const RESOURCE_PATH: Record<UndoAction['kind'], string> = { rule: '/positive-pay', webhook: '/webhooks' };

export interface UndoOutcome {
  action: UndoAction;
  describe: string;
  done: boolean;
  /** What happened: the answers, or why it is not done. */
  detail: string;
}

interface Target {
  baseUrl: string;
  token: string;
  gate: CallGate | undefined;
}

async function sendOnce(
  target: Target,
  method: string,
  path: string,
): Promise<{ status: number; headers: Record<string, unknown>; body: unknown }> {
  const leave = await target.gate?.enter();
  try {
    const answer = await request(`${target.baseUrl}${path}`, {
      method,
      headers: { accept: JSON_API, ...acceptedCodings(), authorization: `Bearer ${target.token}` },
      headersTimeout: TIMEOUT_MS,
      bodyTimeout: TIMEOUT_MS,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const { body } = await readDecodedBody(answer, 1024 * 1024);
    let parsed: unknown;
    try {
      parsed = body.length ? JSON.parse(body.toString('utf8')) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: answer.statusCode, headers: answer.headers, body: parsed };
  } finally {
    leave?.();
  }
}

/** One request, throttling waited out as the API client waits it out (harness/targetIO/throttleRetry.ts). */
async function send(target: Target, method: string, path: string): Promise<{ status: number; body: unknown }> {
  let waited = 0;
  for (let attempt = 0; ; attempt += 1) {
    const answer = await sendOnce(target, method, path);
    const header = (name: string) => (typeof answer.headers[name] === 'string' ? (answer.headers[name] as string) : undefined);
    const wait = isThrottled(method, answer.status) ? nextWaitMs(attempt, header('retry-after'), waited, header('date')) : undefined;
    if (wait === undefined) return answer;
    waited += wait;
    await sleep(wait);
  }
}

async function undoOne(target: Target, action: UndoAction): Promise<UndoOutcome> {
  const { method, path, describe } = undoRequest(action);
  try {
    const undone = await send(target, method, path);
    const after = await send(target, 'GET', `${RESOURCE_PATH[action.kind]}/${encodeURIComponent(action.id)}`);
    if (after.status === 404)
      return { action, describe, done: true, detail: `${method} answered ${undone.status}; the ${action.kind} no longer exists` };
    const status = (after.body as { data?: { attributes?: { status?: unknown } } } | undefined)?.data?.attributes?.status;
    const done = after.status === 200 && typeof status === 'string' && !LIVE[action.kind].includes(status);
    return {
      action,
      describe,
      done,
      detail: `${method} answered ${undone.status}; the ${action.kind} is now ${typeof status === 'string' ? status : `unknown (GET answered ${after.status})`}`,
    };
  } catch (error) {
    return { action, describe, done: false, detail: (error as Error).message };
  }
}

/**
 * Undoes every pending action of the ledger at `path`, oldest first, UNDO_AT_ONCE at a time, marking
 * each one done in the file; through `gate`, the run session's, when there is one.
 */
export async function undoPending(path: string, baseUrl: string, token: string, gate?: CallGate): Promise<UndoOutcome[]> {
  const target: Target = { baseUrl: baseUrl.replace(/\/+$/, ''), token, gate };
  const pending = readLedger(path).pending;
  const outcomes: UndoOutcome[] = [];
  for (let from = 0; from < pending.length; from += UNDO_AT_ONCE) {
    const group = await Promise.all(
      pending.slice(from, from + UNDO_AT_ONCE).map(async (action) => {
        const outcome = await undoOne(target, action);
        if (outcome.done) recordUndone(path, action);
        return outcome;
      }),
    );
    outcomes.push(...group);
  }
  return outcomes;
}
