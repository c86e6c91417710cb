import { type ConcurrencyLimit, fixedLimit } from '../targetIO/adaptiveConcurrency.ts';
import { type Footprint, type SharedState } from './sharedState.ts';

// Decides when each scenario may start. Up to `concurrency` run at a time;
// readers of a shared state run together, a mover of it only while no other
// reader or mover of it runs; the webhooks they hold stay within the budget. Scenarios start in the order given (the engine
// may have shuffled it, harness/engine/schedulePerturbation.ts); one that must wait
// keeps its place: what would hold it up does not start after it, so a mover is
// never starved by a stream of readers.

export interface Schedulable {
  readonly id: string;
  readonly footprint: Footprint;
  /** The most webhooks it holds at once (harness/engine/scenario.ts `webhooks`). */
  readonly webhooks?: number;
}

/**
 * Places for webhooks on the target: a scenario starts only when the webhooks it
 * declares fit beside those of the scenarios running, so the run never holds
 * more than the budget. One that declares more than the whole budget (the
 * sandbox-limit probe) takes all of it and runs as the only holder.
 */
export class WebhookPlaces {
  private taken = 0;
  constructor(readonly budget: number) {}

  private need = (item: Schedulable): number => Math.min(item.webhooks ?? 0, this.budget);
  fits = (item: Schedulable): boolean => this.taken + this.need(item) <= this.budget;
  take = (item: Schedulable): void => void (this.taken += this.need(item));
  give = (item: Schedulable): void => void (this.taken -= this.need(item));
}

export class SharedStateLocks {
  private readonly readers = new Map<SharedState, number>();
  private readonly movers = new Set<SharedState>();

  /** Whether `footprint` may start beside what is held now and what `reserved` (scenarios waiting ahead of it) will hold. */
  admits(footprint: Footprint, reserved: readonly Footprint[] = []): boolean {
    const free = (state: SharedState, asMover: boolean): boolean => {
      if (this.movers.has(state)) return false;
      if (asMover && (this.readers.get(state) ?? 0) > 0) return false;
      return reserved.every((ahead) => !ahead.moves.has(state) && !(asMover && ahead.reads.has(state)));
    };
    return [...footprint.moves].every((state) => free(state, true)) && [...footprint.reads].every((state) => free(state, false));
  }

  take(footprint: Footprint): void {
    for (const state of footprint.moves) this.movers.add(state);
    for (const state of footprint.reads) this.readers.set(state, (this.readers.get(state) ?? 0) + 1);
  }

  give(footprint: Footprint): void {
    for (const state of footprint.moves) this.movers.delete(state);
    for (const state of footprint.reads) this.readers.set(state, (this.readers.get(state) ?? 1) - 1);
  }
}

/**
 * Runs every item through `run`, at most `concurrency` at a time, honouring the
 * locks. A limit that changes (`--concurrency auto`) is read at each start: one
 * that grows starts more at once, one that shrinks starts none until the running
 * are fewer (none is stopped). `shouldStop` ends the starting of new items
 * (--fail-fast); items never started are left out of the result.
 */
export async function schedule<T extends Schedulable, R>(
  items: readonly T[],
  concurrency: number | ConcurrencyLimit,
  run: (item: T, locks: ScheduleHandle) => Promise<R>,
  shouldStop: () => boolean = () => false,
  webhookBudget = Number.POSITIVE_INFINITY,
): Promise<Map<T, R>> {
  const locks = new SharedStateLocks();
  const places = new WebhookPlaces(webhookBudget);
  const results = new Map<T, R>();
  const pending = [...items];
  // Running scenarios waiting for their turn to hold a footprint (moveAlone); taken for them the moment it is free.
  const waiters: Array<{ footprint: Footprint; resume: () => void }> = [];
  /** Items counted against the limit; an item that has released its place (its cleanup) is not. */
  let running = 0;
  /** Items started and not yet finished, released or not. */
  let unfinished = 0;
  let finishAll: () => void = () => {};
  const allDone = new Promise<void>((resolve) => (finishAll = resolve));
  const limit = typeof concurrency === 'number' ? fixedLimit(concurrency) : concurrency;

  const waitTurn = (footprint: Footprint) =>
    new Promise<void>((resume) => {
      waiters.push({ footprint, resume });
      pump();
    });
  const handle: Pick<ScheduleHandle, 'moveAlone'> = {
    // The reader has not relied on the state yet (it asks before it reads), so nothing it judged is affected.
    async moveAlone(reader, state, move) {
      const alone: Footprint = { reads: new Set(), moves: new Set([state]) };
      locks.give(reader);
      await waitTurn(alone);
      try {
        return await move();
      } finally {
        locks.give(alone);
        await waitTurn(reader);
      }
    },
  };

  function pump(): void {
    // A scenario waiting to move a state it read comes first: it is already running.
    for (let index = 0; index < waiters.length; index += 1) {
      const waiter = waiters[index]!;
      if (!locks.admits(waiter.footprint)) continue;
      locks.take(waiter.footprint);
      waiters.splice(index, 1);
      index -= 1;
      waiter.resume();
    }
    if (shouldStop()) pending.length = 0;
    const reserved: Footprint[] = [];
    for (let index = 0; index < pending.length && running < limit.value; index += 1) {
      const item = pending[index]!;
      if (waiters.length > 0 || !locks.admits(item.footprint, reserved) || !places.fits(item)) {
        reserved.push(item.footprint);
        continue;
      }
      pending.splice(index, 1);
      index -= 1;
      start(item);
    }
    if (unfinished === 0 && pending.length === 0 && waiters.length === 0) finishAll();
  }

  function start(item: T): void {
    locks.take(item.footprint);
    places.take(item);
    running += 1;
    unfinished += 1;
    let counted = true;
    const release = (): void => {
      if (!counted) return;
      counted = false;
      running -= 1;
      pump();
    };
    // run never rejects (a scenario's crash is its records); a rejection would only lose that item's result.
    void run(item, { moveAlone: handle.moveAlone, release })
      .then(
        (result) => void results.set(item, result),
        () => undefined,
      )
      .finally(() => {
        locks.give(item.footprint);
        places.give(item);
        unfinished -= 1;
        if (counted) release();
        else pump();
      });
  }

  const stopFollowing = limit.onChange(() => pump());
  pump();
  await allDone;
  stopFollowing();
  return results;
}

/**
 * The order that finishes soonest without a schedule seed: scenarios that move a
 * shared state first, those whose states the most other scenarios use before the
 * rest (stable otherwise). A mover waits for every reader of its state and keeps
 * them all waiting while it runs, so movers early run beside the scenarios that
 * touch nothing of theirs, and the many readers then run together instead of
 * queueing behind a mover met halfway through the list. The webhook-quota mover
 * holds up nearly every delivery and event scenario: a small opt-in mover planned
 * before it would keep it, and them, waiting.
 */
export function moversFirst<T extends Schedulable>(items: readonly T[]): T[] {
  const users = new Map<SharedState, number>();
  for (const item of items) {
    for (const state of new Set([...item.footprint.reads, ...item.footprint.moves])) users.set(state, (users.get(state) ?? 0) + 1);
  }
  const blocks = (item: T): number => Math.max(0, ...[...item.footprint.moves].map((state) => users.get(state) ?? 0));
  const movers = items.filter((item) => item.footprint.moves.size > 0);
  const weight = new Map(movers.map((item) => [item, blocks(item)]));
  // Array.prototype.sort is stable: movers that block alike keep their order.
  movers.sort((a, b) => weight.get(b)! - weight.get(a)!);
  return [...movers, ...items.filter((item) => item.footprint.moves.size === 0)];
}

/** What a running scenario gets from the scheduler. */
export interface ScheduleHandle {
  /**
   * For a reader that finds it must move the state after all (a case that would
   * straddle UTC midnight): gives up its read, waits until it is alone with the
   * state, moves it, and reads again.
   */
  moveAlone<T>(reader: Footprint, state: SharedState, move: () => Promise<T>): Promise<T>;
  /**
   * What the scenario still does (undoing what it made) no longer counts against the concurrency:
   * another may start beside it. Its shared state and webhook places stay held until it ends.
   */
  release(): void;
}
