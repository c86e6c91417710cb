import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { EventStore } from '../events/eventStore.ts';
import { TEMPORARY_SUFFIX, writeFileAtomically } from './atomicFile.ts';
import type { SavedQueue } from '../delivery/deliveryEngine.ts';
import { DELIVERY_LOG_PART, DELIVERY_QUEUES_PART } from '../events/webhookServices.ts';
import { EventLog } from './eventLog.ts';
import { QueueJournal } from './queueJournal.ts';
import type { Durable, LiveStore } from './liveStore.ts';
import { decodeState, encodeState } from './stateCodec.ts';
import { readSavedStore, type SavedStore, StateRefused } from './stateFormat.ts';
import { type LockHolder, lockStateDirectory, type StateLock } from './stateLock.ts';

// `--state DIR`: the store kept on disk. Every write request is committed before
// its answer is sent (persistence/persistence.ts): new events are appended to
// events.log and flushed, then state.json, which names how much of the log it
// covers, is replaced atomically. A kill -9 at any moment leaves the previous
// state.json or the new one, and a log at least as long as it says; opening
// cuts off the rest. So what was answered survives, and at most the operations
// whose answers were not sent yet are lost.

export const STATE_FILE = 'state.json';
export const EVENT_LOG = 'events.log';
/** The delivery log (bounded, but up to 200 request bodies): rewritten only when it changed, not with every state.json. */
export const DELIVERY_LOG_FILE = 'deliveries.json';
/** What state.json holds in place of a part kept in a file of its own. */
const KEPT_IN = '$keptIn';

/** A part state.json names the file of; a file that is gone or torn refuses the state whole. */
function readKeptPart(file: string): unknown {
  try {
    return decodeState(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new StateRefused(`${file} cannot be read (${(error as Error).message}); nothing was read`);
  }
}

export class StateDirectory implements Durable {
  /** The delivery log's text as last written to DELIVERY_LOG_FILE. */
  private deliveryLogWritten: string | undefined;

  private constructor(
    readonly directory: string,
    private readonly store: LiveStore,
    private readonly log: EventLog,
    private readonly events: EventStore,
    /** How many of the store's events the log holds. */
    private logged: number,
    private readonly lock: StateLock,
    private readonly journal: QueueJournal,
  ) {}

  /**
   * Opens DIR: with a state.json, the store is replaced by the saved one (`loaded`); without one, DIR
   * starts empty and the store as it is now is written to it. A state it cannot read is refused (StateRefused).
   */
  static open(directory: string, store: LiveStore): { directory: StateDirectory; loaded: boolean; takenOver?: LockHolder } {
    mkdirSync(directory, { recursive: true });
    const lock = lockStateDirectory(directory);
    const taken = lock.takenOver ? { takenOver: lock.takenOver } : {};
    try {
      return { ...StateDirectory.openLocked(directory, store, lock), ...taken };
    } catch (error) {
      lock.release();
      throw error;
    }
  }

  private static openLocked(directory: string, store: LiveStore, lock: StateLock): { directory: StateDirectory; loaded: boolean } {
    rmSync(join(directory, `${STATE_FILE}${TEMPORARY_SUFFIX}`), { force: true });
    const stateFile = join(directory, STATE_FILE);
    const logFile = join(directory, EVENT_LOG);
    if (!existsSync(stateFile)) {
      const { journal } = QueueJournal.open(directory, undefined, []);
      const opened = new StateDirectory(directory, store, EventLog.create(logFile), store.events, 0, lock, journal);
      store.keepOn(opened);
      opened.commit();
      return { directory: opened, loaded: false };
    }
    const saved = readSavedStore(readFileSync(stateFile, 'utf8'), stateFile);
    const savedQueues = saved.parts[DELIVERY_QUEUES_PART];
    const { journal, queues } = QueueJournal.open(directory, saved.queues, Array.isArray(savedQueues) ? savedQueues : []);
    if (Array.isArray(savedQueues)) saved.parts[DELIVERY_QUEUES_PART] = queues;
    const keptIn = (saved.parts[DELIVERY_LOG_PART] as Record<string, unknown> | undefined)?.[KEPT_IN];
    if (typeof keptIn === 'string') saved.parts[DELIVERY_LOG_PART] = readKeptPart(join(directory, keptIn));
    const { log, records } = EventLog.open(logFile, saved.events.count, saved.events.bytes);
    store.events.truncate(0);
    store.events.importRecords(records);
    store.restore(saved, stateFile);
    const opened = new StateDirectory(directory, store, log, store.events, records.length, lock, journal);
    store.keepOn(opened);
    return { directory: opened, loaded: true };
  }

  commit(): number {
    const held = this.events.size();
    if (held > this.logged) {
      this.log.append(this.events.exportRecords(this.logged, held));
      this.logged = held;
    }
    this.write(this.store.captureWithLog(this.log.bytes));
    return this.log.bytes;
  }

  /** state.json first, then the log: until the cut, the log is only longer than state.json says, which opening tolerates. */
  rewind(saved: SavedStore): void {
    this.logged = saved.events.count;
    this.write(this.store.captureWithLog(saved.events.bytes));
    this.log.truncate(saved.events.bytes);
  }

  close(): void {
    this.log.close();
    this.journal.close();
    this.lock.release();
  }

  /** The delivery queues' waiting ids go to their journal, state.json names how many of them wait. */
  private write(saved: SavedStore): void {
    const queues = saved.parts[DELIVERY_QUEUES_PART];
    const recorded = Array.isArray(queues) ? this.journal.record(queues as SavedQueue[]) : undefined;
    const parts = { ...saved.parts, ...(recorded ? { [DELIVERY_QUEUES_PART]: recorded.queues } : {}) };
    if (DELIVERY_LOG_PART in parts) {
      const text = encodeState(parts[DELIVERY_LOG_PART]);
      if (text !== this.deliveryLogWritten) writeFileAtomically(join(this.directory, DELIVERY_LOG_FILE), text);
      this.deliveryLogWritten = text;
      parts[DELIVERY_LOG_PART] = { [KEPT_IN]: DELIVERY_LOG_FILE };
    }
    const onDisk = { ...saved, parts, ...(recorded ? { queues: recorded.mark } : {}) };
    writeFileAtomically(join(this.directory, STATE_FILE), encodeState(onDisk));
    this.journal.settled();
  }
}
