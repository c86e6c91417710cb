// Seeded deviations of the sandbox area (applications, sandbox operations and
// simulated-payment decisioning), as data. Each names the requirement ids it must
// break so the project's tests can prove those checks can fail, and wraps the
// area's behaviour (sandboxBehaviour.ts) with its one deviation.

import type { EdgeFault } from '../faults/edgeFault.ts';
import type { ApplicationInput } from './applicationInput.ts';
import type { ApplicationOutcome } from './applicationOutcome.ts';
import type { SandboxBehaviour } from './sandboxBehaviour.ts';

/** A placeholder the download fault serves instead of the uploaded file. */
const OTHER_BYTES = Buffer.from('not the uploaded file');

const approvedWhenSsn4 = (input: ApplicationInput, outcome: ApplicationOutcome): ApplicationOutcome =>
  input.kind === 'individualApplication' && input.ssn === '000000004' ? { ...outcome, status: 'Approved' } : outcome;

/** The attributes are made afresh for each event, so the fault may drop the member in place. */
function withoutReasonCode(attributes: Record<string, unknown>): Record<string, unknown> {
  delete attributes.reasonCode;
  return attributes;
}

export const sandboxFaults = [
  {
    name: 'check-tolerance-101',
    description: 'a check payment matches a check rule when its amount differs by up to 101 cents instead of 1 dollar',
    breaks: ['DC-CHECK-TOLERANCE-OUTSIDE', 'DC-PROPERTY-CHECK'],
    wrap: (behaviour) => ({ ...behaviour, checkToleranceCents: behaviour.checkToleranceCents + 1 }),
  },
  {
    name: 'ach-maximum-exclusive',
    description: 'an ACH rule amount is treated as an exclusive maximum: a payment of exactly the amount is blocked',
    breaks: ['DC-ACH-AMOUNT-AT-MAXIMUM', 'DC-PROPERTY-ACH'],
    wrap: (behaviour) => ({ ...behaviour, withinAchMaximum: (amount, maximum) => amount < maximum }),
  },
  {
    name: 'drawdown-accepts-awaiting-documents-rule',
    description: 'a wire drawdown naming a drawdown rule still AwaitingDocuments goes to manual review instead of being rejected',
    breaks: ['DC-DRAWDOWN-AWAITING-REJECTED', 'DC-PROPERTY-DRAWDOWN', 'DC-LIFECYCLE-MODEL'],
    wrap: (behaviour) => ({ ...behaviour, awaitingDocumentsAuthorizesDrawdown: true }),
  },
  {
    name: 'product-opt-in-ignored',
    description: 'the deposit product opt-in is ignored: only account-level opt-in gates payments',
    breaks: ['DC-PRODUCT-OPTIN-DEFAULT', 'DC-OPTIN-UNMATCHED-BLOCKED', 'DC-PROPERTY-ACH', 'DC-PROPERTY-CHECK'],
    wrap: (behaviour) => ({ ...behaviour, productOptIn: () => [] }),
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
    wrap: (behaviour) => ({ ...behaviour, authorizingStatuses: [...behaviour.authorizingStatuses, 'Cancelled'] }),
  },
  {
    name: 'rule-tags-not-inherited',
    description: 'transactions created by a matched payment do not carry the tags of the matched rule',
    breaks: ['DC-TAG-INHERITANCE', 'DC-PROPERTY-ACH', 'DC-PROPERTY-CHECK', 'DC-LIFECYCLE-MODEL'],
    wrap: (behaviour) => ({ ...behaviour, transactionTags: () => ({}) }),
  },
  {
    name: 'expired-rule-authorizes',
    description: 'a rule past its expirationDate keeps authorizing payments',
    breaks: ['DC-EXPIRED-RULE-BLOCKS', 'DC-DRAWDOWN-NOT-ACTIVE-REJECTED', 'DC-PROPERTY-ACH', 'DC-PROPERTY-CHECK', 'DC-LIFECYCLE-MODEL'],
    wrap: (behaviour) => ({ ...behaviour, pastExpiration: () => false }),
  },
  {
    name: 'ssn-000000004-approved',
    description: 'an individual application with SSN 000000004 is approved instead of going to PendingReview',
    breaks: ['SB-TRIGGER-INDIVIDUAL-PENDING-REVIEW'],
    wrap: (behaviour) => ({ ...behaviour, applicationOutcome: (input) => approvedWhenSsn4(input, behaviour.applicationOutcome(input)) }),
  },
  {
    name: 'deny-allowed-from-approved',
    description: 'sandbox deny moves an Approved application to Denied',
    breaks: ['SB-DENY-WRONG-STATE'],
    wrap: (behaviour) => ({ ...behaviour, deniableStatuses: [...behaviour.deniableStatuses, 'Approved'] }),
  },
  {
    name: 'refused-deny-fires-late',
    description: 'a sandbox deny refused for the application status (409, status unchanged) fires application.denied half a second later',
    breaks: ['SB-DENY-WRONG-STATE'],
    wrap: (behaviour) => ({ ...behaviour, refusedDenyFiresAfterMs: 500 }),
  },
  {
    name: 'approve-allowed-from-approved',
    description: 'sandbox approve acts on an Approved application again, making another customer and firing customer.created',
    breaks: ['SB-APPROVE-WRONG-STATE'],
    wrap: (behaviour) => ({ ...behaviour, approvableStatuses: [...behaviour.approvableStatuses, 'Approved'] }),
  },
  {
    name: 'pending-review-fires-nothing',
    description: 'an application that goes to PendingReview fires no application.pendingReview',
    breaks: ['SB-TRIGGER-EVENTS'],
    wrap: (behaviour) => ({ ...behaviour, pendingReviewFires: false }),
  },
  {
    name: 'download-returns-other-bytes',
    description: 'document downloads return a placeholder file instead of the uploaded bytes',
    breaks: ['SB-DOWNLOAD-FRONT', 'SB-DOWNLOAD-BACK'],
    wrap: (behaviour) => ({ ...behaviour, downloadedBytes: () => OTHER_BYTES }),
  },
  {
    name: 'document-rejected-without-reason-code',
    description: 'the document.rejected event omits reasonCode (a listed member absent: a SHOULD)',
    breaks: ['EV-PAYLOAD-LISTED-MEMBERS'],
    wrap: (behaviour) => ({
      ...behaviour,
      documentRejectedAttributes: (...given) => withoutReasonCode(behaviour.documentRejectedAttributes(...given)),
    }),
  },
  {
    name: 'document-rejected-other-reason-code',
    description: 'the document.rejected event carries reasonCode Other instead of the one the reject was given',
    breaks: ['SB-DOCUMENT-REJECT-EVENT'],
    wrap: (behaviour) => ({
      ...behaviour,
      documentRejectedAttributes: (...given) => ({ ...behaviour.documentRejectedAttributes(...given), reasonCode: 'Other' }),
    }),
  },
  {
    name: 'approve-without-customer-created',
    description: 'sandbox approve moves the application to Approved but publishes no customer.created event',
    breaks: ['SB-APPROVE-CUSTOMER-CREATED'],
    wrap: (behaviour) => ({ ...behaviour, customerCreatedOnApproval: false }),
  },
  {
    name: 'sandbox-operations-in-live',
    description:
      'the live environment serves the sandbox operations too (approve, deny, document review and downloads act as in the sandbox)',
    breaks: ['SB-LIVE-ABSENT'],
    wrap: (behaviour) => ({ ...behaviour, sandboxOperationsInLive: true }),
  },
] as const satisfies readonly EdgeFault<SandboxBehaviour>[];
