import type { FastifyInstance } from 'fastify';
import type { StoreParts } from '../core/storeParts.ts';
import type { DeliveryEngine } from '../delivery/deliveryEngine.ts';
import type { EventStore } from '../events/eventStore.ts';
import { LiveStore } from './liveStore.ts';
import { NamedSnapshots } from './namedSnapshots.ts';
import { StateDirectory } from './stateDirectory.ts';
import type { LockHolder } from './stateLock.ts';

// What the emulator keeps of its store beyond memory. Without a state directory:
// named snapshots in memory, and no hook on any request. With one: the saved
// state is loaded at start, every request that may write is committed before its
// answer is sent, delivery progress (a retry scheduled, a batch delivered) is
// committed shortly after it happens, and the last state is written on close.

const READ_ONLY_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Delivery progress is written this long after it happens, many attempts at once. */
const DELIVERY_COMMIT_DELAY_MS = 100;

export interface Persistence {
  snapshots: NamedSnapshots;
  /** Whether the store was read from the state directory (false: fresh, or no directory). */
  loaded: boolean;
  /** The holder of a lock a process that is gone left on the state directory, which this emulator took over. */
  takenOver?: LockHolder;
  /** Writes the store now (no-op in memory). */
  commit(): void;
}

export function setUpPersistence(
  app: FastifyInstance,
  stores: { parts: StoreParts; events: EventStore; delivery: DeliveryEngine },
  stateDirectory: string | undefined,
): Persistence {
  const store = new LiveStore(stores.parts, stores.events);
  if (stateDirectory === undefined) return { snapshots: new NamedSnapshots(store), loaded: false, commit: () => {} };
  const { directory, loaded, takenOver } = StateDirectory.open(stateDirectory, store);
  const snapshots = new NamedSnapshots(store, stateDirectory);
  app.addHook('onSend', async (request, _reply, payload) => {
    if (!READ_ONLY_METHODS.has(request.method)) directory.commit();
    return payload;
  });
  let pending: NodeJS.Timeout | undefined;
  stores.delivery.onChange(() => {
    pending ??= setTimeout(() => {
      pending = undefined;
      directory.commit();
    }, DELIVERY_COMMIT_DELAY_MS).unref();
  });
  app.addHook('onClose', async () => {
    clearTimeout(pending);
    directory.commit();
    directory.close();
  });
  return { snapshots, loaded, ...(takenOver ? { takenOver } : {}), commit: () => void directory.commit() };
}
