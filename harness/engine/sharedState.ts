// Target-wide state that scenarios running at the same time can disturb. Each
// scenario declares what it reads and what it moves (harness/engine/scenario.ts); the
// scheduler (harness/engine/scenarioScheduler.ts) lets readers of a thing run together
// and a mover only while no other reader or mover of that thing runs. A scenario
// may instead follow a state: it reads it at each step where it needs it and judges
// by what it read then, so a move beside it changes nothing it judges; it holds no
// lock and runs beside movers (the decisioning properties follow the clock).

export const SHARED_STATE = {
  clock:
    "the target's clock: read = the scenario relies on today's date, the time staying put, or time passing as it does (resources made one after another get later createdAt; a frozen clock gives them one); moved = it advances the clock or changes its scale",
  'delivery-timeout': "the target's delivery time-out, where a control endpoint sets it (suites/delivery/deliveryTimeout.ts)",
  'event-volume':
    "the events queued for the target's webhooks: read by a scenario that waits for its own events through an AtMostOnce webhook, which delivers one event at a time behind every other it admits (6.1); moved by one that makes dozens of events happen at once",
  'webhook-quota':
    "the target's webhooks: read by every scenario that creates or enables one (the sandbox allows 100 Enabled); moved by one that enables them up to the limit or needs nobody else adding any",
  'webhook-list': 'the order and count of the webhook list: moved by a scenario that fills it past a page',
  'account-rules': "the order and count of the fixture account's rule list: moved by a scenario that fills it",
  'account-opt-in': "the fixture account's positive pay opt-in (its policy, 2.2)",
  'product-opt-in': "the fixture deposit product's default opt-in (2.3)",
} as const;
export type SharedState = keyof typeof SHARED_STATE;
export type Access = 'reads' | 'moves';

/** What a scenario declares, with what is derived from it (a scenario that needs clockControl moves the clock). */
export interface Declarations {
  reads?: readonly SharedState[];
  moves?: readonly SharedState[];
  follows?: readonly SharedState[];
  needs?: readonly string[];
}

export interface Footprint {
  reads: ReadonlySet<SharedState>;
  moves: ReadonlySet<SharedState>;
  /** Read where needed, never relied on between two reads: no lock is taken for these. */
  follows?: ReadonlySet<SharedState>;
}

export function footprintOf(scenario: Declarations): Footprint {
  const moves = new Set<SharedState>(scenario.moves ?? []);
  if ((scenario.needs ?? []).includes('clockControl')) moves.add('clock');
  const reads = new Set<SharedState>((scenario.reads ?? []).filter((state) => !moves.has(state)));
  const follows = new Set<SharedState>((scenario.follows ?? []).filter((state) => !moves.has(state) && !reads.has(state)));
  return { reads, moves, ...(follows.size > 0 ? { follows } : {}) };
}

/**
 * The most webhooks a scenario holds at once: what it declares, else one for a
 * scenario that reads or moves the webhook quota (it creates or enables one).
 */
export const webhookAllowanceOf = (scenario: Declarations & { webhooks?: number }): number => {
  if (scenario.webhooks !== undefined) return scenario.webhooks;
  const uses = [...(scenario.reads ?? []), ...(scenario.moves ?? [])];
  return uses.includes('webhook-quota') ? 1 : 0;
};

export const touchesNothing = (footprint: Footprint): boolean => footprint.reads.size === 0 && footprint.moves.size === 0;

/** Whether a scenario may use `state` this way: a mover may also read it. */
export const allows = (footprint: Footprint, state: SharedState, access: Access): boolean =>
  footprint.moves.has(state) || (access === 'reads' && (footprint.reads.has(state) || (footprint.follows?.has(state) ?? false)));

/** What a control endpoint call does to shared state (harness/targetIO/controlClient.ts paths, after the control prefix). */
export function controlAccess(method: string, path: string): { state: SharedState; access: Access } | undefined {
  const read = method.toUpperCase() === 'GET';
  if (path === '/clock' || path.startsWith('/clock/')) return { state: 'clock', access: read ? 'reads' : 'moves' };
  if (path === '/delivery') return { state: 'delivery-timeout', access: read ? 'reads' : 'moves' };
  if (path === '/webhooks' && !read) return { state: 'webhook-list', access: 'moves' };
  return undefined;
}

/**
 * Documented operations that use shared state: each Enabled webhook counts against the sandbox's 100;
 * events are fetched, listed and resent for 90 days (4.4, 6.2), so a clock moved 90 days on takes a
 * scenario's own events away between its reads.
 */
const OPERATION_ACCESS: Partial<Record<string, { state: SharedState; access: Access }>> = {
  'webhook.create': { state: 'webhook-quota', access: 'reads' },
  'webhook.enable': { state: 'webhook-quota', access: 'reads' },
  'event.get': { state: 'clock', access: 'reads' },
  'event.list': { state: 'clock', access: 'reads' },
  'event.resend': { state: 'clock', access: 'reads' },
};

/** Tells `guard` what a documented operation uses. */
export function noteOperation(guard: { use(state: SharedState, access: Access, by: string): void }, operation: string): void {
  const use = OPERATION_ACCESS[operation];
  if (use) guard.use(use.state, use.access, `operation ${operation}`);
}

/** A use of shared state the scenario did not declare: a defect of the suite, reported with the scenario. */
export interface UndeclaredUse {
  itemId: string;
  state: SharedState;
  access: Access;
  /** What did it, e.g. `control POST /clock/advance`. */
  by: string;
  /** Set where the scenario held more webhooks at once than its `webhooks` declares. */
  held?: { count: number; declared: number };
}

export const describeUndeclared = (use: UndeclaredUse): string =>
  use.held
    ? `scenario ${use.itemId} held ${use.held.count} webhooks at once (${use.by}) but declares \`webhooks: ${use.held.declared}\`: ` +
      'the scheduler keeps the run within its webhook budget by the declarations'
    : `scenario ${use.itemId} ${use.access === 'moves' ? 'moved' : 'read'} ${use.state} (${use.by}) without declaring it ` +
      `(\`${use.access}: ['${use.state}']\` in its definition): the scheduler may have run it beside scenarios it disturbs`;
