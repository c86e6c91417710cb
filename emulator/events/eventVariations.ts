import type { EventInput } from '../core/eventPublisher.ts';
import type { EventStore } from './eventStore.ts';
import { eventTypes } from './eventTypeCatalogue.ts';
import { variationOn } from '../faults/toleratedVariations.ts';

// Tolerated variations of the event payloads, applied to every event as it is
// published, so that lists, GET by id and deliveries all show the same event.

/** A relationship no catalogue entry lists: instances of a type may relate to more (2.7). */
const EXTRA_RELATIONSHIP = 'vendorCase';

function withoutOptionalMembers(input: EventInput): EventInput {
  const entry = eventTypes().get(input.type);
  const attributes = { ...input.attributes };
  const relationships = { ...input.relationships };
  // tags on every event (2.7 "may contain tags"), and what the catalogue entry marks as carried only sometimes.
  delete attributes.tags;
  for (const name of Object.keys(entry?.optionalAttributes ?? {})) delete attributes[name];
  for (const name of Object.keys(entry?.optionalRelationships ?? {})) delete relationships[name];
  return { ...input, attributes, relationships };
}

/** Adds the extra relationship, and the related resource for webhooks with includeResources (6.1 rule 3). */
function extraRelationship(): (input: EventInput) => EventInput {
  let next = 0;
  return (input) => {
    next += 1;
    const data = { type: EXTRA_RELATIONSHIP, id: `vc-${next}` };
    const resource = { ...data, attributes: { note: 'a relationship the catalogue does not list' } };
    return {
      ...input,
      relationships: { ...input.relationships, [EXTRA_RELATIONSHIP]: { data } },
      included: [...(input.included ?? []), resource],
    };
  };
}

/** The catalogue shows a merchant with only name and type (IIAS authorizationRequest.pending); a target may send that everywhere. */
function merchantNameAndType(input: EventInput): EventInput {
  const merchant = input.attributes?.merchant;
  if (!merchant || typeof merchant !== 'object') return input;
  const { name, type } = merchant as Record<string, unknown>;
  return { ...input, attributes: { ...input.attributes, merchant: { name, type } } };
}

/** Tag values are never typed by the documents; null occurs. */
function nullTagValue(input: EventInput): EventInput {
  const tags = input.attributes?.tags;
  if (!tags || typeof tags !== 'object' || Array.isArray(tags)) return input;
  return { ...input, attributes: { ...input.attributes, tags: { ...tags, vendorNullTag: null } } };
}

/** 6.3: the events the sandbox operations fire. */
const SANDBOX_EVENT_TYPES = new Set(['customer.created', 'application.denied', 'document.approved', 'document.rejected']);

function withoutApplicationRelationship(input: EventInput): EventInput {
  if (!SANDBOX_EVENT_TYPES.has(input.type) || !input.relationships?.application) return input;
  const { application: _dropped, ...relationships } = input.relationships;
  return { ...input, relationships };
}

/** The catalogue shows no payload for positivePay.cancelled: it may name the account and not the rule. */
function cancelledNamingNoRule(input: EventInput): EventInput {
  if (input.type !== 'positivePay.cancelled' || !input.relationships?.positivePay) return input;
  const { positivePay: _dropped, ...relationships } = input.relationships;
  return { ...input, relationships };
}

export function applyEventVariations(events: EventStore, active: ReadonlySet<string>): void {
  if (variationOn(active, 'events-without-optional-members')) events.shapeEachInput(withoutOptionalMembers);
  if (variationOn(active, 'events-with-extra-relationships')) events.shapeEachInput(extraRelationship());
  if (variationOn(active, 'merchant-name-and-type-only')) events.shapeEachInput(merchantNameAndType);
  if (variationOn(active, 'null-tag-values')) events.shapeEachInput(nullTagValue);
  if (variationOn(active, 'sandbox-events-without-application')) events.shapeEachInput(withoutApplicationRelationship);
  if (variationOn(active, 'positive-pay-cancelled-names-no-rule')) events.shapeEachInput(cancelledNamingNoRule);
}
