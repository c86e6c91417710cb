import { mixSeed } from '../harness/engine/schedulePerturbation.ts';

// Where a plan's perturbations land, counted the same way by both benders (client/perturbations.ts inside
// the emulator, client/proxiedPerturbations.ts through the proxy): each perturbation has its chances (the
// calls it could bend, in the order the client makes them) and bends the one its aim names. A perturbation
// given no `call` is placed by the run's seed: seed 0 (the default) at its first chance, as a plan without
// parameters always was; any other seed at one of its first SEEDED_CHANCES, drawn from the seed and its name,
// so that the same seed and plan bend the same calls again and its replay (--seed, --plan) bends them once more.

/** Among how many of its first chances the seed places a perturbation given no call. */
export const SEEDED_CHANCES = 3;

/** The chance a perturbation given no call is placed at by `seed` (1 the first). */
export const seededCall = (seed: number, name: string): number => (seed === 0 ? 1 : 1 + (mixSeed(seed, name) % SEEDED_CHANCES));

/** Every planned perturbation's aim with its call: the plan's where it gave one, else the seed's. */
export function placedAims<Name extends string, A extends Placed>(
  plan: readonly Name[],
  aims: Partial<Record<Name, A>>,
  seed: number,
): Partial<Record<Name, A>> {
  return Object.fromEntries(plan.map((name) => [name, { ...aims[name], call: aims[name]?.call ?? seededCall(seed, name) }])) as Partial<
    Record<Name, A>
  >;
}

/** What of an aim the cursor reads: which chance it bends (client/perturbations.ts Aim). Generic, so this module imports none. */
export interface Placed {
  call?: number;
}

/** Counts each perturbation's chances and says which one is its own; a perturbation bends once, then is spent. */
export class PlanCursor<Name extends string> {
  private readonly pending: Set<Name>;
  private readonly seen = new Map<Name, number>();

  constructor(
    plan: readonly Name[],
    private readonly aims: Partial<Record<Name, Placed>>,
  ) {
    this.pending = new Set(plan);
  }

  /** Whether `name` is planned and not yet made. */
  has(name: Name): boolean {
    return this.pending.has(name);
  }

  get spent(): boolean {
    return this.pending.size === 0;
  }

  /** One more chance of `name`: true when it is the chance its aim names, which spends it. */
  take(name: Name): boolean {
    if (!this.pending.has(name)) return false;
    const seen = (this.seen.get(name) ?? 0) + 1;
    this.seen.set(name, seen);
    if (seen !== (this.aims[name]?.call ?? 1)) return false;
    this.pending.delete(name);
    return true;
  }
}

/** The chance each perturbation was placed at where not its first, for the judges' words; none when every one is at its first. */
export function placedAtOf<Name extends string>(aims: Partial<Record<Name, Placed>>): { placedAt?: Partial<Record<Name, number>> } {
  const later = (Object.entries(aims) as Array<[Name, Placed | undefined]>).flatMap(([name, aim]) =>
    (aim?.call ?? 1) > 1 ? [[name, aim!.call!] as const] : [],
  );
  return later.length > 0 ? { placedAt: Object.fromEntries(later) as Partial<Record<Name, number>> } : {};
}
