import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { EngineEvent } from '../../harness/engine/engineEvents.ts';
import type { Face } from './face.ts';

// The engine's events as NDJSON, one JSON object a line as each is told (`--events FILE`, or
// `-` for standard output), each valid against schemas/harness/engine-events.schema.json: the
// form Schemathesis emits and CI log tools read. Redacted as every report is. An item's
// exchanges stay in HAR, and run-finished counts the reports its item-final lines told (`items`).

const STDOUT = 1;
const PAUSE = new Int32Array(new SharedArrayBuffer(4));

/**
 * Every byte of `text`, however full the pipe: standard output may be a non-blocking pipe, where a
 * line larger than what its reader has taken so far (a receiver case's batches) is written in parts.
 */
function writeAll(fd: number, text: string): void {
  let rest = Buffer.from(text);
  while (rest.length > 0) {
    try {
      rest = rest.subarray(writeSync(fd, rest));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
      Atomics.wait(PAUSE, 0, 0, 1);
    }
  }
}

export function eventLine(event: EngineEvent, at: Date): object {
  const stamp = { at: at.toISOString() };
  if (event.type === 'item-final') {
    const { exchanges: _exchanges, ...report } = event.report;
    return { type: event.type, ...stamp, report };
  }
  if (event.type === 'run-finished') return { type: event.type, ...stamp, items: event.reports.length, suiteErrors: event.suiteErrors };
  return { ...event, ...stamp };
}

export const eventsFace: Face = {
  name: 'events',
  open(settings) {
    const target = settings.events;
    if (target === undefined) return undefined;
    if (target !== '-') mkdirSync(dirname(target), { recursive: true });
    // Written synchronously, line by line: a reader sees each event as it happens, and a killed run keeps what it told.
    const fd = target === '-' ? STDOUT : openSync(target, 'w');
    return {
      listen(event) {
        writeAll(fd, `${settings.redactor.text(JSON.stringify(eventLine(event, new Date())))}\n`);
      },
      finish() {
        if (fd === STDOUT) return {};
        closeSync(fd);
        return { lines: [`Events: ${target}`] };
      },
    };
  },
};
