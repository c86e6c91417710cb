import type { EdgeVariation } from '../faults/edgeFault.ts';
import type { SandboxBehaviour } from './sandboxBehaviour.ts';

// The tolerated variations (emulator/faults/toleratedVariations.ts) the sandbox area
// applies, each a wrapper of its behaviour like a seeded fault.
export const sandboxVariations = [
  {
    name: 'drawdown-events-carry-rule-tags',
    // The drawdown rule's labels inherited by the event, as 2.7 lets any event's attributes carry them.
    wrap: (behaviour) => ({
      ...behaviour,
      drawdownEventTags: (rule) => (rule?.tags ? { ...rule.tags } : behaviour.drawdownEventTags(rule)),
    }),
  },
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
  {
    name: 'default-applications-pending-review',
    // "Some go to manual review depending on applicant data" (4.5): here every application no trigger names does.
    wrap: (behaviour) => ({
      ...behaviour,
      applicationOutcome: (input) => {
        const outcome = behaviour.applicationOutcome(input);
        return outcome.status === 'Approved' ? { status: 'PendingReview', requiredDocuments: [] } : outcome;
      },
    }),
  },
  {
    name: 'live-application-moves-to-review',
    // An asynchronous review: a live application awaiting documents goes to PendingReview on its own a moment later.
    wrap: (behaviour) => ({
      ...behaviour,
      movesByItself: (status, environment) =>
        environment === 'live' && status === 'AwaitingDocuments' ? 'PendingReview' : behaviour.movesByItself(status, environment),
    }),
  },
] as const satisfies readonly EdgeVariation<SandboxBehaviour>[];
