import type { ApplicationInput } from './applicationInput.ts';
import type { ApplicationStatus, DocumentType } from './sandboxRecords.ts';

// The sandbox behaviour triggers of section 4.5: magic SSNs force an outcome;
// everything else is approved at once (the "Default" row).

export interface RequiredDocument {
  documentType: DocumentType;
  description: string;
}

export interface ApplicationOutcome {
  status: ApplicationStatus;
  requiredDocuments: RequiredDocument[];
}

const INDIVIDUAL_DOCUMENTS: Record<string, RequiredDocument> = {
  '000000002': { documentType: 'AddressVerification', description: 'Proof of address of the applicant' },
  '000000003': { documentType: 'IdDocument', description: 'Government-issued id document of the applicant' },
  '000000006': { documentType: 'SocialSecurityCard', description: 'Social security card of the applicant' },
};

/** Section 4.5 names no document for the business row; the officer's id document is asked for. */
const OFFICER_DOCUMENT: RequiredDocument = { documentType: 'IdDocument', description: 'Government-issued id document of the officer' };

const outcome = (status: ApplicationStatus, requiredDocuments: RequiredDocument[] = []): ApplicationOutcome => ({
  status,
  requiredDocuments,
});

/** The Default row: an application that no trigger names is approved at once. */
export const DEFAULT_OUTCOME: ApplicationOutcome = outcome('Approved');

export function decideApplication(input: ApplicationInput): ApplicationOutcome {
  if (input.kind === 'individualApplication') {
    if (input.ssn === '000000004') return outcome('PendingReview');
    const document = input.ssn ? INDIVIDUAL_DOCUMENTS[input.ssn] : undefined;
    if (document) return outcome('AwaitingDocuments', [document]);
    if (input.ssn === '000000001') return outcome('Denied');
    return DEFAULT_OUTCOME;
  }
  const people = [input.officer, ...(input.beneficialOwners ?? [])];
  if (people.some((person) => person?.ssn === '000000004')) return outcome('PendingReview');
  if (input.officer?.ssn === '000000005') return outcome('AwaitingDocuments', [OFFICER_DOCUMENT]);
  return DEFAULT_OUTCOME;
}
