import { request } from 'undici';
import type { CheckRecorder } from '../harness/records/checkRecorder.ts';
import type { ExchangeExcerpt } from '../harness/records/checkRecords.ts';
import { acceptedCodings, readDecodedBody } from '../harness/targetIO/contentCoding.ts';
import { SetupError } from '../harness/records/setupError.ts';
import type { OptionWords } from '../harness/records/optionWords.ts';
import { DeliveryLatency } from '../harness/targetIO/deliveryLatency.ts';
import { pauseAfterRead, timedRead } from '../harness/targetIO/pollCadence.ts';
import { DEFAULT_EFFECTS_PATIENCE_MS } from './receiverConfig.ts';

// "Processed" is seen only through the receiver's own side effects. The effects
// probe is a tiny contract the integrator exposes (never in production):
//
//   GET <effects URL>?eventId=<id>  →  200 {"count": <n>}
//
// n = how many times the receiver acted on that event (past its signature check
// and its idempotence gate); 0 for an id it never acted on. Expectations are
// collected while the cases run and judged at the end, once the counts have
// settled: a receiver may answer at once and process from a queue later (what one
// under the delivery time-out should do), so a count is read again and again until
// none has changed for the quiet time and every event that must be processed shows
// it, bounded by the patience. The quiet time is measured: a count first seen rising
// tells how late this receiver processes, and the quiet time grows to twice the
// latest of those (harness/targetIO/deliveryLatency.ts), so a second processing
// that comes as late as the first is still seen.

const PROBE_TIMEOUT_MS = 5000;
/** How long no count may change before the counts are taken as settled, unless the run saw the receiver process later. */
export const EFFECTS_SETTLE_MS = 1000;
/** Reads of every count start at most this often: a poll waits for the receiver, not for its own sake. */
const READ_INTERVAL_MS = 250;
const READS_AT_A_TIME = 8;

export type CountRead = { count: number; exchange: ExchangeExcerpt } | { problem: string; exchange: ExchangeExcerpt };

export async function readCount(effectsUrl: string, eventId: string): Promise<CountRead> {
  const url = new URL(effectsUrl);
  url.searchParams.set('eventId', eventId);
  const headers = acceptedCodings();
  const exchange: ExchangeExcerpt = { request: { method: 'GET', url: url.toString(), headers } };
  const started = performance.now();
  try {
    const answer = await request(url, { method: 'GET', headers, signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    const decoded = await readDecodedBody(answer, 64 * 1024);
    const text = decoded.problem ?? decoded.body.toString('utf8');
    const coding = answer.headers['content-encoding'];
    exchange.response = {
      status: answer.statusCode,
      headers: typeof coding === 'string' ? { 'content-encoding': coding } : {},
      body: text.slice(0, 500),
      durationMs: Math.round(performance.now() - started),
    };
    let count: unknown;
    try {
      count = (JSON.parse(text) as { count?: unknown }).count;
    } catch {
      count = undefined;
    }
    if (answer.statusCode !== 200 || typeof count !== 'number' || !Number.isInteger(count) || count < 0) {
      return {
        problem: `the effects probe answered ${answer.statusCode} ${JSON.stringify(text.slice(0, 80))}, not 200 {"count": n}`,
        exchange,
      };
    }
    return { count, exchange };
  } catch (error) {
    exchange.error = (error as Error).message;
    return { problem: `the effects probe gave no answer (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`, exchange };
  }
}

/** The effects probe breaks its contract: a setup error, which a run judging a receiver no one named tells apart from the rest. */
export class EffectsProbeBroken extends SetupError {}

/** Before any case: the probe must answer its contract for an id never sent, or the run cannot judge processing. */
export async function assertEffectsProbe(effectsUrl: string, unusedId: string, words: OptionWords | undefined): Promise<void> {
  const probe = `${words?.effects ?? 'effects probe'} ${effectsUrl}`;
  const read = await readCount(effectsUrl, unusedId);
  if ('problem' in read) throw new EffectsProbeBroken(`${probe}: ${read.problem}; it must answer GET ?eventId=ID with 200 {"count": n}`);
  if (read.count !== 0)
    throw new EffectsProbeBroken(
      `${probe}: answered count ${read.count} for event id ${unusedId}, which was never sent; it must count only what the receiver processed`,
    );
}

/** Why a processing requirement SKIPs without an effects probe: the option that gives one, where a command named it. */
export const noEffectsProbe = (words: OptionWords | undefined): string =>
  `no effects probe${words ? ` (${words.effects} URL)` : ''}: what the receiver processed cannot be seen from outside`;

interface Expectation {
  check: CheckRecorder;
  requirementId: string;
  eventIds: readonly string[];
  times: 0 | 1;
  what: string;
  /** When it was expected (performance.now()): its delivery had been answered, so processing could start. */
  sinceMs: number;
}

/** How the counts were read: what a verdict says of the wait behind it. */
interface Settling {
  reads: ReadonlyMap<string, CountRead>;
  quietMs: number;
  waitedMs: number;
  /** Counts changed within the quiet time when the patience ran out. */
  stillChanging: boolean;
  /** Events that must be processed and still showed none when the wait ended. */
  unprocessed: number;
}

const countOf = (read: CountRead | undefined): number | undefined => (read && 'count' in read ? read.count : undefined);

/** What the cases expect the receiver to have processed, judged together at the end. */
export class EffectsLedger {
  private readonly expected: Expectation[] = [];

  /** noProbe: why a processing requirement SKIPs without a probe (noEffectsProbe, or the caller's own words). */
  constructor(
    private readonly effectsUrl: string | undefined,
    private readonly noProbe: string,
    /** The longest the counts are read for, and the option that sets it (as a message names it), where a command named it. */
    private readonly patience: { ms: number; option?: string } = { ms: DEFAULT_EFFECTS_PATIENCE_MS },
  ) {}

  /** Each of `eventIds` MUST have been processed `times` times; without a probe the requirement SKIPs saying so. */
  expect(check: CheckRecorder, requirementId: string, eventIds: readonly string[], times: 0 | 1, what: string): void {
    if (!this.effectsUrl) {
      check.skip(requirementId, this.noProbe);
      return;
    }
    this.expected.push({ check, requirementId, eventIds, times, what, sinceMs: performance.now() });
  }

  /**
   * goneAway: where the receiver may go away taking its probe with it, why it is gone (undefined while it listens), asked
   * only when a count went unanswered: such a count SKIPs with that reason instead of being UNTESTABLE.
   */
  async judge(goneAway?: () => Promise<string | undefined>): Promise<void> {
    const effectsUrl = this.effectsUrl;
    if (!effectsUrl || this.expected.length === 0) return;
    const settling = await this.settle(effectsUrl);
    const unanswered = [...settling.reads.values()].some((read) => 'problem' in read);
    const gone = unanswered ? await goneAway?.() : undefined;
    const patience = `the patience of ${seconds(this.patience.ms)}${this.patience.option ? ` (${this.patience.option})` : ''}`;
    const how = [
      `counts read for ${seconds(settling.waitedMs)}, until none had changed for ${seconds(settling.quietMs)}`,
      ...(settling.stillChanging ? [`still changing when ${patience} ran out`] : []),
      ...(settling.unprocessed > 0 ? [`${settling.unprocessed} event(s) still unprocessed after ${patience}`] : []),
    ].join('; ');
    for (const expectation of this.expected) judgeExpectation(expectation, settling.reads, how, gone);
  }

  /** Every count read again, at most every READ_INTERVAL_MS, until they have settled or the patience is spent. */
  private async settle(effectsUrl: string): Promise<Settling> {
    const ids = [...new Set(this.expected.flatMap((expectation) => expectation.eventIds))];
    // Since when each event that must be processed could have been: the earliest expectation naming it.
    const mustProcess = new Map<string, number>();
    for (const { eventIds, times, sinceMs } of this.expected)
      if (times === 1) for (const id of eventIds) mustProcess.set(id, Math.min(sinceMs, mustProcess.get(id) ?? sinceMs));
    const lateness = new DeliveryLatency();
    const started = performance.now();
    let lastChange = started;
    let { value: reads, readMs } = await timedRead(() => readCounts(effectsUrl, ids));
    for (;;) {
      const now = performance.now();
      const quietMs = lateness.quietMs(EFFECTS_SETTLE_MS);
      // An event that must be processed and shows none yet is waited for, up to the patience from when it could have been.
      const awaited = [...mustProcess].some(([id, since]) => countOf(reads.get(id)) === 0 && now < since + this.patience.ms);
      const stillChanging = now - lastChange < quietMs;
      if ((!stillChanging && !awaited) || now - started >= this.patience.ms) {
        const unprocessed = [...mustProcess.keys()].filter((id) => countOf(reads.get(id)) === 0).length;
        return { reads, quietMs, waitedMs: now - started, stillChanging, unprocessed };
      }
      await new Promise((resolve) => setTimeout(resolve, pauseAfterRead(READ_INTERVAL_MS, readMs)));
      const next = await timedRead(() => readCounts(effectsUrl, ids));
      const at = performance.now();
      for (const id of ids) {
        const before = countOf(reads.get(id));
        const after = countOf(next.value.get(id));
        if (before === after) continue;
        lastChange = at;
        // First seen processed: how late after its delivery this receiver processes.
        const since = mustProcess.get(id);
        if (since !== undefined && before === 0 && after !== undefined && after > 0) lateness.note(at - since);
      }
      ({ value: reads, readMs } = next);
    }
  }
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

async function readCounts(effectsUrl: string, ids: readonly string[]): Promise<Map<string, CountRead>> {
  const reads = new Map<string, CountRead>();
  for (let start = 0; start < ids.length; start += READS_AT_A_TIME) {
    const slice = ids.slice(start, start + READS_AT_A_TIME);
    const answers = await Promise.all(slice.map((id) => readCount(effectsUrl, id)));
    slice.forEach((id, index) => reads.set(id, answers[index] as CountRead));
  }
  return reads;
}

/** gone: why the receiver is gone, where it went away: an unanswered count then says nothing of it. */
function judgeExpectation(
  { check, requirementId, eventIds, times, what }: Expectation,
  reads: ReadonlyMap<string, CountRead>,
  how: string,
  gone: string | undefined,
): void {
  const read = eventIds.map((id) => [id, reads.get(id) as CountRead] as const);
  const broken = read.find(([, answer]) => 'problem' in answer);
  if (broken && gone) {
    check.skip(requirementId, `${what}: ${gone}`);
    return;
  }
  if (broken) {
    check.untestable(requirementId, `${what}: ${(broken[1] as { problem: string }).problem}`, { exchanges: [broken[1].exchange] });
    return;
  }
  const counts = read.map(([id, answer]) => ({ id, count: (answer as { count: number }).count }));
  const wrong = counts.filter((entry) => entry.count !== times);
  const shown = (wrong.length > 0 ? wrong : counts).slice(0, 5);
  const exchanges = shown.map(({ id }) => (reads.get(id) as CountRead).exchange);
  const expected = times === 0 ? 'not processed (a count of 0)' : 'processed exactly once (a count of 1)';
  const found =
    wrong.length === 0
      ? `the effects probe counts ${times} for ${eventIds.length === 1 ? `event ${eventIds[0]}` : `each of its ${eventIds.length} events`}`
      : `the effects probe counts ${wrong
          .slice(0, 5)
          .map((entry) => `${entry.count} for event ${entry.id}`)
          .join(', ')}${wrong.length > 5 ? ` and ${wrong.length - 5} more wrong` : ''}`;
  check.expect(requirementId, wrong.length === 0, `${what}: expected ${expected}; ${found} (${how})`, { exchanges, details: { counts } });
}
