import type { RelationshipRef } from '../core/eventPublisher.ts';

// The store makes these when an event is read, and the generator's events are the
// ones that have them: apart from both, the store needs nothing of the generator
// (which asks the area's behaviour, which reads the store).

/** A generated event's related resources (6.1 rule 3): a stand-in for each relationship, made when it is read. */
export function standInResources(relationships: Record<string, RelationshipRef>, createdAt: string): unknown[] {
  return Object.values(relationships).map(({ data }) => ({
    type: data.type,
    id: data.id,
    attributes: { createdAt, name: `${data.type} ${data.id}`, tags: { source: 'event-injection' } },
  }));
}
