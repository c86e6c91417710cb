import { ControlClient } from '../targetIO/controlClient.ts';
import type { ScheduleHandle } from './scenarioScheduler.ts';
import type { Pace } from '../targetIO/apiClient.ts';
import { type Access, allows, controlAccess, type Footprint, type SharedState, type UndeclaredUse } from './sharedState.ts';
import { HeldWebhooks } from '../targetIO/heldWebhooks.ts';
import type { TargetInfo } from '../targetIO/targetManifest.ts';

// Holds one running scenario to what it declared: every use of shared state that
// can be seen (a control endpoint, the fixture opt-in put-back) is checked
// against its footprint, and what it did not declare is kept as an undeclared use,
// which fails the run as a defect of the suite (harness/engine/engine.ts).

export class SharedStateGuard {
  readonly undeclared: UndeclaredUse[] = [];
  /** States the scenario is moving right now by leave of the scheduler (moveAlone). */
  private readonly movingAlone = new Set<SharedState>();

  constructor(
    readonly itemId: string,
    readonly footprint: Footprint,
    private readonly handle?: ScheduleHandle,
    /** The run's tally of webhooks held on the target. */
    readonly webhooks: HeldWebhooks = new HeldWebhooks(),
    /** The most webhooks the scenario declared it holds at once (harness/engine/scenario.ts `webhooks`). */
    private readonly webhookAllowance = 0,
  ) {}

  /** Webhooks of this scenario's own held now (created, not yet disabled), and the most at once. */
  private heldNow = 0;
  peakHeld = 0;

  /** A webhook the scenario created: counted for it and for the run; more than it declared is an undeclared use. */
  holdWebhook(by: string): void {
    this.heldNow += 1;
    this.peakHeld = Math.max(this.peakHeld, this.heldNow);
    this.webhooks.change(1);
    if (this.heldNow > this.webhookAllowance && !this.undeclared.some((use) => use.held !== undefined)) {
      this.undeclared.push({
        itemId: this.itemId,
        state: 'webhook-quota',
        access: 'reads',
        by,
        held: { count: this.heldNow, declared: this.webhookAllowance },
      });
    }
  }

  /** One of its webhooks is disabled again. */
  releaseWebhook(): void {
    if (this.heldNow === 0) return;
    this.heldNow -= 1;
    this.webhooks.change(-1);
  }

  /** Notes a use; one the scenario did not declare is kept. */
  use(state: SharedState, access: Access, by: string): void {
    if (allows(this.footprint, state, access) || this.movingAlone.has(state)) return;
    if (this.undeclared.some((use) => use.state === state && use.access === access)) return;
    this.undeclared.push({ itemId: this.itemId, state, access, by });
  }

  /**
   * Moves a state the scenario only declared it reads, once it is alone with it:
   * for a move that is seldom needed (a case that would straddle UTC midnight),
   * so that the scenario need not be a mover every time. The scenario must not
   * have relied on the state before it asks.
   */
  async moveAlone<T>(state: SharedState, move: () => Promise<T>): Promise<T> {
    if (this.footprint.moves.has(state)) return move();
    const declared = this.footprint.reads.has(state) || (this.footprint.follows?.has(state) ?? false);
    if (!declared) this.use(state, 'reads', `moveAlone('${state}')`);
    const moving = async () => {
      this.movingAlone.add(state);
      try {
        return await move();
      } finally {
        this.movingAlone.delete(state);
      }
    };
    return this.handle && declared ? this.handle.moveAlone(this.footprint, state, moving) : moving();
  }
}

/** The control client a scenario gets: each call is checked against its declarations and paced by the schedule fuzzer. */
export class GuardedControlClient extends ControlClient {
  constructor(
    target: TargetInfo,
    private readonly guard: SharedStateGuard,
    private readonly pace?: Pace,
  ) {
    super(target);
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override async request(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
    const use = controlAccess(method, path);
    if (use) this.guard.use(use.state, use.access, `control ${method.toUpperCase()} ${path}`);
    await this.pace?.();
    return super.request(method, path, body);
  }
}
