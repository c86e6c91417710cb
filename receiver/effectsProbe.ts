import { request } from 'undici';
import type { CheckRecorder } from '../harness/records/checkRecorder.ts';
import type { ExchangeExcerpt } from '../harness/records/checkRecords.ts';
import { readCappedBody } from '../harness/targetIO/responseBodyReader.ts';
import { SetupError } from '../harness/records/setupError.ts';
import type { OptionWords } from '../harness/records/optionWords.ts';

// "Processed" is seen only through the receiver's own side effects. The effects
// probe is a tiny contract the integrator exposes (never in production):
//
//   GET <effects URL>?eventId=<id>  →  200 {"count": <n>}
//
// n = how many times the receiver acted on that event (past its signature check
// and its idempotence gate); 0 for an id it never acted on. Expectations are
// collected while the cases run and read once at the end, after a pause in which
// a receiver that processes after answering can finish.

const PROBE_TIMEOUT_MS = 5000;
/** Time a receiver gets to finish processing it does after answering, before counts are read. */
export const EFFECTS_SETTLE_MS = 1000;
const READS_AT_A_TIME = 8;

export type CountRead = { count: number; exchange: ExchangeExcerpt } | { problem: string; exchange: ExchangeExcerpt };

export async function readCount(effectsUrl: string, eventId: string): Promise<CountRead> {
  const url = new URL(effectsUrl);
  url.searchParams.set('eventId', eventId);
  const exchange: ExchangeExcerpt = { request: { method: 'GET', url: url.toString(), headers: {} } };
  const started = performance.now();
  try {
    const answer = await request(url, { method: 'GET', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    const text = (await readCappedBody(answer.body, 64 * 1024)).body.toString('utf8');
    exchange.response = {
      status: answer.statusCode,
      headers: {},
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

/** Before any case: the probe must answer its contract for an id never sent, or the run cannot judge processing. */
export async function assertEffectsProbe(effectsUrl: string, unusedId: string, words: OptionWords | undefined): Promise<void> {
  const probe = `${words?.effects ?? 'effects probe'} ${effectsUrl}`;
  const read = await readCount(effectsUrl, unusedId);
  if ('problem' in read) throw new SetupError(`${probe}: ${read.problem}; it must answer GET ?eventId=ID with 200 {"count": n}`);
  if (read.count !== 0)
    throw new SetupError(
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
}

/** What the cases expect the receiver to have processed, judged together at the end. */
export class EffectsLedger {
  private readonly expected: Expectation[] = [];

  /** noProbe: why a processing requirement SKIPs without a probe (noEffectsProbe, or the caller's own words). */
  constructor(
    private readonly effectsUrl: string | undefined,
    private readonly noProbe: string,
  ) {}

  /** Each of `eventIds` MUST have been processed `times` times; without a probe the requirement SKIPs saying so. */
  expect(check: CheckRecorder, requirementId: string, eventIds: readonly string[], times: 0 | 1, what: string): void {
    if (!this.effectsUrl) {
      check.skip(requirementId, this.noProbe);
      return;
    }
    this.expected.push({ check, requirementId, eventIds, times, what });
  }

  async judge(settleMs = EFFECTS_SETTLE_MS): Promise<void> {
    const effectsUrl = this.effectsUrl;
    if (!effectsUrl || this.expected.length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, settleMs));
    const ids = [...new Set(this.expected.flatMap((expectation) => expectation.eventIds))];
    const reads = new Map<string, CountRead>();
    for (let start = 0; start < ids.length; start += READS_AT_A_TIME) {
      const slice = ids.slice(start, start + READS_AT_A_TIME);
      const answers = await Promise.all(slice.map((id) => readCount(effectsUrl, id)));
      slice.forEach((id, index) => reads.set(id, answers[index] as CountRead));
    }
    for (const expectation of this.expected) judgeExpectation(expectation, reads);
  }
}

function judgeExpectation({ check, requirementId, eventIds, times, what }: Expectation, reads: ReadonlyMap<string, CountRead>): void {
  const read = eventIds.map((id) => [id, reads.get(id) as CountRead] as const);
  const broken = read.find(([, answer]) => 'problem' in answer);
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
  check.expect(requirementId, wrong.length === 0, `${what}: expected ${expected}; ${found}`, { exchanges, details: { counts } });
}
