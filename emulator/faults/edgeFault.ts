import type { SeededFault } from './seededFault.ts';

// Faults at the edges (issue 21): an area names the points where an implementation
// could go wrong as one typed behaviour object (values and small functions), and its
// domain asks only that object. A seeded fault is a wrapper that returns the behaviour
// with its one deviation; the emulator folds the active ones in once, at start-up, so
// the domain carries no fault names and a clean emulator runs no fault branch.

/** A seeded fault that deviates by wrapping its area's behaviour. */
export interface EdgeFault<Behaviour> extends SeededFault {
  /** The behaviour with this fault's deviation in it; everything else passes through. */
  readonly wrap: (behaviour: Behaviour) => Behaviour;
}

/** The area's correct behaviour with every active fault of its catalogue folded in, in catalogue order. */
export function behaviourWith<Behaviour>(
  correct: Behaviour,
  faults: readonly EdgeFault<Behaviour>[],
  active: ReadonlySet<string>,
): Behaviour {
  return faults.reduce((behaviour, fault) => (active.has(fault.name) ? fault.wrap(behaviour) : behaviour), correct);
}
