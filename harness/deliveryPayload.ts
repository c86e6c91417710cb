// What one delivery POST carried (6.1): the events, tolerating every envelope the
// documents allow. The Event Catalog puts events "usually inside data" (an array
// in most examples, a single object in some) and 6.1 describes AtLeastOnce batches
// as "an array of event ids" whose exact envelope is "not shown"; so events are
// looked for under `data` first, then in a body that is itself an array, then in
// any top-level member (or member of a `data` object that is no event) holding
// an array of events or of event ids.

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
  included?: unknown[];
  /** Shape of `data`: 'array', 'object', or what else came. */
  dataShape: 'array' | 'object' | 'missing' | 'not-json' | 'other';
  /** JSON pointer of where the events were found ('' for a body that is an array); undefined when none were. */
  eventsAt?: string;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

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
  for (const [container, pointer] of [[json, ''], [data, '/data']] as const) {
    if (!isObject(container)) continue;
    for (const [name, value] of Object.entries(container)) {
      if (name !== 'included' && eventArray(value)) return [`${pointer}/${name}`, value];
    }
  }
  return undefined;
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
  if (isObject(json) && Array.isArray(json.included)) payload.included = json.included;
  return payload;
}
