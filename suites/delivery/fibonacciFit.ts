// Judges measured retry pauses against Fibonacci backoff (API 6.1, 8) without
// assuming where the sequence starts or its unit: 1, 1, 2, 3 … and 1, 2, 3, 5 …
// and 2, 3, 5, 8 … seconds (or minutes) are all Fibonacci backoff.
//
// A pause is measured on this side of the network in real time and converted to
// the target's time by the clock scale in force, so every measured pause carries
// a small real-time lag (the answer travelling back, the target scheduling the
// retry, this process noticing it): on a clock sped up 7200 times, 3 ms of lag
// is 22 s of target time. The fit therefore has three parts: where the sequence
// starts, its unit, and one common lag no larger than the noise observed during
// the run. Each pause must then sit within a relative tolerance plus that noise.

export interface MeasuredPause {
  /** Position in the retry sequence: 0 is the pause before the first retry. */
  position: number;
  /** In the target's time (emulator seconds on a sped-up clock). */
  seconds: number;
  /** Target seconds per real second while this pause was measured. */
  scale: number;
  /** Real-time noise this pause is allowed beyond the common floor (a stall of this process at either end). */
  stallMs?: number;
}

export interface FibonacciFit {
  /** Index into 1, 1, 2, 3, 5 … of the first pause (0-based). */
  start: number;
  unitSeconds: number;
  /** The common real-time lag the fit took off every pause. */
  lagMs: number;
  /** What each pause should have measured, in target seconds (lag included). */
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

/** Least squares of real = unit × x + lag over the climbing pauses, the lag held to [0, maxLag]. */
function unitAndLag(points: ReadonlyArray<{ x: number; real: number }>, maxLagS: number): { unit: number; lag: number } {
  const unitAt = (lag: number) => {
    const denominator = points.reduce((sum, p) => sum + p.x * p.x, 0);
    return denominator > 0 ? points.reduce((sum, p) => sum + p.x * (p.real - lag), 0) / denominator : 0;
  };
  const n = points.length;
  const sx = points.reduce((sum, p) => sum + p.x, 0);
  const sy = points.reduce((sum, p) => sum + p.real, 0);
  const sxx = points.reduce((sum, p) => sum + p.x * p.x, 0);
  const sxy = points.reduce((sum, p) => sum + p.x * p.real, 0);
  const determinant = n * sxx - sx * sx;
  const free = determinant > 0 ? (sxx * sy - sx * sxy) / determinant : 0;
  const lag = Math.min(Math.max(free, 0), maxLagS);
  return { unit: unitAt(lag), lag };
}

function fitFrom(
  start: number,
  pauses: readonly MeasuredPause[],
  sequence: readonly number[],
  noiseMs: number,
): FibonacciFit & { score: number } {
  const noiseS = noiseMs / 1000;
  const below = pauses.filter((pause) => pause.seconds < CAP_SECONDS * 0.9);
  // A pause a stall of this process lengthened says little of the unit: fit on the clean ones where three remain.
  const clean = below.filter((pause) => !pause.stallMs);
  const climbing = (clean.length >= 3 ? clean : below).map((pause) => ({
    x: sequence[start + pause.position]! / pause.scale,
    real: pause.seconds / pause.scale,
  }));
  const { unit, lag } = unitAndLag(climbing, noiseS);
  const expected: number[] = [];
  const deviations: string[] = [];
  let score = 0;
  for (const pause of pauses) {
    const ideal = Math.min(unit * sequence[start + pause.position]!, CAP_SECONDS);
    const measuredIdeal = ideal + lag * pause.scale;
    expected.push(measuredIdeal);
    const allowed = RELATIVE_TOLERANCE * ideal + (noiseS + (pause.stallMs ?? 0) / 1000) * pause.scale;
    const error = Math.abs(pause.seconds - measuredIdeal);
    score = Math.max(score, error / allowed);
    if (error > allowed)
      deviations.push(`pause ${pause.position + 1} was ${fmt(pause.seconds)}, expected ${fmt(measuredIdeal)} (±${fmt(allowed)})`);
  }
  return { start, unitSeconds: unit, lagMs: lag * 1000, expected, deviations, score };
}

/**
 * The Fibonacci sequence (any start, any unit, capped at 1 hour, with a common
 * lag of at most `noiseMs`) closest to the pauses; `noiseMs`, plus the pause's
 * own `stallMs`, is also the absolute real-time tolerance of each pause.
 */
export function fitFibonacci(pauses: readonly MeasuredPause[], noiseMs: number): FibonacciFit {
  const last = Math.max(0, ...pauses.map((pause) => pause.position));
  const sequence = fibonacci(STARTS + last + 2);
  let best: (FibonacciFit & { score: number }) | undefined;
  for (let start = 0; start < STARTS; start += 1) {
    const fit = fitFrom(start, pauses, sequence, noiseMs);
    if (!best || fit.score < best.score) best = fit;
  }
  const { score: _score, ...fit } = best!;
  return fit;
}
