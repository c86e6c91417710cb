import type { DepositProduct, Environment, PaymentType, PositivePayRule, RuleStatus } from '../core/domain.ts';
import { pastExpiration } from '../positivePay/ruleStatus.ts';
import type { ApplicationInput } from './applicationInput.ts';
import { type ApplicationOutcome, decideApplication } from './applicationOutcome.ts';
import { type ApplicationStatus, REVIEWABLE_STATUSES, type UploadedFile } from './sandboxRecords.ts';

// The points where the sandbox area (decisioning, applications, the sandbox
// operations) could go wrong, as one object its routes and domain ask. Seeded
// faults (faults.ts) wrap it; the emulator folds the active ones in at start-up.

export interface SandboxBehaviour {
  /** Section 2.3: an account without an opt-in of its own has its deposit product's. */
  readonly productOptIn: (product: DepositProduct | undefined) => readonly PaymentType[];
  /** Section 3.1: only an Active rule authorizes payments and drawdowns. */
  readonly authorizingStatuses: readonly RuleStatus[];
  /** Sections 2.4, 3.1: a rule past its expirationDate (the clock's UTC date) no longer authorizes. */
  readonly pastExpiration: (rule: PositivePayRule, nowMs: number) => boolean;
  /** Sections 3.1, 7: a drawdown naming a rule still AwaitingDocuments is rejected, not reviewed. */
  readonly awaitingDocumentsAuthorizesDrawdown: boolean;
  /** Sections 2.5, 8: a check matches "within a tolerance of 1 dollar", read as ≤ 100 cents. */
  readonly checkToleranceCents: number;
  /** Section 2.5: an ACH rule's amount is a maximum that a payment of exactly the amount is within. */
  readonly withinAchMaximum: (amount: number, maximum: number) => boolean;
  /** Section 2.4: the transaction of a matched payment carries the matched rule's tags (whether more: not shown). */
  readonly transactionTags: (rule: PositivePayRule | undefined) => Record<string, string>;
  /**
   * Section 2.4: a drawdown rule's tags are "internal labels for the client's own use", not copied
   * on as an ACH or check rule's are: the tags wireDrawdown.created carries from the rule (none).
   */
  readonly drawdownEventTags: (rule: PositivePayRule | undefined) => Record<string, string> | undefined;
  /** Section 4.5: the magic SSNs decide an application's outcome; anything else is approved. */
  readonly applicationOutcome: (input: ApplicationInput) => ApplicationOutcome;
  /** Sections 3.3, 4.5: sandbox approve acts on applications in PendingReview or AwaitingDocuments only. */
  readonly approvableStatuses: readonly ApplicationStatus[];
  /** Sections 3.3, 4.5: sandbox deny acts on applications in PendingReview or AwaitingDocuments only. */
  readonly deniableStatuses: readonly ApplicationStatus[];
  /** A deny refused for its application's status fires nothing, then or later (3.3, 4.5); where set, application.denied fires this long after. */
  readonly refusedDenyFiresAfterMs: number | undefined;
  /** Section 4.5: a download returns the uploaded file, byte for byte. */
  readonly downloadedBytes: (file: UploadedFile) => Buffer;
  /** Sections 4.5, 6.3: document.rejected carries the reason and reasonCode the reject was given. */
  readonly documentRejectedAttributes: (reason: string, reasonCode: string, tags: Record<string, string>) => Record<string, unknown>;
  /** Section 3.3: approval creates the customer, so customer.created fires. */
  readonly customerCreatedOnApproval: boolean;
  /** Event Catalog: an application that goes to PendingReview fires application.pendingReview. */
  readonly pendingReviewFires: boolean;
  /** Section 4.5: the sandbox operations exist in the sandbox environment only. */
  readonly sandboxOperationsInLive: boolean;
  /**
   * Section 4.5 gives the SSN triggers for the sandbox; what an application gets in live is
   * outside the documents. The emulator keeps them in live too, so that a live run can put an
   * application in PendingReview; a live service where they are ordinary numbers is tolerated.
   */
  readonly triggersInLive: boolean;
  /**
   * Section 3.3: "Other application transitions are outside this document". The status a new
   * application moves to on its own a moment after its creation, if any; the emulator's make none.
   */
  readonly movesByItself: (status: ApplicationStatus, environment: Environment) => ApplicationStatus | undefined;
}

export const correctSandbox: SandboxBehaviour = {
  productOptIn: (product) => product?.positivePayOptIn ?? [],
  authorizingStatuses: ['Active'],
  pastExpiration,
  awaitingDocumentsAuthorizesDrawdown: false,
  checkToleranceCents: 100,
  withinAchMaximum: (amount, maximum) => amount <= maximum,
  transactionTags: (rule) => (rule?.tags ? { ...rule.tags } : {}),
  drawdownEventTags: () => undefined,
  applicationOutcome: decideApplication,
  approvableStatuses: REVIEWABLE_STATUSES,
  deniableStatuses: REVIEWABLE_STATUSES,
  refusedDenyFiresAfterMs: undefined,
  downloadedBytes: (file) => file.bytes,
  documentRejectedAttributes: (reason, reasonCode, tags) => ({ reason, reasonCode, tags }),
  customerCreatedOnApproval: true,
  pendingReviewFires: true,
  sandboxOperationsInLive: false,
  triggersInLive: true,
  movesByItself: () => undefined,
};
