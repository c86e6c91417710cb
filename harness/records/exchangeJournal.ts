import type { ExchangeExcerpt } from './checkRecords.ts';

// Every exchange a scenario's API client made, when the run asks for them
// (`run --har FILE`): the excerpt as the evidence keeps it (redacted, long bodies
// cut) and when the request started. Check records keep only the exchanges that
// prove something; the journal keeps them all.

export interface JournalEntry {
  itemId: string;
  /** ISO 8601 time the request was sent. */
  startedAt: string;
  exchange: ExchangeExcerpt;
}

export type ExchangeJournal = (exchange: ExchangeExcerpt, startedAt: Date) => void;

/** A journal that appends to `entries` under the scenario's id. */
export function journalInto(entries: JournalEntry[], itemId: string): ExchangeJournal {
  return (exchange, startedAt) => entries.push({ itemId, startedAt: startedAt.toISOString(), exchange });
}
