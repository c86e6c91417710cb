import { describe, expect, test } from 'vitest';
import { CAP_SECONDS, fitFibonacci, type MeasuredPause } from '../../../suites/delivery/fibonacciFit.ts';

// The backoff judgement accepts every Fibonacci backoff (any start, any unit,
// capped at the hour, with timing noise) and refuses what is not Fibonacci.

/** Pauses measured on a clock sped up 40 times, with `lagMs` of real-time lag on each. */
const pauses = (seconds: readonly number[], lagMs = 0, scale = 40): MeasuredPause[] =>
  seconds.map((value, position) => ({ position, seconds: value + (lagMs / 1000) * scale, scale }));
const NOISE_MS = 20;

/** Deterministic noise of up to ±share of each value. */
const noisy = (values: readonly number[], share: number): number[] =>
  values.map((value, index) => value * (1 + share * Math.sin(index * 7.3)));

describe('accepted: Fibonacci backoff', () => {
  test.each([
    ['1, 1, 2, 3 … seconds', [1, 1, 2, 3, 5, 8, 13, 21, 34]],
    ['1, 2, 3, 5 … seconds', [1, 2, 3, 5, 8, 13, 21, 34]],
    ['2, 3, 5, 8 … seconds', [2, 3, 5, 8, 13, 21, 34, 55]],
    ['1, 1, 2, 3 … minutes', [60, 60, 120, 180, 300, 480, 780, 1260, 2040]],
    ['climbing into the 1-hour cap', [610, 987, 1597, 2584, 3600, 3600, 3600]],
  ])('%s', (_name, values) => {
    expect(fitFibonacci(pauses(values), NOISE_MS).deviations).toEqual([]);
  });

  test('with 15 % noise on every pause', () => {
    expect(fitFibonacci(pauses(noisy([1, 1, 2, 3, 5, 8, 13, 21, 34, 55], 0.15)), NOISE_MS).deviations).toEqual([]);
  });

  test('with a common real-time lag on every pause, on a clock sped up 7200 times', () => {
    const fit = fitFibonacci(pauses([55, 89, 144, 233, 377, 610, 987, 1597, 2584, 3600], 4, 7200), NOISE_MS);
    expect(fit.deviations).toEqual([]);
    expect(fit.lagMs).toBeGreaterThan(2);
  });

  test('with a pause left out (it straddled a change of clock scale)', () => {
    const measured = pauses([1, 1, 2, 3, 5, 8, 13, 21, 34, 55]).filter((pause) => pause.position !== 6);
    expect(fitFibonacci(measured, NOISE_MS).deviations).toEqual([]);
  });
});

describe('refused: not Fibonacci', () => {
  test.each([
    ['doubling', [1, 2, 4, 8, 16, 32, 64, 128]],
    ['constant', [5, 5, 5, 5, 5, 5, 5]],
    ['linear', [1, 2, 3, 4, 5, 6, 7, 8, 9]],
    ['tripling', [1, 3, 9, 27, 81, 243]],
  ])('%s', (_name, values) => {
    expect(fitFibonacci(pauses(values, 10), NOISE_MS).deviations.length).toBeGreaterThan(0);
  });

  test('a climb that passes the hour is not excused by the fit (it expects the cap)', () => {
    const fit = fitFibonacci(pauses([610, 987, 1597, 2584, 4181, 6765], 0, 7200), NOISE_MS);
    const [before, last] = fit.expected.slice(-2);
    expect(before).toBe(last);
    expect(last).toBeLessThan(CAP_SECONDS * 1.05);
    expect(fit.deviations.length).toBeGreaterThan(0);
  });
});

describe('a stall at one pause widens that pause only', () => {
  test('doubling is refused though one pause carries a 700 ms stall', () => {
    const measured = pauses([1, 2, 4, 8, 16, 32, 64, 128]).map((pause) =>
      pause.position === 3 ? { ...pause, seconds: pause.seconds + 28, stallMs: 1050 } : pause,
    );
    expect(fitFibonacci(measured, NOISE_MS).deviations.length).toBeGreaterThan(0);
  });

  test('Fibonacci is accepted with the stalled pause far off', () => {
    const measured = pauses([1, 1, 2, 3, 5, 8, 13, 21, 34]).map((pause) =>
      pause.position === 4 ? { ...pause, seconds: pause.seconds + 28, stallMs: 1050 } : pause,
    );
    expect(fitFibonacci(measured, NOISE_MS).deviations).toEqual([]);
  });
});
