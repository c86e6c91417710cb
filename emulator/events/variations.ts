import type { EdgeVariation } from '../faults/edgeFault.ts';
import type { EventsBehaviour } from './eventsBehaviour.ts';

// The tolerated variations (emulator/faults/toleratedVariations.ts) the events area
// applies to its behaviour, each a wrapper like a seeded fault (payload variations,
// applied as events are published, are in eventVariations.ts).

/** A store that indexes what it publishes a moment later: every event is fetched and listed this long after it happens. */
const READABLE_AFTER_MS = 3000;

export const eventsVariations = [
  {
    name: 'events-listed-oldest-first',
    // The newest-first page that holds the same events, read backwards: filters, retention and total unchanged.
    wrap: (behaviour) => ({
      ...behaviour,
      listPage: (events, query) => {
        const { total } = behaviour.listPage(events, { ...query, offset: 0, limit: 0 });
        const offset = Math.max(0, total - query.offset - query.limit);
        const limit = Math.max(0, Math.min(query.limit, total - query.offset));
        const page = behaviour.listPage(events, { ...query, offset, limit });
        return { events: [...page.events].reverse(), total };
      },
    }),
  },
  { name: 'events-readable-late', wrap: (behaviour) => ({ ...behaviour, readableAfterMs: behaviour.readableAfterMs + READABLE_AFTER_MS }) },
] as const satisfies readonly EdgeVariation<EventsBehaviour>[];
