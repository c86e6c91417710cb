import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import type { SavedQueue } from '../../../emulator/delivery/deliveryEngine.ts';
import { type JournalMark, QueueJournal } from '../../../emulator/persistence/queueJournal.ts';

// The journal of the delivery queues' waiting ids: a write journals only the ids
// that joined; once most journaled ids have left, the waiting ones move to a
// journal of the next generation and the old one is removed when state.json no
// longer names it. Opened at a mark, it gives back exactly the waiting ids.

let directory = '';
afterEach(() => rmSync(directory, { recursive: true, force: true }));

const queue = (pending: number[]): SavedQueue => ({ webhookId: '7', pending, batches: [] });
const journals = () => readdirSync(directory).filter((name) => name.startsWith('queues.'));
const ids = (from: number, to: number) => Array.from({ length: to - from }, (_, index) => from + index);

test('the waiting ids are journaled once, compacted when most have left, and read back at the mark', () => {
  directory = mkdtempSync(join(tmpdir(), 'queue-journal-'));
  const { journal } = QueueJournal.open(directory, undefined, []);
  const first = journal.record([queue(ids(1, 3001))]);
  expect(first.queues[0]!.journaled).toEqual({ from: 0, count: 3000 });
  const grown = journal.record([queue(ids(101, 3101))]);
  expect(grown.queues[0]!.journaled).toEqual({ from: 100, count: 3000 });
  expect(grown.mark.bytes - first.mark.bytes).toBe(100 * '7\t3001\n'.length);

  let mark: JournalMark = grown.mark;
  let waiting = ids(101, 3101);
  for (let round = 0; mark.generation === 0; round += 1) {
    waiting = ids(3101 + round * 1000, 3101 + (round + 1) * 1000);
    mark = journal.record([queue(waiting)]).mark;
    expect(round).toBeLessThan(10);
  }
  expect(journals()).toEqual(['queues.0.log', 'queues.1.log']);
  journal.settled();
  expect(journals()).toEqual(['queues.1.log']);
  journal.close();

  const saved = [{ webhookId: '7', batches: [], journaled: { from: 0, count: waiting.length } }];
  const reopened = QueueJournal.open(directory, mark, saved);
  expect(reopened.queues).toEqual([queue(waiting)]);
  reopened.journal.close();
});
