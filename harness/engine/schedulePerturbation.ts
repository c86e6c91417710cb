import { setTimeout as sleep } from 'node:timers/promises';
import type { Pace } from '../targetIO/apiClient.ts';

// Schedule fuzzing (`run --schedule-seed N`): the same scenarios, started in
// another order and slowed by small pauses at each call to the target, so that
// scenarios that may run together interleave differently. Everything comes from
// the schedule seed (and the scenario id), so a seed replays the same start order
// and the same pauses; how the target's answers interleave with them is as close
// as its timing allows.

/** Pauses are at most this long: enough to reorder calls, short next to any wait a check makes. */
export const MAX_PAUSE_MS = 12;
/** How often a call is paused at all. */
const PAUSE_CHANCE = 0.5;

/** mulberry32: a small, well-spread generator; one per purpose, so one use does not shift another's numbers. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** FNV-1a of the text mixed into the seed: a stream of its own per scenario. */
export function mixSeed(seed: number, text: string): number {
  let hash = 0x811c9dc5 ^ seed;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  return hash >>> 0;
}

/** Fisher–Yates with the seed's generator: the start order the schedule seed gives. */
export function shuffled<T>(items: readonly T[], seed: number): T[] {
  const random = seededRandom(mixSeed(seed, 'start order'));
  const order = [...items];
  for (let index = order.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [order[index], order[other]] = [order[other]!, order[index]!];
  }
  return order;
}

export function scenarioPace(scheduleSeed: number, scenarioId: string): Pace {
  const random = seededRandom(mixSeed(scheduleSeed, scenarioId));
  return async () => {
    if (random() >= PAUSE_CHANCE) return;
    await sleep(Math.round(random() * MAX_PAUSE_MS));
  };
}
