import { type Outcome, worstOutcome } from '../harness/records/checkRecords.ts';
import { counted } from '../harness/records/counted.ts';
import type { EngineListener } from '../harness/engine/engineEvents.ts';
import type { TerminalStyle } from './terminalStyle.ts';

// How a run shows its progress. Off a TTY (logs, CI, pipes): one line per finished
// item (a run's scenario, a receiver's case, a client's item), as it has always been. On a TTY: one live line, redrawn in place, with
// a bar, the area being run, the outcome counts so far and the elapsed time; any
// other line printed meanwhile goes above it.

export interface ProgressDisplay {
  /** Redrawn in place (the live line): any other line printed meanwhile must go through `line`, or the two garble. */
  readonly inPlace?: true;
  /** The first item of a group (a run's area) started. */
  areaStarted(area: string): void;
  itemFinished(area: string, itemId: string, outcome: Outcome, checks: number): void;
  /** A line that is not progress (a --verbose note). */
  line(text: string): void;
  /** Removes the live line before the summary. */
  finish(): void;
}

export function itemLines(total: number, write: (text: string) => void, style: TerminalStyle): ProgressDisplay {
  let finished = 0;
  const width = String(total).length;
  return {
    areaStarted() {},
    itemFinished(_area, itemId, outcome, checks) {
      finished += 1;
      write(
        `[${String(finished).padStart(width)}/${total}] ${style.outcome(outcome, outcome.padEnd(10))} ${itemId} (${counted(checks, 'check')})`,
      );
    },
    line: write,
    finish() {},
  };
}

/** The display as a face of the engine: each item as its report is final; its notes with --verbose. */
export function progressListener(display: ProgressDisplay, verbose: boolean): EngineListener {
  const started = new Set<string>();
  return (event) => {
    if (event.type === 'item-started' && !started.has(event.group)) {
      started.add(event.group);
      display.areaStarted(event.group);
    }
    if (event.type === 'item-note' && verbose) display.line(`    ${event.itemId}: ${event.text.trimEnd()}`);
    if (event.type === 'item-final') {
      const { group, itemId, records } = event.report;
      display.itemFinished(group, itemId, worstOutcome(records.map((record) => record.outcome)) ?? 'SKIP', records.length);
    }
  };
}

const BAR = 24;
const ORDER: readonly Outcome[] = ['PASS', 'FAIL', 'WARN', 'UNTESTABLE', 'OBSERVED', 'SKIP'];

const elapsed = (ms: number) => {
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

/** Quiet runs show nothing; a TTY gets the live line; anything else one line per item. */
export function progressDisplayFor(
  total: number,
  options: { quiet: boolean; style: TerminalStyle },
  write: (text: string) => void,
): ProgressDisplay {
  if (options.quiet) return itemLines(total, () => {}, options.style);
  return process.stdout.isTTY ? liveLine(total, process.stdout, options.style) : itemLines(total, write, options.style);
}

export interface LiveStream {
  write(text: string): unknown;
  columns?: number;
}

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;
const COLOUR = new RegExp(`${'\u001b'}\\[[0-9;]*m`, 'g');

/**
 * The live line within the terminal's width: a line that wrapped would leave its first rows behind at
 * each redraw. Its colour codes take no column, so only what shows is counted.
 */
function fitted(text: string, columns: number | undefined): string {
  const shown = text.replace(COLOUR, '');
  // A pseudo-terminal given no size reports 0 columns: nothing to fit to.
  if (!columns || shown.length < columns) return text;
  // Cut at its end: the bar, the position and the area come first.
  return `${shown.slice(0, Math.max(columns - 2, 0))}…`;
}

export function liveLine(total: number, stream: LiveStream, style: TerminalStyle, now: () => number = Date.now): ProgressDisplay {
  const started = now();
  const counts = new Map<Outcome, number>();
  let finished = 0;
  let area = '';
  let drawn = false;
  let stopped = false;
  const render = () => {
    if (stopped) return;
    const filled = total === 0 ? BAR : Math.round((finished / total) * BAR);
    const tally = ORDER.filter((outcome) => counts.get(outcome))
      .map((outcome) => style.outcome(outcome, `${counts.get(outcome)} ${outcome}`))
      .join(' ');
    const text = `[${'#'.repeat(filled)}${'.'.repeat(BAR - filled)}] ${finished}/${total} ${area}${tally ? `  ${tally}` : ''}  ${elapsed(now() - started)}`;
    stream.write(`\r\u001b[2K${fitted(text, stream.columns)}`);
    drawn = true;
  };
  const clear = () => {
    if (drawn) stream.write('\r\u001b[2K');
    drawn = false;
  };
  // The clock keeps moving while a long scenario runs; unref'd so it never holds the process.
  const timer = setInterval(render, 1000);
  timer.unref();
  // Ctrl-C: the bar stays as it was and what the run says while it undoes its work starts on a line
  // of its own. Only beside a handler already there (the run's ledger): a listener of ours alone
  // would take the signal's default, ending the process, away.
  const interrupted = () => {
    stopped = true;
    clearInterval(timer);
    if (drawn) stream.write('\n');
    drawn = false;
  };
  const heard = SIGNALS.filter((signal) => process.listenerCount(signal) > 0);
  for (const signal of heard) process.prependListener(signal, interrupted);
  return {
    inPlace: true,
    areaStarted(startedArea) {
      area = startedArea;
      render();
    },
    itemFinished(itemArea, _itemId, outcome) {
      finished += 1;
      area = itemArea;
      counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
      render();
    },
    line(text) {
      clear();
      stream.write(`${text}\n`);
      render();
    },
    finish() {
      clearInterval(timer);
      for (const signal of heard) process.off(signal, interrupted);
      clear();
    },
  };
}
