import type { FastifyReply, FastifyRequest } from 'fastify';
import { isControlPath } from '../core/area.ts';
import type { Environment } from '../core/domain.ts';
import { type FaultHolder, faultSwitch } from './faultSwitch.ts';

// Behaviour the documents leave open, which a correct suite must never fail.
// The emulator can be started with any of these to prove that.

export interface VariationDefinition {
  name: string;
  description: string;
  /** SHOULD requirements the variation departs from on purpose: WARN is their right verdict, FAIL and UNTESTABLE never are. */
  warns?: readonly string[];
  /** The environments the variation takes effect in, so the ones the suite is run in under it; the sandbox when absent. */
  environments?: readonly Environment[];
}

export const variationEnvironments = (variation: VariationDefinition): readonly Environment[] => variation.environments ?? ['sandbox'];

export const TOLERATED_VARIATIONS = [
  {
    name: 'extra-unknown-attribute',
    description: 'every resource carries an attribute the documents do not mention (attributes are added without notice, §9)',
  },
  {
    name: 'unknown-event-type',
    description: 'an event of a type the catalogue does not list follows every event, in lists and deliveries (§6.1 receivers rule 1, §9)',
  },
  { name: 'invalid-as-422', description: 'invalid requests are answered 422 instead of 400 (error status codes: not shown, §7)' },
  {
    name: 'webhook-without-delivery-mode',
    description: 'webhook responses omit deliveryMode and includeResources (whether they are returned: not shown, §2.6)',
  },
  { name: 'different-error-title', description: 'error documents use other title texts (error body format: not shown, §7)' },
  {
    name: 'events-without-optional-members',
    description:
      'no event, in lists, by id or delivered, carries tags or the members only some events have (currencyConversion, the payment of transaction.created): §2.7 "may contain tags", Event Catalog',
  },
  {
    name: 'events-with-extra-relationships',
    description:
      'every event carries a relationship its catalogue entry does not list, with the related resource included for includeResources webhooks (relationships vary by instance, §2.7)',
  },
  {
    name: 'at-least-once-events-envelope',
    description:
      'AtLeastOnce batches carry their events in a top-level "events" array instead of under data (envelope of a batch: not shown, §6.1)',
  },
  {
    name: 'at-least-once-id-batches',
    description:
      'AtLeastOnce batches list the event ids only, under data, with the related resources in top-level included for includeResources webhooks (6.1: batched "as an array of event ids")',
  },
  {
    name: 'timestamps-in-whole-seconds',
    description:
      'every createdAt is a whole second (.000), so resources made within one second share an instant (precision of a <timestamp>: not stated, the Conventions say only "with milliseconds")',
  },
  {
    name: 'timestamps-with-zero-offset',
    description:
      'every <timestamp> is written with the offset +00:00 instead of Z, in answers and deliveries (RFC 3339 writes UTC either way; Conventions)',
  },
  {
    name: 'merchant-name-and-type-only',
    description:
      'every merchant in an event carries only name and type, as the catalogue itself shows for the IIAS authorizationRequest.pending (Event Catalog: Card authorizations): a listed sub-member absent, at most a SHOULD',
    warns: ['EV-PAYLOAD-LISTED-MEMBERS'],
  },
  {
    name: 'null-tag-values',
    description:
      'every event that carries tags has one more tag whose value is null (the documents never type tag values: 2.4, Event Catalog: Common shape)',
  },
  {
    name: 'transactions-with-extra-tags',
    description:
      "a transaction made by a matched payment carries a tag of its own besides the rule's (2.4 says the rule's tags are copied to it, not that it carries nothing else)",
  },
  {
    name: 'drawdown-events-carry-rule-tags',
    description:
      "wireDrawdown.created carries the tags of the drawdown rule that passed it (2.7: an event's attributes may contain tags inherited from the related resource request; 2.4 says a drawdown rule's tags are the client's labels, not that they appear nowhere)",
  },
  {
    name: 'json-included-inside-events',
    description:
      'Json deliveries of includeResources webhooks carry the related resources inside each event (event.included) instead of a top-level included array (the Json envelope is not shown, 6.1)',
  },
  {
    name: 'sandbox-events-without-application',
    description:
      'the events fired by the sandbox operations carry no application relationship (listed members may be absent: EV-PAYLOAD-LISTED-MEMBERS is a SHOULD)',
    warns: ['EV-PAYLOAD-LISTED-MEMBERS'],
  },
  {
    name: 'positive-pay-cancelled-names-no-rule',
    description: 'positivePay.cancelled carries the account relationship only, naming no rule (its payload: not shown, Event Catalog)',
  },
  {
    name: 'sandbox-refusal-404',
    description: 'a sandbox operation without valid credentials is answered 404 instead of 401 (status codes of failures: not shown, 7)',
    warns: ['AU-TOKEN-401'],
  },
  {
    name: 'retry-after-http-date',
    description:
      'every 25th documented-API request is answered 429 with Retry-After as an HTTP date (RFC 9110 10.2.3) of the current second (rate limits: not shown, 8)',
  },
  {
    name: 'application-statuses-beyond-documents',
    description:
      'application documents use status values the documents do not name (Pending, Uploaded) and an application without documents has no documents relationship (applications are outside the documents)',
  },
  {
    name: 'live-ssn-triggers-ordinary',
    description:
      "in the live environment the SSN triggers (000000004 and the others) are ordinary numbers: such an application gets what any other gets, approved at once (the triggers are the sandbox's, 4.5)",
    environments: ['live'],
  },
  {
    name: 'default-applications-pending-review',
    description:
      'an application whose applicant data carries no trigger value goes to PendingReview instead of being approved at once ("most applications are approved immediately; some go to manual review depending on applicant data", 4.5)',
    warns: ['SB-TRIGGER-DEFAULT-APPROVED'],
  },
  {
    name: 'live-application-moves-to-review',
    description:
      'in the live environment an application created AwaitingDocuments moves to PendingReview on its own a moment later, firing application.pendingReview ("other application transitions are outside this document", 3.3)',
    environments: ['live'],
  },
  {
    name: 'webhooks-start-disabled',
    description:
      'a new webhook is created Disabled, receives nothing until it is enabled, then receives like any other (status of a newly created webhook: not shown, 4.3)',
  },
  {
    name: 'webhook-create-empty-201',
    description: 'a POST /webhooks that creates a webhook answers 201 with an empty body (Response: not shown, 4.3)',
  },
  {
    name: 'webhook-create-204',
    description: 'a POST /webhooks that creates a webhook answers 204 No Content (Response: not shown, 4.3)',
  },
  {
    name: 'not-shown-answers-204',
    description:
      'the operations whose response the documents do not show answer 204 No Content when they succeed: the policy, the deposit product update, the document upload, the resend and the four sandbox approve/deny/reject (4.1, 4.2, 4.4, 4.5)',
  },
  {
    name: 'events-listed-oldest-first',
    description: 'GET /events lists the oldest event first, page[offset] counting from it (the order of the list: not shown, 4.4)',
  },
  {
    name: 'events-readable-late',
    description:
      'every event is fetched (GET /events/{id}) and listed (GET /events) only 3 s after it happens, as a store indexing a moment late (when an event can be read: not shown, 4.4)',
  },
  {
    name: 'backoff-unit-minute',
    description:
      'AtLeastOnce retries back off 1, 1, 2, 3, 5 … minutes instead of seconds, still at most 1 hour apart (the unit of the Fibonacci backoff: not shown, 6.1)',
  },
  {
    name: 'delivery-lag-every',
    description:
      'every delivery, retries too, leaves 1.5 s after it is due, a far sandbox or a queue in front of the delivery workers (6.1: "delays can occur under load"; no delivery time is given)',
  },
  {
    name: 'delivery-lag-first',
    description:
      'the first delivery to each webhook leaves 4 s after it is due, the later ones at once (6.1: "delays can occur under load"; no delivery time is given)',
  },
  {
    name: 'delivery-lag-spike',
    description:
      'the 8th delivery to each webhook (a retry, where the first batch keeps failing) leaves 3 s after it is due, every other at once: a queue that stalls once (6.1: "delays can occur under load"; no delivery time is given)',
  },
  {
    name: 'gzip-coded-answers',
    description:
      "every answer, of the API and the control endpoints, is gzip-coded and labelled Content-Encoding: gzip wherever the request's Accept-Encoding lists gzip, as a compressing gateway answers (RFC 9110 8.4, 12.5.3; the documents say nothing of content codings)",
  },
] as const satisfies readonly VariationDefinition[];

export type ToleratedVariation = (typeof TOLERATED_VARIATIONS)[number]['name'];
export const variationOn = faultSwitch<ToleratedVariation>();

export const anyVariationOn = (holder: FaultHolder): boolean =>
  TOLERATED_VARIATIONS.some((variation) => variationOn(holder, variation.name));

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
  if (/Application$/.test(String(resource.type)) && Array.isArray(documents) && documents.length === 0)
    delete resource.relationships!.documents;
}

const UTC_TIMESTAMP = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3})Z$/;

/** Every <timestamp> in a document written +00:00 instead of Z (in place; control endpoints are not the API). */
export function withZeroOffsetTimestamps<T>(value: T): T {
  if (Array.isArray(value))
    value.forEach((item, index) => {
      value[index] = withZeroOffsetTimestamps(item);
    });
  else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const [key, member] of Object.entries(record)) record[key] = withZeroOffsetTimestamps(member);
  } else if (typeof value === 'string') {
    const match = UTC_TIMESTAMP.exec(value);
    if (match) return `${match[1]}+00:00` as T;
  }
  return value;
}

function rewrite(document: Record<string, unknown>, reply: FastifyReply, active: FaultHolder): void {
  if (variationOn(active, 'timestamps-with-zero-offset') && !isControlPath(reply.request.url)) withZeroOffsetTimestamps(document);
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
    eachResource(document, (resource) =>
      renameApplicationStatuses(resource as Resource & { relationships?: Record<string, { data?: unknown }> }),
    );
  }
  const errors = Array.isArray(document.errors) ? (document.errors as Array<Record<string, unknown>>) : [];
  if (variationOn(active, 'sandbox-refusal-404') && reply.statusCode === 401 && reply.request.url.startsWith('/sandbox/')) {
    reply.code(404);
    reply.removeHeader('www-authenticate');
    for (const error of errors) Object.assign(error, { status: '404', title: 'Not found' });
  }
  if (variationOn(active, 'invalid-as-422') && reply.statusCode === 400) {
    reply.code(422);
    for (const error of errors) error.status = '422';
  }
  if (variationOn(active, 'different-error-title')) for (const error of errors) error.title = 'Request could not be processed';
}

/** The operations whose response the documents do not show (4.1, 4.2, 4.4, 4.5), as the emulator routes them. */
const NOT_SHOWN_ANSWERS: ReadonlySet<string> = new Set([
  'POST /positive-pay-policy',
  'PATCH /deposit-products/:id',
  'PUT /positive-pay/:id/documents',
  'POST /events/:id',
  'POST /sandbox/applications/:applicationId/approve',
  'POST /sandbox/applications/:applicationId/deny',
  'POST /sandbox/applications/:applicationId/documents/:documentId/approve',
  'POST /sandbox/applications/:applicationId/documents/:documentId/reject',
]);

const answersNotShown = (request: FastifyRequest, reply: FastifyReply): boolean =>
  reply.statusCode >= 200 && reply.statusCode < 300 && NOT_SHOWN_ANSWERS.has(`${request.method} ${request.routeOptions.url}`);

/** An onSend hook applying the response-shape variations that are active. */
export function toleratedVariationsHook(active: FaultHolder) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    // Fastify sends a 204 without its body or Content-Type.
    if (variationOn(active, 'not-shown-answers-204') && answersNotShown(request, reply)) {
      reply.code(204);
      return payload;
    }
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
