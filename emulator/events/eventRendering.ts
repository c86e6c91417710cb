import type { StoredEvent } from '../core/eventPublisher.ts';
import { isoTimestamp } from '../core/isoTimestamp.ts';

// An event as the API shows it (2.7; Event Catalog "Common shape"): createdAt
// first among the attributes, timestamps with milliseconds.
export interface RenderedEvent {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
  relationships: StoredEvent['relationships'];
}

export function renderEvent(event: Pick<StoredEvent, 'id' | 'type' | 'createdAt' | 'attributes' | 'relationships'>): RenderedEvent {
  return {
    id: event.id,
    type: event.type,
    attributes: { createdAt: isoTimestamp(event.createdAt), ...event.attributes },
    relationships: event.relationships,
  };
}

type RenderedFields = Pick<StoredEvent, 'id' | 'type' | 'createdAt' | 'attributes' | 'relationships'>;

/**
 * The same text as JSON.stringify(renderEvent(event)), written around the attributes' own text:
 * no copy of them to put createdAt first (the store renders every event, thousands at a time).
 */
export function renderEventJson(event: RenderedFields): string {
  if (Object.hasOwn(event.attributes, 'createdAt')) return JSON.stringify(renderEvent(event));
  const attributes = JSON.stringify(event.attributes);
  const createdAt = `{"createdAt":${JSON.stringify(isoTimestamp(event.createdAt))}`;
  const rest = attributes === '{}' ? '}' : `,${attributes.slice(1)}`;
  return `{"id":${JSON.stringify(event.id)},"type":${JSON.stringify(event.type)},"attributes":${createdAt}${rest},"relationships":${JSON.stringify(event.relationships)}}`;
}
