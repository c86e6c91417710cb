import { appendFileSync, existsSync, readFileSync } from 'node:fs';

// The cleanup ledger on disk (JSON lines in the report directory): every
// resource the suite creates on a target is appended the moment it exists, and
// marked undone once undone, so a run that is killed leaves behind exactly what
// `banking-api-conformance cleanup` must still do. Appends are synchronous: a
// line written is on disk even if the process dies the next instant. It holds
// ids and how to undo them, never a token.

export const CLEANUP_LEDGER_FILE = 'cleanup-ledger.jsonl';

/** What can be undone through the documented API alone. */
export type UndoAction = { kind: 'rule'; id: string } | { kind: 'webhook'; id: string };

export interface UndoRequest {
  method: 'POST';
  path: string;
  describe: string;
}

/** How an action is undone (API §4.2 cancel a rule, §4.3 disable a webhook). */
export function undoRequest(action: UndoAction): UndoRequest {
  const id = encodeURIComponent(action.id);
  return action.kind === 'rule'
    ? { method: 'POST', path: `/positive-pay/${id}/cancel`, describe: `cancel rule ${action.id}` }
    : { method: 'POST', path: `/webhooks/${id}/disable`, describe: `disable webhook ${action.id}` };
}

/** Which target the run was against, so `cleanup` can find it again. */
export interface LedgerRun {
  baseUrl: string;
  /** The manifest the run used, when it was not the embedded emulator's. */
  manifestPath?: string;
}

type LedgerLine =
  | ({ op: 'run'; at: string } & LedgerRun)
  | { op: 'created'; at: string; kind: UndoAction['kind']; id: string; undo: string; scenario?: string }
  | { op: 'undone'; at: string; kind: UndoAction['kind']; id: string };

const keyOf = (action: UndoAction): string => `${action.kind} ${action.id}`;

function append(path: string, line: LedgerLine): void {
  appendFileSync(path, `${JSON.stringify(line)}\n`);
}

export function recordRun(path: string, run: LedgerRun): void {
  append(path, { op: 'run', at: new Date().toISOString(), ...run });
}

export function recordCreated(path: string, action: UndoAction, scenario?: string): void {
  const { method, path: undoPath } = undoRequest(action);
  append(path, {
    op: 'created',
    at: new Date().toISOString(),
    kind: action.kind,
    id: action.id,
    undo: `${method} ${undoPath}`,
    ...(scenario ? { scenario } : {}),
  });
}

export function recordUndone(path: string, action: UndoAction): void {
  append(path, { op: 'undone', at: new Date().toISOString(), kind: action.kind, id: action.id });
}

export interface LedgerState {
  run?: LedgerRun;
  /** Created and not yet undone, oldest first. */
  pending: UndoAction[];
  created: number;
}

/** Reads a ledger; a line cut short by a killed process is ignored. */
export function readLedger(path: string): LedgerState {
  if (!existsSync(path)) return { pending: [], created: 0 };
  let run: LedgerRun | undefined;
  const pending = new Map<string, UndoAction>();
  let created = 0;
  for (const text of readFileSync(path, 'utf8').split('\n')) {
    if (!text.trim()) continue;
    let line: LedgerLine;
    try {
      line = JSON.parse(text) as LedgerLine;
    } catch {
      continue;
    }
    if (line.op === 'run') run = { baseUrl: line.baseUrl, ...(line.manifestPath ? { manifestPath: line.manifestPath } : {}) };
    else if (line.op === 'created' && (line.kind === 'rule' || line.kind === 'webhook')) {
      created += 1;
      pending.set(keyOf(line), { kind: line.kind, id: String(line.id) });
    } else if (line.op === 'undone') pending.delete(keyOf(line as UndoAction));
  }
  return { ...(run ? { run } : {}), pending: [...pending.values()], created };
}
