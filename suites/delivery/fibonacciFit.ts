// Judges measured retry pauses against Fibonacci backoff (API 6.1, 8) without
// assuming where the sequence starts or its unit: 1, 1, 2, 3 … and 1, 2, 3, 5 …
// and 2, 3, 5, 8 … seconds (or minutes) are all Fibonacci backoff. The pauses are
// fitted to unit × F(start + i), capped at the documented hour, and each must sit
// within a relative tolerance plus the timing noise observed during the run.

export interface MeasuredPause {
  /** Position in the retry sequence: 0 is the pause before the first retry. */
  position: number;
  /** In the target's time (emulator seconds on a sped-up clock). */
  seconds: number;
  /** Absolute timing noise for this pause, in the same unit. */
  slackSeconds: number;
}

export interface FibonacciFit {
  /** Index into 1, 1, 2, 3, 5 … of the first pause (0-based). */
  start: number;
  unitSeconds: number;
  expected: number[];
  deviations: string[];
}

export const CAP_SECONDS = 3600;
/** Measured pauses may differ from the fitted sequence by this share, plus the noise. */
export const RELATIVE_TOLERANCE = 0.2;
const STARTS = 12;

function fibonacci(count: number): number[] {
  const numbers = [1, 1];
  while (numbers.length < count) numbers.push(numbers[numbers.length - 1]! + numbers[numbers.length - 2]!);
  return numbers;
}

const fmt = (seconds: number): string => (seconds >= 100 ? `${Math.round(seconds)} s` : `${seconds.toFixed(1)} s`);

function fitFrom(start: number, pauses: readonly MeasuredPause[], sequence: readonly number[]): FibonacciFit & { score: number } {
  // The unit from the pauses clearly below the cap, weighted towards the longest (least noisy) ones.
  const climbing = pauses.filter((pause) => pause.seconds < CAP_SECONDS * 0.9);
  let numerator = 0;
  let denominator = 0;
  for (const pause of climbing) {
    const steps = sequence[start + pause.position]!;
    numerator += pause.seconds * steps;
    denominator += steps * steps;
  }
  const unitSeconds = denominator > 0 ? numerator / denominator : 0;
  const expected: number[] = [];
  const deviations: string[] = [];
  let score = 0;
  for (const pause of pauses) {
    const ideal = Math.min(unitSeconds * sequence[start + pause.position]!, CAP_SECONDS);
    expected.push(ideal);
    const allowed = RELATIVE_TOLERANCE * ideal + pause.slackSeconds;
    const error = Math.abs(pause.seconds - ideal);
    score = Math.max(score, error / allowed);
    if (error > allowed) deviations.push(`pause ${pause.position + 1} was ${fmt(pause.seconds)}, expected ${fmt(ideal)} (±${fmt(allowed)})`);
  }
  return { start, unitSeconds, expected, deviations, score };
}

/** The Fibonacci sequence (any start, any unit, capped at 1 hour) closest to the pauses. */
export function fitFibonacci(pauses: readonly MeasuredPause[]): FibonacciFit {
  const last = Math.max(0, ...pauses.map((pause) => pause.position));
  const sequence = fibonacci(STARTS + last + 2);
  let best: (FibonacciFit & { score: number }) | undefined;
  for (let start = 0; start < STARTS; start += 1) {
    const fit = fitFrom(start, pauses, sequence);
    if (!best || fit.score < best.score) best = fit;
  }
  const { score: _score, ...fit } = best!;
  return fit;
}
