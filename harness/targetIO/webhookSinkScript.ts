// How a sink endpoint answers, one step per incoming request, e.g.
// [{status: 500}, {hang: true}, {status: 200}]: the first request gets a 500, the
// second no answer at all (the sender must time out), every later one the fallback.

export type SinkStep =
  | { status: number; delayMs?: number }
  /** Never answer; the connection is closed when the sender gives up or the endpoint goes away. */
  | { hang: true }
  /** Close the connection without answering, after an optional delay. */
  | { drop: true; delayMs?: number };

export const ANSWER_OK: SinkStep = { status: 200 };

export class SinkScript {
  private next = 0;

  constructor(
    private readonly steps: readonly SinkStep[] = [],
    private readonly fallback: SinkStep = ANSWER_OK,
  ) {}

  take(): SinkStep {
    const step = this.steps[this.next];
    if (step === undefined) return this.fallback;
    this.next += 1;
    return step;
  }
}

export const describeStep = (step: SinkStep): string =>
  'hang' in step
    ? 'no answer'
    : 'drop' in step
      ? 'dropped connection'
      : `HTTP ${step.status}${step.delayMs ? ` after ${step.delayMs} ms` : ''}`;
