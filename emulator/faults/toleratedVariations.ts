import type { FastifyReply, FastifyRequest } from 'fastify';
import { type FaultHolder, faultSwitch } from './faultSwitch.ts';

// Behaviour the documents leave open, which a correct suite must never fail.
// The emulator can be started with any of these to prove that.

export interface VariationDefinition {
  name: string;
  description: string;
}

export const TOLERATED_VARIATIONS = [
  { name: 'extra-unknown-attribute', description: 'every resource carries an attribute the documents do not mention (attributes are added without notice, §9)' },
  { name: 'unknown-event-type', description: 'an event of a type the catalogue does not list follows every event, in lists and deliveries (§6.1 receivers rule 1, §9)' },
  { name: 'invalid-as-422', description: 'invalid requests are answered 422 instead of 400 (error status codes: not shown, §7)' },
  { name: 'webhook-without-delivery-mode', description: 'webhook responses omit deliveryMode and includeResources (whether they are returned: not shown, §2.6)' },
  { name: 'different-error-title', description: 'error documents use other title texts (error body format: not shown, §7)' },
  { name: 'events-without-optional-members', description: 'no event, in lists, by id or delivered, carries tags or the members only some events have (currencyConversion, the payment of transaction.created): §2.7 "may contain tags", Event Catalog' },
  { name: 'events-with-extra-relationships', description: 'every event carries a relationship its catalogue entry does not list, with the related resource included for includeResources webhooks (relationships vary by instance, §2.7)' },
  { name: 'at-least-once-events-envelope', description: 'AtLeastOnce batches carry their events in a top-level "events" array instead of under data (envelope of a batch: not shown, §6.1)' },
  { name: 'application-statuses-beyond-documents', description: 'application documents use status values the documents do not name (Pending, Uploaded) and an application without documents has no documents relationship (applications are outside the documents)' },
] as const satisfies readonly VariationDefinition[];

export type ToleratedVariation = (typeof TOLERATED_VARIATIONS)[number]['name'];
export const variationOn = faultSwitch<ToleratedVariation>();

export const anyVariationOn = (holder: FaultHolder): boolean => TOLERATED_VARIATIONS.some((variation) => variationOn(holder, variation.name));

export const UNKNOWN_EVENT_TYPE = 'vendorNotice.created';

type Resource = { type?: unknown; attributes?: Record<string, unknown> };

function eachResource(document: Record<string, unknown>, visit: (resource: Resource) => void): void {
  for (const member of [document.data, document.included]) {
    const resources = Array.isArray(member) ? member : member ? [member] : [];
    for (const resource of resources) if (resource && typeof resource === 'object') visit(resource as Resource);
  }
}

/** Application document statuses under other names; an application with no documents without the relationship. */
const OTHER_DOCUMENT_STATUS: Readonly<Record<string, string>> = { Required: 'Pending', Received: 'Uploaded' };

function renameApplicationStatuses(resource: Resource & { relationships?: Record<string, { data?: unknown }> }): void {
  if (resource.type === 'document' && resource.attributes) {
    const renamed = OTHER_DOCUMENT_STATUS[String(resource.attributes.status)];
    if (renamed) resource.attributes.status = renamed;
  }
  const documents = resource.relationships?.documents?.data;
  if (/Application$/.test(String(resource.type)) && Array.isArray(documents) && documents.length === 0) delete resource.relationships!.documents;
}

function rewrite(document: Record<string, unknown>, reply: FastifyReply, active: FaultHolder): void {
  if (variationOn(active, 'extra-unknown-attribute')) {
    eachResource(document, (resource) => {
      if (resource.attributes) resource.attributes.vendorExtension = { addedWithoutNotice: true };
    });
  }
  if (variationOn(active, 'webhook-without-delivery-mode')) {
    eachResource(document, (resource) => {
      if (resource.type === 'webhook' && resource.attributes) {
        delete resource.attributes.deliveryMode;
        delete resource.attributes.includeResources;
      }
    });
  }
  if (variationOn(active, 'application-statuses-beyond-documents')) {
    eachResource(document, (resource) => renameApplicationStatuses(resource as Resource & { relationships?: Record<string, { data?: unknown }> }));
  }
  const errors = Array.isArray(document.errors) ? (document.errors as Array<Record<string, unknown>>) : [];
  if (variationOn(active, 'invalid-as-422') && reply.statusCode === 400) {
    reply.code(422);
    for (const error of errors) error.status = '422';
  }
  if (variationOn(active, 'different-error-title')) for (const error of errors) error.title = 'Request could not be processed';
}

/** An onSend hook applying the response-shape variations that are active. */
export function toleratedVariationsHook(active: FaultHolder) {
  return async (_request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (typeof payload !== 'string' || !/json/.test(type)) return payload;
    let document: unknown;
    try {
      document = JSON.parse(payload);
    } catch {
      return payload;
    }
    if (!document || typeof document !== 'object' || Array.isArray(document)) return payload;
    rewrite(document as Record<string, unknown>, reply, active);
    return JSON.stringify(document);
  };
}
