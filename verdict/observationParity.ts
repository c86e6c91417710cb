import { AT_LEAST_ONCE_BATCH_SIZE } from '../contract/facts/webhookDelivery.ts';

// Whether two runs observed the same where the documents leave the choice open. Values are
// compared in a form without what names one instance (ids, the numbers in names and stamps),
// so two runs against the same target read the same; a measured time is the same within a
// tolerance. What the timing of a run decides (how a burst queued into batches, where a stamp
// fell) differs between two runs of one target: it is compared by what the documents bound,
// and agreeing there it "varies by timing". `compare --observed` tables it
// (report/parityTable.ts); `run --compare` reports only a 'different' observation.

export type Parity = 'same' | 'varies by timing' | 'different' | 'not compared';

/**
 * OBSERVE requirements whose values are measured times: equal within a relative tolerance, or
 * within an absolute one in the value's own unit. The absolute part is what one stall of the
 * judging machine or one network hiccup adds to a single measurement (stalls of 700 ms were
 * seen on a loaded CI machine): a 400 ms time-out read as 402 ms once and 560 ms once is the
 * same time-out, not a difference between targets.
 */
const MEASURED_TOLERANCE: Readonly<Record<string, { relative: number; absolute: number }>> = {
  // Milliseconds.
  'DL-DELIVERY-TIMEOUT': { relative: 0.25, absolute: 1000 },
  // Seconds of the target's clock.
  'DL-BACKOFF-UNIT': { relative: 0.25, absolute: 0 },
};

const INSTANCE_MEMBERS = new Set(['id', 'ids']);

/** One burst's batch sizes as 6.1 bounds them: at most 64 events a batch; the sizes themselves follow how events queued. */
function batchSizesBound(value: unknown): unknown {
  if (!Array.isArray(value) || value.length === 0 || !value.every((size) => Number.isInteger(size))) return comparableForm(value);
  if (value.length === 1 && value[0] === 1) return 'a single event, alone';
  const outside = (value as number[]).filter((size) => size < 1 || size > AT_LEAST_ONCE_BATCH_SIZE);
  return outside.length === 0
    ? `batches of 1 to ${AT_LEAST_ONCE_BATCH_SIZE} events`
    : { outsideTheBound: [...new Set(outside)].sort((x, y) => x - y) };
}

/**
 * OBSERVE requirements whose values the timing of a run decides, each with the form
 * two runs are compared in when their values differ: what the documents bound.
 */
const TIMING_BOUNDED: Readonly<Record<string, (values: readonly unknown[]) => unknown>> = {
  'DL-BATCH-SIZES': (values) => [...new Set(values.map((value) => JSON.stringify(batchSizesBound(value))))].sort(),
  // A millisecond stamp falls on .000 one time in a thousand: one stamp that does not shows millisecond precision.
  'GN-TIMESTAMP-PRECISION': (values) => (values.includes('milliseconds') ? ['milliseconds'] : comparableSet(values)),
  // How long a receiver takes to answer is its machine's moment; the documents bound it by a time-out they do not show.
  'RC-ANSWER-TIME': (values) => comparableSet(values.map((value) => (typeof value === 'number' ? 'answered' : value))),
};

/** The value without what names one instance: id members, and the digits in text (ids in names, stamps). */
export function comparableForm(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(comparableForm);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([member, inner]) => [member, INSTANCE_MEMBERS.has(member) ? '<id>' : comparableForm(inner)]),
    );
  return typeof value === 'string' ? value.replace(/\d+/g, '#') : value;
}

const comparableSet = (values: readonly unknown[]): string[] =>
  [...new Set(values.map((value) => JSON.stringify(comparableForm(value))))].sort();

function withinTolerance(a: readonly unknown[], b: readonly unknown[], tolerance: { relative: number; absolute: number }): boolean {
  if (a.length !== b.length || ![...a, ...b].every((value) => typeof value === 'number')) return false;
  const byValue = (x: number, y: number) => x - y;
  const [left, right] = [[...(a as number[])].sort(byValue), [...(b as number[])].sort(byValue)];
  return left.every((value, index) => {
    const other = right[index]!;
    return Math.abs(value - other) <= Math.max(tolerance.absolute, tolerance.relative * Math.max(Math.abs(value), Math.abs(other)));
  });
}

export function parityOf(id: string, a: readonly unknown[], b: readonly unknown[]): Parity {
  if (a.length === 0 || b.length === 0) return 'not compared';
  const tolerance = MEASURED_TOLERANCE[id];
  if (tolerance !== undefined && withinTolerance(a, b, tolerance)) return 'same';
  if (JSON.stringify(comparableSet(a)) === JSON.stringify(comparableSet(b))) return 'same';
  const bounded = TIMING_BOUNDED[id];
  return bounded && JSON.stringify(bounded(a)) === JSON.stringify(bounded(b)) ? 'varies by timing' : 'different';
}
