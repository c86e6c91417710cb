import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { CallGate } from '../../../harness/targetIO/callGate.ts';
import { readLedger, recordCreated } from '../../../harness/targetIO/cleanupLedgerFile.ts';
import { UNDO_AT_ONCE, undoPending } from '../../../harness/targetIO/ledgerUndo.ts';

// The end-of-run undo (and `cleanup`) goes the way every call of a run goes: through
// the session's call gate, throttling waited out, several undone at once. The target
// here answers each rule's first cancel 429 and holds every answer a moment, so that
// calls sent together overlap; it counts how many it had at once.

const RULES = 20;
const GATE_PLACES = 3;

test('the end-of-run undo passes the call gate, waits out 429s and undoes several rules at once', async () => {
  const cancels = new Map<string, number>();
  let inFlight = 0;
  let mostAtOnce = 0;
  const server = createServer((request, response) => {
    inFlight += 1;
    mostAtOnce = Math.max(mostAtOnce, inFlight);
    const answer = (status: number, headers: Record<string, string>, body?: unknown) =>
      setTimeout(() => {
        inFlight -= 1;
        response.writeHead(status, { 'content-type': 'application/vnd.api+json', ...headers }).end(body ? JSON.stringify(body) : '');
      }, 20);
    const cancel = /^\/positive-pay\/([^/]+)\/cancel$/.exec(request.url ?? '');
    if (request.method === 'POST' && cancel) {
      const seen = (cancels.get(cancel[1]!) ?? 0) + 1;
      cancels.set(cancel[1]!, seen);
      return seen === 1 ? answer(429, { 'retry-after': '0' }) : answer(200, {}, { data: { attributes: { status: 'Cancelled' } } });
    }
    const read = /^\/positive-pay\/([^/]+)$/.exec(request.url ?? '');
    const status = read && (cancels.get(read[1]!) ?? 0) > 1 ? 'Cancelled' : 'Active';
    return answer(200, {}, { data: { id: read?.[1], attributes: { status } } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const directory = mkdtempSync(join(tmpdir(), 'ledger-undo-'));
  const ledger = join(directory, 'cleanup-ledger.jsonl');
  try {
    for (let rule = 0; rule < RULES; rule += 1) recordCreated(ledger, { kind: 'rule', id: `rule-${rule}` }, 'a/scenario');
    const outcomes = await undoPending(
      ledger,
      `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      'token',
      new CallGate({ concurrency: GATE_PLACES }),
    );
    expect(outcomes.filter((outcome) => !outcome.done).map((outcome) => outcome.detail)).toEqual([]);
    expect(outcomes).toHaveLength(RULES);
    expect(readLedger(ledger).pending).toEqual([]);
    // Every rule's 429 was waited out and its cancel sent again.
    expect([...cancels.values()]).toEqual(Array.from({ length: RULES }, () => 2));
    // Several at once, never more than the gate lets go.
    expect(mostAtOnce).toBeGreaterThan(1);
    expect(mostAtOnce).toBeLessThanOrEqual(GATE_PLACES);
    expect(UNDO_AT_ONCE).toBeGreaterThan(GATE_PLACES);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(directory, { recursive: true, force: true });
  }
});
