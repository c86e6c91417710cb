import type { Scope } from '../facts/scopes.ts';
import {
  EVENT_LIST_QUERY,
  json,
  RULE_DOCUMENT,
  RULE_LIST_QUERY,
  WEBHOOK_LIST_QUERY,
  type QueryParameter,
  type RequestBody,
} from './operationInputs.ts';

// Every documented operation, as data: method, path template, scope (section 5.1),
// the success status and the schema its success response must match, and what it
// takes (query parameters, request body). The API client validates each response
// against this table; suites parameterise over it; the OpenAPI document is derived from it.

/** The scopes of section 5.1, the one list the harness keeps. */

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH';
  /** Path template; `{name}` segments are filled from `params`. */
  path: string;
  section: string;
  /** Documented scope; undefined where the documents do not show one. */
  scope?: Scope;
  /** Documented success status; undefined where the response is "not shown" (any 2xx). */
  successStatus?: number;
  /** Schema key (schemas/) a success response must match. */
  responseSchema?: string;
  /** Requirement judged by that schema check. */
  shapeRequirement?: string;
  /** Environments that have the operation (sandbox-only operations of 4.5). */
  sandboxOnly?: boolean;
  /** What it does, in the documents' words. */
  summary: string;
  query?: readonly QueryParameter[];
  /** Absent: no body ("No body", or a GET). */
  request?: RequestBody;
}

export const OPERATIONS = {
  'positivePayPolicy.create': {
    method: 'POST',
    path: '/positive-pay-policy',
    section: '4.1',
    scope: 'payments-write',
    summary: 'Opt an account in to positive pay (account-level policy)',
    request: json('requests/positive-pay-policy'),
  },
  'depositProduct.update': {
    method: 'PATCH',
    path: '/deposit-products/{id}',
    section: '4.1',
    summary: 'Set the positive pay opt-in default of a deposit product',
    request: json('requests/update-deposit-product'),
  },
  'positivePay.create': {
    method: 'POST',
    path: '/positive-pay',
    section: '4.2',
    scope: 'payments-write',
    successStatus: 201,
    responseSchema: 'documents/positive-pay-rule',
    shapeRequirement: 'PP-RULE-RESOURCE-SHAPE',
    summary: 'Create a positive pay rule (data.type selects the rule type)',
    request: json(
      'requests/rule-check-payment',
      'requests/rule-received-ach-debit',
      'requests/rule-received-ach-credit',
      'requests/rule-drawdown',
    ),
  },
  'positivePay.uploadDocument': {
    method: 'PUT',
    path: '/positive-pay/{id}/documents',
    section: '4.2',
    scope: 'payments-write',
    summary: 'Upload the authorization document of a wire drawdown rule',
    request: RULE_DOCUMENT,
  },
  'positivePay.get': {
    method: 'GET',
    path: '/positive-pay/{id}',
    section: '4.2',
    scope: 'payments',
    successStatus: 200,
    responseSchema: 'documents/positive-pay-rule',
    shapeRequirement: 'PP-RULE-RESOURCE-SHAPE',
    summary: 'Get a positive pay rule',
  },
  'positivePay.list': {
    method: 'GET',
    path: '/positive-pay',
    section: '4.2',
    scope: 'payments',
    successStatus: 200,
    responseSchema: 'documents/positive-pay-rule-list',
    shapeRequirement: 'PP-LIST-SHAPE',
    summary: 'List positive pay rules',
    query: RULE_LIST_QUERY,
  },
  'positivePay.cancel': {
    method: 'POST',
    path: '/positive-pay/{id}/cancel',
    section: '4.2',
    scope: 'payments-write',
    successStatus: 200,
    responseSchema: 'documents/positive-pay-rule',
    shapeRequirement: 'PP-RULE-RESOURCE-SHAPE',
    summary: 'Cancel a positive pay rule (no body)',
  },
  'webhook.create': {
    method: 'POST',
    path: '/webhooks',
    section: '4.3',
    scope: 'webhooks-write',
    summary: 'Create a webhook',
    request: json('requests/webhook-create'),
  },
  'webhook.get': {
    method: 'GET',
    path: '/webhooks/{id}',
    section: '4.3',
    scope: 'webhooks',
    successStatus: 200,
    responseSchema: 'documents/webhook',
    shapeRequirement: 'WH-RESOURCE-SHAPE',
    summary: 'Get a webhook',
  },
  'webhook.list': {
    method: 'GET',
    path: '/webhooks',
    section: '4.3',
    scope: 'webhooks',
    successStatus: 200,
    responseSchema: 'documents/webhook-list',
    shapeRequirement: 'WH-LIST-SHAPE',
    summary: 'List webhooks',
    query: WEBHOOK_LIST_QUERY,
  },
  'webhook.update': {
    method: 'PATCH',
    path: '/webhooks/{id}',
    section: '4.3',
    scope: 'webhooks-write',
    successStatus: 200,
    responseSchema: 'documents/webhook',
    shapeRequirement: 'WH-RESOURCE-SHAPE',
    summary: 'Update a webhook (each attribute optional, replacing the old value)',
    request: json('requests/webhook-update'),
  },
  'webhook.enable': {
    method: 'POST',
    path: '/webhooks/{id}/enable',
    section: '4.3',
    scope: 'webhooks-write',
    successStatus: 200,
    responseSchema: 'documents/webhook',
    shapeRequirement: 'WH-RESOURCE-SHAPE',
    summary: 'Enable a webhook',
  },
  'webhook.disable': {
    method: 'POST',
    path: '/webhooks/{id}/disable',
    section: '4.3',
    scope: 'webhooks-write',
    successStatus: 200,
    responseSchema: 'documents/webhook',
    shapeRequirement: 'WH-RESOURCE-SHAPE',
    summary: 'Disable a webhook',
  },
  'event.get': {
    method: 'GET',
    path: '/events/{id}',
    section: '4.4',
    scope: 'events',
    successStatus: 200,
    responseSchema: 'documents/event',
    shapeRequirement: 'EV-RESOURCE-SHAPE',
    summary: 'Get an event (created within the last 90 days)',
  },
  'event.list': {
    method: 'GET',
    path: '/events',
    section: '4.4',
    scope: 'events',
    successStatus: 200,
    responseSchema: 'documents/event-list',
    shapeRequirement: 'EV-LIST-SHAPE',
    summary: 'List events (up to 90 days back)',
    query: EVENT_LIST_QUERY,
  },
  'event.resend': {
    method: 'POST',
    path: '/events/{id}',
    section: '4.4',
    scope: 'events-write',
    summary: 'Resend a previously published webhook event',
    request: json('requests/event-resend'),
  },
  'sandbox.approveApplication': {
    method: 'POST',
    path: '/sandbox/applications/{applicationId}/approve',
    section: '4.5',
    sandboxOnly: true,
    summary: 'Approve an application in PendingReview or AwaitingDocuments',
    request: json('requests/application-approve'),
  },
  'sandbox.denyApplication': {
    method: 'POST',
    path: '/sandbox/applications/{applicationId}/deny',
    section: '4.5',
    sandboxOnly: true,
    summary: 'Deny an application in PendingReview or AwaitingDocuments',
    request: json('requests/application-deny'),
  },
  'sandbox.approveDocument': {
    method: 'POST',
    path: '/sandbox/applications/{applicationId}/documents/{documentId}/approve',
    section: '4.5',
    sandboxOnly: true,
    summary: 'Approve an application document',
    request: json('requests/document-approve'),
  },
  'sandbox.rejectDocument': {
    method: 'POST',
    path: '/sandbox/applications/{applicationId}/documents/{documentId}/reject',
    section: '4.5',
    sandboxOnly: true,
    summary: 'Reject an application document',
    request: json('requests/document-reject'),
  },
  'sandbox.downloadDocument': {
    method: 'GET',
    path: '/sandbox/applications/{applicationId}/documents/{documentId}/download',
    section: '4.5',
    sandboxOnly: true,
    summary: 'Download an uploaded application document',
  },
  'sandbox.downloadDocumentBack': {
    method: 'GET',
    path: '/sandbox/applications/{applicationId}/documents/{documentId}/download/back',
    section: '4.5',
    sandboxOnly: true,
    summary: 'Download the back side of an uploaded application document',
  },
} as const satisfies Record<string, Operation>;

export type OperationName = keyof typeof OPERATIONS;

/** Requirements the API client itself checks on every call. */
export const CLIENT_REQUIREMENTS = {
  timeout: 'GN-TIMEOUT',
  mediaType: 'GN-MEDIA-TYPE',
  timestampFormat: 'GN-TIMESTAMP-FORMAT',
} as const;

export function shapeRequirements(): string[] {
  const ids = Object.values(OPERATIONS as Record<string, Operation>)
    .map((operation) => operation.shapeRequirement)
    .filter((id): id is string => id !== undefined);
  return [...new Set(ids)];
}

export function expandPath(template: string, params: Record<string, string> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`path ${template} needs parameter ${name}`);
    return encodeURIComponent(value);
  });
}
