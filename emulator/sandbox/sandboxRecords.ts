// What the sandbox area keeps in memory: applications and their documents (API
// section 3.3, 4.5), the customers approval creates, and the transactions and
// balances of simulated payments. One SandboxStore per emulator.

export type ApplicationKind = 'individualApplication' | 'businessApplication';
export type ApplicationStatus = 'Approved' | 'Denied' | 'PendingReview' | 'AwaitingDocuments';

export { REVIEWABLE_STATUSES } from '../../contract/facts/applicationStatuses.ts';

export const DOCUMENT_TYPES = ['AddressVerification', 'IdDocument', 'SocialSecurityCard'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export type DocumentStatus = 'Required' | 'Received' | 'Approved' | 'Rejected';

export interface UploadedFile {
  contentType: string;
  bytes: Buffer;
}

export interface ApplicationDocument {
  id: string;
  applicationId: string;
  documentType: DocumentType;
  description: string;
  status: DocumentStatus;
  front?: UploadedFile;
  back?: UploadedFile;
  reason?: string;
  reasonCode?: string;
}

export interface Application {
  id: string;
  kind: ApplicationKind;
  createdAt: number;
  status: ApplicationStatus;
  /** The submitted attributes, returned as given (SSNs are never echoed). */
  applicant: Record<string, unknown>;
  tags: Record<string, string>;
  documentIds: string[];
  customerId?: string;
  /** A status the application moves to on its own (outside the documents, 3.3), taken the next time it is read. */
  movesByItselfTo?: ApplicationStatus;
}

export interface Customer {
  id: string;
  type: 'individualCustomer' | 'businessCustomer';
  applicationId: string;
  createdAt: number;
  attributes: Record<string, unknown>;
}

export interface Transaction {
  id: string;
  type: 'receivedAchTransaction' | 'checkPaymentTransaction';
  accountId: string;
  customerId: string;
  paymentId: string;
  createdAt: number;
  direction: 'Credit' | 'Debit';
  amount: number;
  balance: number;
  summary: string;
  tags: Record<string, string>;
}

/** Simulated accounts start with this balance so debits do not go negative at once. */
export const OPENING_BALANCE_CENTS = 10_000_000;

export class SandboxStore {
  readonly applications = new Map<string, Application>();
  readonly documents = new Map<string, ApplicationDocument>();
  readonly customers = new Map<string, Customer>();
  readonly transactions = new Map<string, Transaction>();
  private readonly balances = new Map<string, number>();

  /** Applies a credit (positive) or debit (negative) and returns the new balance. */
  post(accountId: string, signedAmount: number): number {
    const balance = (this.balances.get(accountId) ?? OPENING_BALANCE_CENTS) + signedAmount;
    this.balances.set(accountId, balance);
    return balance;
  }

  exportState(): SavedSandbox {
    return {
      applications: [...this.applications.values()],
      documents: [...this.documents.values()],
      customers: [...this.customers.values()],
      transactions: [...this.transactions.values()],
      balances: Object.fromEntries(this.balances),
    };
  }

  importState(saved: unknown): void {
    const { applications, documents, customers, transactions, balances } = saved as SavedSandbox;
    refill(this.applications, applications);
    refill(this.documents, documents);
    refill(this.customers, customers);
    refill(this.transactions, transactions);
    this.balances.clear();
    for (const [accountId, balance] of Object.entries(balances)) this.balances.set(accountId, balance);
  }
}

interface SavedSandbox {
  applications: Application[];
  documents: ApplicationDocument[];
  customers: Customer[];
  transactions: Transaction[];
  balances: Record<string, number>;
}

function refill<T extends { id: string }>(map: Map<string, T>, records: readonly T[]): void {
  map.clear();
  for (const record of records) map.set(record.id, record);
}
