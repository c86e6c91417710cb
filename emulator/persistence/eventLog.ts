import { closeSync, constants, fdatasyncSync, fstatSync, ftruncateSync, openSync, readSync, writeSync } from 'node:fs';
import type { EventRecord } from '../events/eventStore.ts';
import { decodeEventLine, encodeEventLine } from './eventLine.ts';
import { StateRefused } from './stateFormat.ts';

// The event store on disk: one line per event (persistence/eventLine.ts), appended, never rewritten.
// A million events would make a full save per write far too slow; appending only
// the new ones keeps a write's cost to what it adds. The saved store names how
// many bytes of the log it covers: what lies beyond (an append whose save never
// followed, a torn last line after a kill -9) is not part of the state and is
// cut off when the log is opened.

const READ_CHUNK = 16 * 1024 * 1024;
const APPEND_SLICE = 10_000;
const NEWLINE = 0x0a;

export class EventLog {
  private readonly fd: number;

  private constructor(
    readonly path: string,
    /** Where the next append goes: the end of what the saved store covers. */
    private end: number,
  ) {
    // Not O_APPEND: a write goes where the saved store ends, over anything a crash left beyond it.
    this.fd = openSync(path, constants.O_RDWR | constants.O_CREAT, 0o600);
  }

  /** An empty log (a fresh state directory). */
  static create(path: string): EventLog {
    const log = new EventLog(path, 0);
    ftruncateSync(log.fd, 0);
    return log;
  }

  /** Opens the log a saved store covers; reads its first `count` events, which end at byte `bytes`. */
  static open(path: string, count: number, bytes: number): { log: EventLog; records: EventRecord[] } {
    const log = new EventLog(path, bytes);
    const size = fstatSync(log.fd).size;
    if (size < bytes)
      throw new StateRefused(`${path} holds ${size} bytes, fewer than the ${bytes} the saved state covers; nothing was read`);
    const records = readRecords(log.fd, bytes, path);
    if (records.length !== count)
      throw new StateRefused(`${path} holds ${records.length} events where the saved state counts ${count}; nothing was read`);
    ftruncateSync(log.fd, bytes);
    return { log, records };
  }

  /** Where the log ends. */
  get bytes(): number {
    return this.end;
  }

  /** Appends the events and flushes them to disk; answers where the log ends now. */
  append(records: readonly EventRecord[]): number {
    if (records.length === 0) return this.end;
    // In slices: a million events at once would be more text than one string may hold.
    for (let from = 0; from < records.length; from += APPEND_SLICE) {
      const text = Buffer.from(
        records
          .slice(from, from + APPEND_SLICE)
          .map(encodeEventLine)
          .join(''),
        'utf8',
      );
      for (let written = 0; written < text.length;) written += writeSync(this.fd, text, written, text.length - written, this.end + written);
      this.end += text.length;
    }
    fdatasyncSync(this.fd);
    return this.end;
  }

  /** Cuts the log back to `bytes` (a snapshot's restore), once the saved store no longer reaches past them. */
  truncate(bytes: number): void {
    ftruncateSync(this.fd, bytes);
    this.end = bytes;
  }

  close(): void {
    closeSync(this.fd);
  }
}

/** The events of the log's first `bytes` bytes, read a chunk at a time: a million events are more text than one string may hold. */
function readRecords(fd: number, bytes: number, path: string): EventRecord[] {
  const records: EventRecord[] = [];
  const chunk = Buffer.alloc(Math.min(READ_CHUNK, Math.max(bytes, 1)));
  let carried = Buffer.alloc(0);
  for (let at = 0; at < bytes;) {
    const read = readSync(fd, chunk, 0, Math.min(chunk.length, bytes - at), at);
    if (read === 0) break;
    at += read;
    const text = carried.length === 0 ? chunk.subarray(0, read) : Buffer.concat([carried, chunk.subarray(0, read)]);
    let start = 0;
    for (let end = text.indexOf(NEWLINE); end >= 0; end = text.indexOf(NEWLINE, start)) {
      const record = decodeEventLine(text, start, end);
      if (!record) throw new StateRefused(`${path}: line ${records.length + 1} is not an event record; nothing was read`);
      records.push(record);
      start = end + 1;
    }
    carried = Buffer.from(text.subarray(start));
  }
  if (carried.length > 0) throw new StateRefused(`${path} ends inside an event record the saved state covers; nothing was read`);
  return records;
}
