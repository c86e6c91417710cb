// Positive pay vocabulary of the API document, written once for the emulator
// (a product of its own) and the harness and suites alike.

/** Payment types that positive pay opt-in can name (sections 2.2, 2.3). */
export const PAYMENT_TYPES = ['CheckPayment', 'ReceivedAchDebit', 'ReceivedAchCredit'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** Rule types (sections 2.4, 2.5). */
export const RULE_TYPES = [
  'receivedAchDebitPositivePay',
  'receivedAchCreditPositivePay',
  'checkPaymentPositivePay',
  'drawdownPositivePay',
] as const;
export type RuleType = (typeof RULE_TYPES)[number];

/** What a rule may carry besides its type and status (sections 2.4, 2.5), by rule type. */
export interface RuleAttributes {
  expirationDate?: string;
  tags?: Record<string, string>;
  originatorName?: string;
  originatorEntityId?: string;
  amount?: number;
  checkNumber?: string;
  payeeName?: string;
}

/** Rule statuses (section 3.1); `Expired` follows from expirationDate. */
export const RULE_STATUSES = ['AwaitingDocuments', 'Active', 'Expired', 'Cancelled'] as const;
export type RuleStatus = (typeof RULE_STATUSES)[number];
