// The run's seed, drawn here for every subject when none is given (`run --seed N` gives one): the target's
// generated data derives from it, and results.json records it so that the run can be replayed.

/** The seed given, or a new one (an integer from 0 below 2^31, as results.json's schema holds it). */
export const runSeed = (given?: number): number => given ?? Math.floor(Math.random() * 2 ** 31);
