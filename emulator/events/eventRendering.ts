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
