// Seeded deviations of the sandbox area (applications, sandbox operations and
// simulated-payment decisioning), as data. Each names the requirement ids it must
// break so the project's tests can prove those checks can fail. Implemented at the
// one place each deviates (search for the name under emulator/sandbox).

import type { SeededFault } from '../faults/seededFault.ts';

export const sandboxFaults = [
  {
    name: 'check-tolerance-101',
    description: 'a check payment matches a check rule when its amount differs by up to 101 cents instead of 1 dollar',
    breaks: ['DC-CHECK-TOLERANCE-OUTSIDE', 'DC-PROPERTY-CHECK'],
  },
  {
    name: 'ach-maximum-exclusive',
    description: 'an ACH rule amount is treated as an exclusive maximum: a payment of exactly the amount is blocked',
    breaks: ['DC-ACH-AMOUNT-AT-MAXIMUM', 'DC-PROPERTY-ACH'],
  },
  {
    name: 'drawdown-accepts-awaiting-documents-rule',
    description: 'a wire drawdown naming a drawdown rule still AwaitingDocuments goes to manual review instead of being rejected',
    breaks: ['DC-DRAWDOWN-AWAITING-REJECTED', 'DC-PROPERTY-DRAWDOWN', 'DC-LIFECYCLE-MODEL'],
  },
  {
    name: 'product-opt-in-ignored',
    description: 'the deposit product opt-in is ignored: only account-level opt-in gates payments',
    breaks: ['DC-PRODUCT-OPTIN-DEFAULT', 'DC-OPTIN-UNMATCHED-BLOCKED', 'DC-PROPERTY-ACH', 'DC-PROPERTY-CHECK'],
  },
  {
    name: 'cancelled-rule-authorizes',
    description: 'a cancelled rule keeps authorizing payments and drawdowns',
    breaks: [
      'DC-CANCELLED-RULE-BLOCKS',
      'DC-DRAWDOWN-NOT-ACTIVE-REJECTED',
      'DC-PROPERTY-ACH',
      'DC-PROPERTY-CHECK',
      'DC-PROPERTY-DRAWDOWN',
      'DC-LIFECYCLE-MODEL',
    ],
  },
  {
    name: 'rule-tags-not-inherited',
    description: 'transactions created by a matched payment do not carry the tags of the matched rule',
    breaks: ['DC-TAG-INHERITANCE', 'DC-PROPERTY-ACH', 'DC-PROPERTY-CHECK', 'DC-LIFECYCLE-MODEL'],
  },
  {
    name: 'expired-rule-authorizes',
    description: 'a rule past its expirationDate keeps authorizing payments',
    breaks: ['DC-EXPIRED-RULE-BLOCKS', 'DC-DRAWDOWN-NOT-ACTIVE-REJECTED', 'DC-PROPERTY-ACH', 'DC-PROPERTY-CHECK', 'DC-LIFECYCLE-MODEL'],
  },
  {
    name: 'ssn-000000004-approved',
    description: 'an individual application with SSN 000000004 is approved instead of going to PendingReview',
    breaks: ['SB-TRIGGER-INDIVIDUAL-PENDING-REVIEW'],
  },
  {
    name: 'deny-allowed-from-approved',
    description: 'sandbox deny moves an Approved application to Denied',
    breaks: ['SB-DENY-WRONG-STATE'],
  },
  {
    name: 'download-returns-other-bytes',
    description: 'document downloads return a placeholder file instead of the uploaded bytes',
    breaks: ['SB-DOWNLOAD-FRONT', 'SB-DOWNLOAD-BACK'],
  },
  {
    name: 'document-rejected-without-reason-code',
    description: 'the document.rejected event omits reasonCode (a listed member absent: a SHOULD)',
    breaks: ['EV-PAYLOAD-LISTED-MEMBERS'],
  },
  {
    name: 'document-rejected-other-reason-code',
    description: 'the document.rejected event carries reasonCode Other instead of the one the reject was given',
    breaks: ['SB-DOCUMENT-REJECT-EVENT'],
  },
  {
    name: 'approve-without-customer-created',
    description: 'sandbox approve moves the application to Approved but publishes no customer.created event',
    breaks: ['SB-APPROVE-CUSTOMER-CREATED'],
  },
  {
    name: 'sandbox-operations-in-live',
    description:
      'the live environment serves the sandbox operations too (approve, deny, document review and downloads act as in the sandbox)',
    breaks: ['SB-LIVE-ABSENT'],
  },
] as const satisfies readonly SeededFault[];

export type SandboxFault = (typeof sandboxFaults)[number]['name'];

/** Typed so that a misspelt fault name is a compile error, not a fault that never fires. */
export const sandboxFaultOn = (state: { faults: ReadonlySet<string> }, name: SandboxFault): boolean => state.faults.has(name);
