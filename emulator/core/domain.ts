// Domain records the emulator keeps in memory. Shapes follow the API document
// (sections 2.2–2.7); JSON:API rendering lives with each area's routes.

export type Environment = 'sandbox' | 'live';

/** Payment types that positive pay opt-in can name (section 2.2, 2.3). */
export const PAYMENT_TYPES = ['CheckPayment', 'ReceivedAchDebit', 'ReceivedAchCredit'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export const RULE_TYPES = [
  'receivedAchDebitPositivePay',
  'receivedAchCreditPositivePay',
  'checkPaymentPositivePay',
  'drawdownPositivePay',
] as const;
export type RuleType = (typeof RULE_TYPES)[number];

export const RULE_STATUSES = ['AwaitingDocuments', 'Active', 'Expired', 'Cancelled'] as const;
export type RuleStatus = (typeof RULE_STATUSES)[number];

export interface DepositProduct {
  id: string;
  name: string;
  positivePayOptIn: PaymentType[];
}

export interface Account {
  id: string;
  depositProductId: string;
  customerId: string;
  /** Account-level override (section 2.3); undefined means "use the product default". */
  positivePayOptIn?: PaymentType[];
}

export interface RuleDocument {
  contentType: string;
  bytes: Buffer;
  uploadedAt: number;
}

export interface PositivePayRule {
  id: string;
  type: RuleType;
  accountId: string;
  /** Emulator-clock milliseconds. */
  createdAt: number;
  status: RuleStatus;
  expirationDate?: string;
  tags?: Record<string, string>;
  originatorName?: string;
  originatorEntityId?: string;
  amount?: number;
  checkNumber?: string;
  payeeName?: string;
  document?: RuleDocument;
}
