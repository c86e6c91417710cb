// What one delivery POST carried (6.1): the events, tolerating every envelope the
// documents allow — `data` as an array (most examples) or a single object (some),
// and AtLeastOnce batches described as "an array of event ids".

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
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function toEvent(item: unknown): DeliveredEvent | undefined {
  if (typeof item === 'string' || typeof item === 'number') return { id: String(item) };
  if (!isObject(item) || (typeof item.id !== 'string' && typeof item.id !== 'number')) return undefined;
  const delivered: DeliveredEvent = { id: String(item.id), event: item };
  if (typeof item.type === 'string') delivered.type = item.type;
  return delivered;
}

export function parseDeliveryPayload(rawBody: Buffer): DeliveryPayload {
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return { json: undefined, events: [], dataShape: 'not-json' };
  }
  const data = isObject(json) ? json.data : Array.isArray(json) ? json : undefined;
  const items = Array.isArray(data) ? data : isObject(data) ? [data] : [];
  const events = items.map(toEvent).filter((event): event is DeliveredEvent => event !== undefined);
  const payload: DeliveryPayload = {
    json,
    events,
    dataShape: Array.isArray(data) ? 'array' : isObject(data) ? 'object' : data === undefined ? 'missing' : 'other',
  };
  if (isObject(json) && Array.isArray(json.included)) payload.included = json.included;
  return payload;
}
