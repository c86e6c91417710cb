import type { FastifyInstance } from 'fastify';
import { CONTROL_ROUTES } from '../../contract/facts/controlRoutes.ts';
import { addControlRoute } from '../core/controlRouteList.ts';
import type { EmulatorState } from '../core/emulatorState.ts';
import type { EventInput, RelationshipRef } from '../core/eventPublisher.ts';
import { invalid } from '../core/jsonApi.ts';
import { limitReached } from '../core/storeLimits.ts';
import type { WebhookServices } from './webhookServices.ts';
import { MAX_BATCH_SIZE, BACKOFF_UNIT_MS, MAX_BACKOFF_MS } from '../delivery/deliverySettings.ts';
import { chooseVariant, generateEvent } from './eventGenerator.ts';
import { eventTypes } from './eventTypeCatalogue.ts';
import { applyOverrides, type EventOverrides, overrideRefusal } from './eventOverrides.ts';
import { isoTimestamp } from '../core/isoTimestamp.ts';

// Control endpoints of the events area (capability eventInjection), plain JSON:
//   POST /_emulator/events {type | types, count?, variant?, attributes?, relationships?, set?}
//     (set: {"attributes.amount": 500, …}, each checked against the catalogue's shape of every type),
//     publishes `count` events of each type with generated schema-valid members;
//     answers 201 {events: [{id, type, createdAt}]}.
//   GET|PUT /_emulator/delivery {timeoutMs}: the delivery time-out (real ms).

const MAX_INJECTED = 10_000;
const EVENT_TYPE = /^[A-Za-z][A-Za-z0-9]*\.[A-Za-z][A-Za-z0-9]*$/;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function readTypes(body: Record<string, unknown>): string[] {
  const raw = body.types ?? (body.type === undefined ? undefined : [body.type]);
  if (!Array.isArray(raw) || raw.length === 0)
    throw invalid('/type', 'type (a string) or types (a non-empty array of strings) is required');
  raw.forEach((type, index) => {
    if (typeof type !== 'string' || !EVENT_TYPE.test(type)) {
      throw invalid(body.types ? `/types/${index}` : '/type', `an event type has the form resource.event; got ${JSON.stringify(type)}`);
    }
  });
  return raw as string[];
}

function readCount(body: Record<string, unknown>): number {
  const count = body.count ?? 1;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > MAX_INJECTED) {
    throw invalid('/count', `count must be an integer from 1 to ${MAX_INJECTED}`);
  }
  return count;
}

function readOverrides(body: Record<string, unknown>): Pick<EventInput, 'attributes' | 'relationships'> {
  if (body.attributes !== undefined && !isObject(body.attributes)) throw invalid('/attributes', 'attributes must be an object');
  if (body.relationships !== undefined && !isObject(body.relationships)) throw invalid('/relationships', 'relationships must be an object');
  for (const [name, relationship] of Object.entries(body.relationships ?? {})) {
    const data = isObject(relationship) ? relationship.data : undefined;
    if (!isObject(data) || typeof data.type !== 'string' || typeof data.id !== 'string')
      throw invalid(`/relationships/${name}`, `relationships.${name} must be {"data": {"type": string, "id": string}}`);
  }
  return {
    attributes: body.attributes as Record<string, unknown> | undefined,
    relationships: body.relationships as Record<string, RelationshipRef> | undefined,
  };
}

/** `set` is for catalogued types only, and each path and value must be what the Event Catalog lists for each type. */
function readSet(body: Record<string, unknown>, types: readonly string[]): EventOverrides | undefined {
  if (body.set === undefined) return undefined;
  if (!isObject(body.set)) throw invalid('/set', 'set must be an object of path → value, such as {"attributes.amount": 500}');
  for (const type of types) {
    const entry = eventTypes().get(type);
    if (!entry) throw invalid('/set', `set needs a catalogued event type; ${type} is not in the Event Catalog`);
    const refusal = overrideRefusal(entry, body.set);
    if (refusal) throw invalid(`/set/${refusal.path}`, refusal.message);
  }
  return body.set;
}

export function registerEventControlRoutes(app: FastifyInstance, state: EmulatorState, services: WebhookServices): void {
  addControlRoute(app, CONTROL_ROUTES.injectEvents, async (request, reply) => {
    const body = isObject(request.body) ? request.body : {};
    const types = readTypes(body);
    const count = readCount(body);
    const overrides = readOverrides(body);
    const set = readSet(body, types);
    const held = services.events.size();
    if (held + types.length * count > state.limits.storedEvents)
      throw limitReached('events', state.limits.storedEvents, held, { pointer: '/count' });
    const variant = body.variant;
    if (variant !== undefined && typeof variant !== 'string') throw invalid('/variant', 'variant must be a string');
    for (const type of types) {
      const entry = eventTypes().get(type);
      if (variant !== undefined && (!entry || !chooseVariant(entry, variant))) {
        throw invalid('/variant', `event type ${type} has no variant '${variant}'`);
      }
    }
    const generating = { variant, behaviour: services.eventsBehaviour };
    const published = [];
    for (const type of types) {
      const entry = eventTypes().get(type);
      for (let n = 0; n < count; n += 1) {
        const input: EventInput = entry ? generateEvent(type, entry, state.clock.now(), generating) : { type };
        // A generated event's members are its own objects: they are copied only to lay the overrides over them.
        input.attributes = overrides.attributes ? { ...input.attributes, ...overrides.attributes } : (input.attributes ?? {});
        input.relationships = overrides.relationships
          ? { ...input.relationships, ...overrides.relationships }
          : (input.relationships ?? {});
        if (set) applyOverrides(input, set);
        const event = services.events.publish(input);
        published.push({ id: event.id, type: event.type, createdAt: isoTimestamp(event.createdAt) });
      }
    }
    return reply.code(201).send({ events: published });
  });

  const deliverySettings = () => ({
    timeoutMs: services.delivery.settings.timeoutMs,
    maxBatchSize: MAX_BATCH_SIZE,
    backoffUnitMs: BACKOFF_UNIT_MS,
    maxBackoffMs: MAX_BACKOFF_MS,
  });

  addControlRoute(app, CONTROL_ROUTES.readDelivery, async () => deliverySettings());

  addControlRoute(app, CONTROL_ROUTES.changeDelivery, async (request) => {
    const timeoutMs = isObject(request.body) ? request.body.timeoutMs : undefined;
    if (typeof timeoutMs !== 'number' || !Number.isFinite(timeoutMs) || timeoutMs < 10 || timeoutMs > 600_000) {
      throw invalid('/timeoutMs', 'timeoutMs must be a number of real milliseconds from 10 to 600000');
    }
    services.delivery.settings.timeoutMs = timeoutMs;
    return deliverySettings();
  });
}
