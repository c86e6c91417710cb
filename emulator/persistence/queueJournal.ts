import {
  closeSync,
  constants,
  fdatasyncSync,
  fstatSync,
  ftruncateSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import type { SavedQueue } from '../delivery/deliveryEngine.ts';
import { syncDirectory } from './atomicFile.ts';
import { StateRefused } from './stateFormat.ts';

// The delivery queues' waiting event ids on disk. A receiver that is down for a
// day piles up hundreds of thousands of them; written inside state.json, every
// later write would rewrite them all. Here they are appended to a journal
// (`queues.<generation>.log`, a line `<webhookId>\t<eventId>` per id) as they
// join a queue, and state.json names, for each queue, which of its webhook's
// journaled ids are still waiting (`journaled: {from, count}`) and where the
// journal ends. Ids leave a queue at its head, so what waits is a suffix of what
// was journaled: a write journals only what joined since the last one. When most
// of the journal has left, the ids
// still waiting are written to a journal of the next generation, state.json
// moves to it, and the old one is removed.

const JOURNAL = /^queues\.(\d+)\.log$/;
const COMPACT_AFTER = 4096;

/** A queue as state.json keeps it: its waiting ids in the journal, not inline. */
export interface JournaledQueue extends Omit<SavedQueue, 'pending'> {
  journaled: { from: number; count: number };
}

/** Where the journal a state.json covers is, and how much of it. */
export interface JournalMark {
  generation: number;
  bytes: number;
}

const fileOf = (directory: string, generation: number): string => join(directory, `queues.${generation}.log`);

export class QueueJournal {
  private fd: number;
  /** Every id journaled for each webhook in this generation, in order. */
  private byWebhook = new Map<string, number[]>();
  private end = 0;
  private entries = 0;
  /** A generation replaced by a compaction, removed once state.json no longer names it. */
  private retired: number | undefined;

  private constructor(
    private readonly directory: string,
    private generation: number,
  ) {
    this.fd = openSync(fileOf(directory, generation), constants.O_RDWR | constants.O_CREAT, 0o600);
  }

  /**
   * Opens DIR's journal at the mark a saved state.json gives (none: a new one), cutting off what lies
   * beyond it and removing journals of other generations; answers the saved queues with their ids inline.
   */
  static open(
    directory: string,
    mark: JournalMark | undefined,
    saved: ReadonlyArray<SavedQueue | JournaledQueue>,
  ): { journal: QueueJournal; queues: SavedQueue[] } {
    const journal = new QueueJournal(directory, mark?.generation ?? 0);
    for (const name of readdirSync(directory)) {
      const generation = JOURNAL.exec(name)?.[1];
      if (generation !== undefined && Number(generation) !== journal.generation) rmSync(join(directory, name), { force: true });
    }
    const path = fileOf(directory, journal.generation);
    const bytes = mark?.bytes ?? 0;
    if (fstatSync(journal.fd).size < bytes)
      throw new StateRefused(`${path} is shorter than the ${bytes} bytes the saved state covers; nothing was read`);
    const text = readFileSync(path).subarray(0, bytes).toString('utf8');
    for (const line of text.split('\n').slice(0, -1)) {
      const [webhookId, eventId] = line.split('\t');
      if (webhookId === undefined || !/^\d+$/.test(eventId ?? ''))
        throw new StateRefused(`${path}: '${line}' is not a journaled id; nothing was read`);
      journal.idsOf(webhookId).push(Number(eventId));
      journal.entries += 1;
    }
    ftruncateSync(journal.fd, bytes);
    journal.end = bytes;
    const queues = saved.map((queue) => {
      if (!('journaled' in queue)) return queue;
      const { journaled, ...rest } = queue;
      const ids = journal.byWebhook.get(queue.webhookId) ?? [];
      if (journaled.from + journaled.count > ids.length)
        throw new StateRefused(`${path} holds fewer ids of webhook ${queue.webhookId} than the saved state counts; nothing was read`);
      return { ...rest, pending: ids.slice(journaled.from, journaled.from + journaled.count) };
    });
    return { journal, queues };
  }

  /** Journals what joined each queue since the last call (flushed to disk); answers the queues as state.json keeps them. */
  record(queues: readonly SavedQueue[]): { queues: JournaledQueue[]; mark: JournalMark } {
    const located = queues.map((queue) => ({ queue, from: this.locate(queue) }));
    const live = queues.reduce((sum, queue) => sum + queue.pending.length, 0);
    if (this.entries > COMPACT_AFTER && live * 2 < this.entries) return this.compact(queues);
    const lines: string[] = [];
    const journaled = located.map(({ queue, from }) => {
      const ids = this.idsOf(queue.webhookId);
      const joined = queue.pending.slice(ids.length - from);
      for (const id of joined) {
        ids.push(id);
        lines.push(`${queue.webhookId}\t${id}\n`);
      }
      return this.journaledOf(queue, from);
    });
    this.append(lines);
    return { queues: journaled, mark: { generation: this.generation, bytes: this.end } };
  }

  /** state.json names the current generation now: the one a compaction replaced can go. */
  settled(): void {
    if (this.retired === undefined) return;
    rmSync(fileOf(this.directory, this.retired), { force: true });
    this.retired = undefined;
  }

  close(): void {
    closeSync(this.fd);
  }

  private idsOf(webhookId: string): number[] {
    let ids = this.byWebhook.get(webhookId);
    if (!ids) {
      ids = [];
      this.byWebhook.set(webhookId, ids);
    }
    return ids;
  }

  /**
   * Where the queue's waiting ids start among its webhook's journaled ids: the first place from which
   * the journaled ones are the queue's first ids (what joined since follows them). When none is, all
   * of them have left, and every waiting id is journaled again.
   */
  private locate(queue: SavedQueue): number {
    const ids = this.byWebhook.get(queue.webhookId) ?? [];
    const { pending } = queue;
    if (pending.length === 0) return ids.length;
    for (let from = ids.indexOf(pending[0]!); from >= 0; from = ids.indexOf(pending[0]!, from + 1)) {
      const overlap = ids.length - from;
      if (overlap > pending.length) continue;
      let same = true;
      for (let k = 1; k < overlap && same; k += 1) same = ids[from + k] === pending[k];
      if (same) return from;
    }
    return ids.length;
  }

  private journaledOf(queue: SavedQueue, from: number): JournaledQueue {
    const { pending, ...rest } = queue;
    return { ...rest, journaled: { from, count: pending.length } };
  }

  private append(lines: readonly string[]): void {
    if (lines.length === 0) return;
    const text = Buffer.from(lines.join(''), 'utf8');
    for (let written = 0; written < text.length;) written += writeSync(this.fd, text, written, text.length - written, this.end + written);
    this.end += text.length;
    this.entries += lines.length;
    fdatasyncSync(this.fd);
  }

  /** Only the waiting ids, in a journal of the next generation; the current one stays until state.json names the new one. */
  private compact(queues: readonly SavedQueue[]): { queues: JournaledQueue[]; mark: JournalMark } {
    closeSync(this.fd);
    this.retired = this.generation;
    this.generation += 1;
    this.fd = openSync(fileOf(this.directory, this.generation), constants.O_RDWR | constants.O_CREAT | constants.O_TRUNC, 0o600);
    syncDirectory(this.directory);
    this.byWebhook = new Map();
    this.end = 0;
    this.entries = 0;
    const lines: string[] = [];
    for (const queue of queues) {
      const ids = this.idsOf(queue.webhookId);
      for (const id of queue.pending) {
        ids.push(id);
        lines.push(`${queue.webhookId}\t${id}\n`);
      }
    }
    this.append(lines);
    return { queues: queues.map((queue) => this.journaledOf(queue, 0)), mark: { generation: this.generation, bytes: this.end } };
  }
}
