import type { Application, ApplicationDocument, Customer } from './sandboxRecords.ts';

// JSON:API rendering of applications, their documents and customers. These
// resources are outside the documents; the shapes are the emulator's own
// (docs/sandbox-simulation.md, schemas/sandbox/).

const iso = (ms: number): string => new Date(ms).toISOString();

export const customerType = (application: Application): Customer['type'] =>
  application.kind === 'individualApplication' ? 'individualCustomer' : 'businessCustomer';

export const applicationRef = (application: Application) => ({ data: { type: application.kind, id: application.id } });
export const documentRef = (document: ApplicationDocument) => ({ data: { type: 'document', id: document.id } });
export const customerRef = (customer: Customer) => ({ data: { type: customer.type, id: customer.id } });

export function renderDocument(document: ApplicationDocument, application: Application) {
  const attributes: Record<string, unknown> = {
    documentType: document.documentType,
    description: document.description,
    status: document.status,
    frontUploaded: document.front !== undefined,
    backUploaded: document.back !== undefined,
  };
  if (document.reason !== undefined) attributes.reason = document.reason;
  if (document.reasonCode !== undefined) attributes.reasonCode = document.reasonCode;
  return { type: 'document', id: document.id, attributes, relationships: { application: applicationRef(application) } };
}

export function renderApplication(application: Application) {
  const relationships: Record<string, unknown> = {
    documents: { data: application.documentIds.map((id) => ({ type: 'document', id })) },
  };
  if (application.customerId !== undefined) {
    relationships.customer = { data: { type: customerType(application), id: application.customerId } };
  }
  return {
    type: application.kind,
    id: application.id,
    attributes: { ...application.applicant, createdAt: iso(application.createdAt), status: application.status, tags: application.tags },
    relationships,
  };
}

export function renderCustomer(customer: Customer) {
  return {
    type: customer.type,
    id: customer.id,
    attributes: { ...customer.attributes, createdAt: iso(customer.createdAt) },
    relationships: {
      application: {
        data: {
          type: customer.type === 'individualCustomer' ? 'individualApplication' : 'businessApplication',
          id: customer.applicationId,
        },
      },
    },
  };
}
