import type { EmulatorState } from '../../core/emulatorState.ts';
import type { EventStore } from '../../events/eventStore.ts';
import { generateEvent, type GenerateOptions } from '../../events/eventGenerator.ts';
import { eventTypes } from '../../events/eventTypeCatalogue.ts';
import type { SeededRandom } from '../seededRandom.ts';

// The event history of a shared sandbox: events of every catalogued type (cards,
// payments, accounts… that no operation here produces) spread over the last 90
// days, generated schema-valid like injected ones. History is stored, never delivered.

const DAY_MS = 24 * 60 * 60 * 1000;
/** Just inside the 90-day window, so that history does not age out during a run. */
const HISTORY_MS = 89 * DAY_MS;
export const DEFAULT_LIVED_IN_EVENTS = 3000;

export function fillEvents(
  state: EmulatorState,
  events: EventStore,
  random: SeededRandom,
  count: number,
  behaviour: GenerateOptions['behaviour'],
): number {
  const entries = [...new Map([...eventTypes().values()].map((entry) => [entry.type, entry])).values()];
  const nowMs = state.clock.now();
  const createdAts = Array.from({ length: count }, () => nowMs - random.int(1_000, HISTORY_MS)).sort((a, b) => a - b);
  for (const createdAt of createdAts) {
    const entry = random.pick(entries);
    events.backfill(generateEvent(entry.type, entry, createdAt, { behaviour, randomInt: random.int }), createdAt);
  }
  return count;
}
