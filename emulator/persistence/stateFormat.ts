import { NO_SAVED_DELIVERIES } from '../delivery/deliveryLog.ts';
import { DEFAULT_DELIVERY_TIMEOUT_MS, type DeliverySettings } from '../delivery/deliverySettings.ts';
import { decodeState } from './stateCodec.ts';

// What a saved store is on disk and in memory (a named snapshot has the same
// shape): the stores' parts as plain data and how far into the event log it
// reaches. `formatVersion` says how it was written; a version this emulator does
// not read is migrated by MIGRATIONS or refused whole, never half-read.

export const FORMAT_VERSION = 2;

export interface SavedStore {
  formatVersion: number;
  /** Wall-clock ISO time of the save, for people reading the file. */
  savedAt: string;
  /** Each store part's exportState (core/storeParts.ts), by name. */
  parts: Record<string, unknown>;
  /** The first `count` events of the log, which end at byte `bytes` of events.log (0 in memory). */
  events: { count: number; bytes: number };
  /** In a state directory's state.json: the journal of the delivery queues' waiting ids it covers (persistence/queueJournal.ts). */
  queues?: { generation: number; bytes: number };
}

/**
 * From a version to the next one. 1 → 2: the delivery log and the delivery settings are kept (none
 * saved before: an empty log, the default time-out); in a state directory the log is a file of its
 * own and the queues' waiting ids a journal (persistence/stateDirectory.ts), version 1's inline ids still read.
 */
const MIGRATIONS: ReadonlyMap<number, (older: Record<string, unknown>) => Record<string, unknown>> = new Map([
  [
    1,
    (older) => ({
      ...older,
      formatVersion: 2,
      parts: {
        ...(older.parts as Record<string, unknown>),
        deliveryLog: NO_SAVED_DELIVERIES,
        deliverySettings: { timeoutMs: DEFAULT_DELIVERY_TIMEOUT_MS } satisfies DeliverySettings,
      },
    }),
  ],
]);

/** A saved store this emulator cannot read: the message names the file and its version. */
export class StateRefused extends Error {}

function versionOf(document: unknown, file: string): number {
  const version = typeof document === 'object' && document !== null ? (document as { formatVersion?: unknown }).formatVersion : undefined;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 0)
    throw new StateRefused(`${file} has no formatVersion: it is not a saved emulator state; nothing was read`);
  return version;
}

/** Reads a saved store's text; an older version is migrated step by step, any other is refused. */
export function readSavedStore(text: string, file: string): SavedStore {
  let document: unknown;
  try {
    document = decodeState(text);
  } catch (error) {
    throw new StateRefused(`${file} is not JSON (${(error as Error).message}); nothing was read`);
  }
  let version = versionOf(document, file);
  if (version > FORMAT_VERSION)
    throw new StateRefused(
      `${file} has formatVersion ${version}, written by a newer emulator; this one reads formatVersion ${FORMAT_VERSION}. Nothing was read: start a newer emulator, or use another --state directory`,
    );
  let migrated = document as Record<string, unknown>;
  while (version < FORMAT_VERSION) {
    const migrate = MIGRATIONS.get(version);
    if (!migrate)
      throw new StateRefused(
        `${file} has formatVersion ${version}, which this emulator (formatVersion ${FORMAT_VERSION}) cannot migrate. Nothing was read: move the directory away, or use another --state directory`,
      );
    migrated = migrate(migrated);
    version += 1;
  }
  const saved = migrated as unknown as SavedStore;
  if (
    typeof saved.parts !== 'object' ||
    saved.parts === null ||
    typeof saved.events?.count !== 'number' ||
    typeof saved.events.bytes !== 'number'
  )
    throw new StateRefused(`${file} has formatVersion ${version} but lacks its parts or events; nothing was read`);
  return saved;
}
