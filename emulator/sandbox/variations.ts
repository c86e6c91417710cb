import type { EdgeVariation } from '../faults/edgeFault.ts';
import type { SandboxBehaviour } from './sandboxBehaviour.ts';

// The tolerated variations (emulator/faults/toleratedVariations.ts) the sandbox area
// applies, each a wrapper of its behaviour like a seeded fault.
export const sandboxVariations = [
  {
    name: 'transactions-with-extra-tags',
    // A tag of the transaction's own besides the inherited ones.
    wrap: (behaviour) => ({
      ...behaviour,
      transactionTags: (rule) => ({ ...behaviour.transactionTags(rule), ledgerSource: 'simulation' }),
    }),
  },
  {
    name: 'live-ssn-triggers-ordinary',
    // In live an SSN such as 000000004 gets what any other SSN gets.
    wrap: (behaviour) => ({ ...behaviour, triggersInLive: false }),
  },
] as const satisfies readonly EdgeVariation<SandboxBehaviour>[];
