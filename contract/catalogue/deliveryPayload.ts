// What one delivery POST carried (6.1): the events, tolerating every envelope the
// documents allow. The Event Catalog puts events "usually inside data" (an array
// in most examples, a single object in some) and 6.1 describes AtLeastOnce batches
// as "an array of event ids" whose exact envelope is "not shown"; so events are
// looked for under `data` first, then in a body that is itself an array, then in
// any top-level member (or member of a `data` object that is no event) holding
// an array of events or of event ids. Related resources (includeResources, 6.1
// rule 3) are recognised wherever the envelope puts them — JSON:API's top-level
// `included`, inside each event, or anywhere else — since the Json envelope is
// not shown: any object with a type, an id and attributes that is not an event.

export interface DeliveredEvent {
  id: string;
  type?: string;
  /** The full event when the payload carried one (not just its id). */
  event?: Record<string, unknown>;
}

export interface DeliveryPayload {
  /** Undefined when the body is not JSON. */
  json: unknown;
  events: DeliveredEvent[];
  /** The related resources the payload carries, wherever they are; undefined when none. */
  included?: unknown[];
  /** Shape of `data`: 'array', 'object', or what else came. */
  dataShape: 'array' | 'object' | 'missing' | 'not-json' | 'other';
  /** JSON pointer of where the events were found ('' for a body that is an array); undefined when none were. */
  eventsAt?: string;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const isEventId = (value: unknown): boolean => typeof value === 'string' || typeof value === 'number';

/** An event object, or a reference to one: anything with a string or numeric id. */
const isEventObject = (value: unknown): value is Record<string, unknown> => isObject(value) && isEventId(value.id);

function toEvent(item: unknown): DeliveredEvent | undefined {
  if (isEventId(item)) return { id: String(item) };
  if (!isEventObject(item)) return undefined;
  const delivered: DeliveredEvent = { id: String(item.id), event: item };
  if (typeof item.type === 'string') delivered.type = item.type;
  return delivered;
}

/** A non-empty array whose every item is an event or an event id. */
const eventArray = (value: unknown): value is unknown[] =>
  Array.isArray(value) && value.length > 0 && value.every((item) => isEventId(item) || isEventObject(item));

/** Where the events of a body are, as [pointer, items]; undefined when it holds none the suite can recognise. */
function locateEvents(json: unknown): [string, unknown[]] | undefined {
  if (Array.isArray(json)) return ['', json];
  if (!isObject(json)) return undefined;
  const data = json.data;
  if (Array.isArray(data)) return ['/data', data];
  if (isEventObject(data)) return ['/data', [data]];
  for (const [container, pointer] of [
    [json, ''],
    [data, '/data'],
  ] as const) {
    if (!isObject(container)) continue;
    for (const [name, value] of Object.entries(container)) {
      if (name !== 'included' && eventArray(value)) return [`${pointer}/${name}`, value];
    }
  }
  return undefined;
}

const isResourceObject = (value: unknown): value is Record<string, unknown> =>
  isObject(value) && typeof value.type === 'string' && isEventId(value.id) && isObject(value.attributes);

/** JSON:API's top-level `included` as it is, then every other resource object in the body that is not an event. */
function resourcesIn(json: unknown, events: ReadonlySet<unknown>): unknown[] {
  const found: unknown[] = isObject(json) && Array.isArray(json.included) ? [...json.included] : [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      value.forEach(visit);
      return;
    }
    if (!isObject(value)) return;
    if (!events.has(value) && isResourceObject(value)) {
      found.push(value);
      return;
    }
    for (const [name, member] of Object.entries(value)) if (!(value === json && name === 'included')) visit(member);
  };
  visit(json);
  return found;
}

export function parseDeliveryPayload(rawBody: Buffer): DeliveryPayload {
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return { json: undefined, events: [], dataShape: 'not-json' };
  }
  const data = isObject(json) ? json.data : Array.isArray(json) ? json : undefined;
  const located = locateEvents(json);
  const events = (located?.[1] ?? []).map(toEvent).filter((event): event is DeliveredEvent => event !== undefined);
  const payload: DeliveryPayload = {
    json,
    events,
    dataShape: Array.isArray(data) ? 'array' : isObject(data) ? 'object' : data === undefined ? 'missing' : 'other',
  };
  if (located) payload.eventsAt = located[0];
  const included = resourcesIn(json, new Set(events.map((event) => event.event).filter(Boolean)));
  if (included.length > 0) payload.included = included;
  return payload;
}
