import type { EdgeVariation } from '../faults/edgeFault.ts';
import type { PositivePayBehaviour } from './positivePayBehaviour.ts';
import { compareIds } from './ruleOrder.ts';

// The tolerated variations (emulator/faults/toleratedVariations.ts) the positive pay
// area applies, each a wrapper of its behaviour like a seeded fault.
export const positivePayVariations = [
  {
    name: 'timestamps-in-whole-seconds',
    // Rules sharing a whole-second createdAt come newest id first, whatever the sort.
    wrap: (behaviour) => ({
      ...behaviour,
      listOrder: (descending) => (a, b) => (descending ? b.createdAt - a.createdAt : a.createdAt - b.createdAt) || compareIds(b, a),
    }),
  },
] as const satisfies readonly EdgeVariation<PositivePayBehaviour>[];
