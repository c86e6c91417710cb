import type { PaymentType, RuleAttributes, RuleStatus, RuleType } from '../../contract/facts/positivePay.ts';

// Domain records the emulator keeps in memory. Shapes follow the API document
// (sections 2.2–2.7); JSON:API rendering lives with each area's routes.

export type { Environment } from '../../contract/facts/environments.ts';

export {
  PAYMENT_TYPES,
  type PaymentType,
  RULE_STATUSES,
  type RuleStatus,
  RULE_TYPES,
  type RuleType,
} from '../../contract/facts/positivePay.ts';

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

export interface PositivePayRule extends RuleAttributes {
  id: string;
  type: RuleType;
  accountId: string;
  /** Emulator-clock milliseconds. */
  createdAt: number;
  status: RuleStatus;
  document?: RuleDocument;
}
