import type { JudgedCall } from './clientChecks.ts';
import type { PerturbationName } from './perturbations.ts';

// What the judges of a client's perturbations read (client/perturbationChecks.ts), and the table of how it coped
// (client/copedTable.ts) beside them: a module of its own, so that neither reaches the other for it.

/** What the perturbation judges read: the calls in order, the plan, and how the client's command ended. */
export interface PerturbedRun {
  calls: readonly JudgedCall[];
  plan: readonly PerturbationName[];
  /** Absent for a client started elsewhere, which gives no exit; `interrupted` when the user's Ctrl-C stopped it. */
  exit?: { code: number | null; signal: string | null; interrupted?: boolean };
  /** Why a planned perturbation could not be made where the client called (client --target: client/proxiedPerturbations.ts). */
  unavailable?: Partial<Record<PerturbationName, string>>;
  /** Which of its chances a perturbation was placed at (--plan call=, or the seed: client/planCursor.ts), where not its first. */
  placedAt?: Partial<Record<PerturbationName, number>>;
}
