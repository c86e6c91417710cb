// A small deterministic generator (xorshift32) so that a lived-in store is the
// same for the same seed on every machine; crypto randomness cannot be replayed.

/** Same contract as node:crypto randomInt: one argument is [0, max), two are [min, max). */
export type RandomInt = (minOrMax: number, max?: number) => number;

/**
 * Unseeded and no secret: an injected event's amounts and names need neither replay nor secrecy, and
 * Math.random costs a fraction of crypto.randomInt when ten thousand events are made at once.
 */
export const anyRandomInt: RandomInt = (minOrMax, max) =>
  max === undefined ? Math.floor(Math.random() * minOrMax) : minOrMax + Math.floor(Math.random() * (max - minOrMax));

export class SeededRandom {
  private state: number;

  constructor(seed: number) {
    // Spread the seed over 32 bits; xorshift needs a non-zero state.
    this.state = (Math.imul(seed >>> 0, 0x9e3779b1) ^ 0x5bd1e995) >>> 0 || 0x1234567;
  }

  /** A float in [0, 1). */
  fraction(): number {
    let x = this.state;
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    this.state = x;
    return x / 0x1_0000_0000;
  }

  readonly int: RandomInt = (minOrMax, max) => {
    const [low, high] = max === undefined ? [0, minOrMax] : [minOrMax, max];
    return low + Math.floor(this.fraction() * (high - low));
  };

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }

  /** True with the given probability. */
  chance(probability: number): boolean {
    return this.fraction() < probability;
  }
}
