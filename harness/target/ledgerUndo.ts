import { request } from 'undici';
import { JSON_API } from '../../spec/mediaTypes.ts';
import { readLedger, recordUndone, undoRequest, type UndoAction } from './cleanupLedgerFile.ts';
import { readCappedBody } from './responseBodyReader.ts';

// Finishes what a run's ledger says is still to undo, through the documented
// API with a token of the target: cancel each rule, disable each webhook. An
// action counts as done when the resource is afterwards no longer live (a rule
// neither Active nor AwaitingDocuments, a webhook neither Enabled nor
// Unavailable) or no longer exists; only then is it marked undone.

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

async function send(baseUrl: string, token: string, method: string, path: string): Promise<{ status: number; body: unknown }> {
  const answer = await request(`${baseUrl}${path}`, {
    method,
    headers: { accept: JSON_API, authorization: `Bearer ${token}` },
    headersTimeout: TIMEOUT_MS,
    bodyTimeout: TIMEOUT_MS,
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const { body } = await readCappedBody(answer.body, 1024 * 1024);
  let parsed: unknown;
  try {
    parsed = body.length ? JSON.parse(body.toString('utf8')) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: answer.statusCode, body: parsed };
}

async function undoOne(baseUrl: string, token: string, action: UndoAction): Promise<UndoOutcome> {
  const { method, path, describe } = undoRequest(action);
  try {
    const undone = await send(baseUrl, token, method, path);
    const after = await send(baseUrl, token, 'GET', `${RESOURCE_PATH[action.kind]}/${encodeURIComponent(action.id)}`);
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

/** Undoes every pending action of the ledger at `path`, oldest first, marking each one done in the file. */
export async function undoPending(path: string, baseUrl: string, token: string): Promise<UndoOutcome[]> {
  const outcomes: UndoOutcome[] = [];
  for (const action of readLedger(path).pending) {
    const outcome = await undoOne(baseUrl.replace(/\/+$/, ''), token, action);
    if (outcome.done) recordUndone(path, action);
    outcomes.push(outcome);
  }
  return outcomes;
}
