// Every documented operation, as data: method, path template, scope (section 5.1),
// the success status and the schema its success response must match. The API
// client validates each response against this table; suites parameterise over it.

export type Scope = 'payments' | 'payments-write' | 'webhooks' | 'webhooks-write' | 'events' | 'events-write';

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
}

export const OPERATIONS = {
  'positivePayPolicy.create': { method: 'POST', path: '/positive-pay-policy', section: '4.1', scope: 'payments-write' },
  'depositProduct.update': { method: 'PATCH', path: '/deposit-products/{id}', section: '4.1' },
  'positivePay.create': {
    method: 'POST', path: '/positive-pay', section: '4.2', scope: 'payments-write', successStatus: 201,
    responseSchema: 'documents/positive-pay-rule', shapeRequirement: 'PP-RULE-RESOURCE-SHAPE',
  },
  'positivePay.uploadDocument': { method: 'PUT', path: '/positive-pay/{id}/documents', section: '4.2', scope: 'payments-write' },
  'positivePay.get': {
    method: 'GET', path: '/positive-pay/{id}', section: '4.2', scope: 'payments', successStatus: 200,
    responseSchema: 'documents/positive-pay-rule', shapeRequirement: 'PP-RULE-RESOURCE-SHAPE',
  },
  'positivePay.list': {
    method: 'GET', path: '/positive-pay', section: '4.2', scope: 'payments', successStatus: 200,
    responseSchema: 'documents/positive-pay-rule-list', shapeRequirement: 'PP-LIST-SHAPE',
  },
  'positivePay.cancel': {
    method: 'POST', path: '/positive-pay/{id}/cancel', section: '4.2', scope: 'payments-write', successStatus: 200,
    responseSchema: 'documents/positive-pay-rule', shapeRequirement: 'PP-RULE-RESOURCE-SHAPE',
  },
  'webhook.create': { method: 'POST', path: '/webhooks', section: '4.3', scope: 'webhooks-write' },
  'webhook.get': {
    method: 'GET', path: '/webhooks/{id}', section: '4.3', scope: 'webhooks', successStatus: 200,
    responseSchema: 'documents/webhook', shapeRequirement: 'WH-RESOURCE-SHAPE',
  },
  'webhook.list': {
    method: 'GET', path: '/webhooks', section: '4.3', scope: 'webhooks', successStatus: 200,
    responseSchema: 'documents/webhook-list', shapeRequirement: 'WH-LIST-SHAPE',
  },
  'webhook.update': {
    method: 'PATCH', path: '/webhooks/{id}', section: '4.3', scope: 'webhooks-write', successStatus: 200,
    responseSchema: 'documents/webhook', shapeRequirement: 'WH-RESOURCE-SHAPE',
  },
  'webhook.enable': {
    method: 'POST', path: '/webhooks/{id}/enable', section: '4.3', scope: 'webhooks-write', successStatus: 200,
    responseSchema: 'documents/webhook', shapeRequirement: 'WH-RESOURCE-SHAPE',
  },
  'webhook.disable': {
    method: 'POST', path: '/webhooks/{id}/disable', section: '4.3', scope: 'webhooks-write', successStatus: 200,
    responseSchema: 'documents/webhook', shapeRequirement: 'WH-RESOURCE-SHAPE',
  },
  'event.get': {
    method: 'GET', path: '/events/{id}', section: '4.4', scope: 'events', successStatus: 200,
    responseSchema: 'documents/event', shapeRequirement: 'EV-RESOURCE-SHAPE',
  },
  'event.list': {
    method: 'GET', path: '/events', section: '4.4', scope: 'events', successStatus: 200,
    responseSchema: 'documents/event-list', shapeRequirement: 'EV-LIST-SHAPE',
  },
  'event.resend': { method: 'POST', path: '/events/{id}', section: '4.4', scope: 'events-write' },
  'sandbox.approveApplication': { method: 'POST', path: '/sandbox/applications/{applicationId}/approve', section: '4.5', sandboxOnly: true },
  'sandbox.denyApplication': { method: 'POST', path: '/sandbox/applications/{applicationId}/deny', section: '4.5', sandboxOnly: true },
  'sandbox.approveDocument': {
    method: 'POST', path: '/sandbox/applications/{applicationId}/documents/{documentId}/approve', section: '4.5', sandboxOnly: true,
  },
  'sandbox.rejectDocument': {
    method: 'POST', path: '/sandbox/applications/{applicationId}/documents/{documentId}/reject', section: '4.5', sandboxOnly: true,
  },
  'sandbox.downloadDocument': {
    method: 'GET', path: '/sandbox/applications/{applicationId}/documents/{documentId}/download', section: '4.5', sandboxOnly: true,
  },
  'sandbox.downloadDocumentBack': {
    method: 'GET', path: '/sandbox/applications/{applicationId}/documents/{documentId}/download/back', section: '4.5', sandboxOnly: true,
  },
} as const satisfies Record<string, Operation>;

export type OperationName = keyof typeof OPERATIONS;

/** Requirements the API client itself checks on every call. */
export const CLIENT_REQUIREMENTS = {
  timeout: 'GN-TIMEOUT',
  mediaType: 'GN-MEDIA-TYPE',
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
