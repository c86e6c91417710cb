import type { SeededFault } from './seededFault.ts';
import type { ToleratedVariation } from './toleratedVariations.ts';

// Deviations at the edges (issue 21): an area names the points where an implementation
// could go wrong, or may differ, as one typed behaviour object (values and small
// functions), and its domain asks only that object. A seeded fault or a tolerated
// variation is a wrapper that returns the behaviour with its one deviation; the emulator
// folds the active ones in once, at start-up, so the domain carries no fault or
// variation names and a clean emulator runs no deviation's branch.

/** Any deviation that wraps an area's behaviour. */
export interface EdgeDeviation<Behaviour> {
  readonly name: string;
  /** The behaviour with this deviation in it; everything else passes through. */
  readonly wrap: (behaviour: Behaviour) => Behaviour;
}

/** A seeded fault that deviates by wrapping its area's behaviour. */
export interface EdgeFault<Behaviour> extends SeededFault {
  readonly wrap: EdgeDeviation<Behaviour>['wrap'];
}

/** A tolerated variation (declared in toleratedVariations.ts) as one area applies it. */
export interface EdgeVariation<Behaviour> extends EdgeDeviation<Behaviour> {
  readonly name: ToleratedVariation;
}

/** The area's correct behaviour with every active deviation of the list folded in, in list order. */
export function behaviourWith<Behaviour>(
  correct: Behaviour,
  deviations: readonly EdgeDeviation<Behaviour>[],
  active: ReadonlySet<string>,
): Behaviour {
  return deviations.reduce((behaviour, deviation) => (active.has(deviation.name) ? deviation.wrap(behaviour) : behaviour), correct);
}
