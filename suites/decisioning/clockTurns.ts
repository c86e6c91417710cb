// Turns on the target's clock among the lifecycle's lanes (lifecycleScenario.ts). Every case
// reads the clock from its start to its end; so the clock moves only when every case in flight
// has come to its move: one move then serves them all (each moves it the same two days, once),
// and no case starts until it is made. A case that moves the clock runs beside the others until
// its move. No case ever sees a move it did not make, and each judges by its own model of the
// day: what a lane decides depends on its own cases only, never on when another lane's move fell.

export class ClockTurns {
  private inFlight = 0;
  private moversInFlight = 0;
  /** The move being gathered: from the first case that comes to it until it is made. */
  private gathering?: { arrived: number; made?: Promise<void> };
  private wakeUps: Array<() => void> = [];

  /** Runs a case that leaves the clock alone: it starts once no move is being gathered. */
  async beside<T>(work: () => Promise<T>): Promise<T> {
    await this.take(
      () => this.gathering === undefined,
      () => (this.inFlight += 1),
    );
    try {
      return await work();
    } finally {
      this.inFlight -= 1;
      this.wake();
    }
  }

  /** Runs a case that moves the clock, once, by `move`. */
  async mover<T>(work: () => Promise<T>): Promise<T> {
    return this.beside(async () => {
      this.moversInFlight += 1;
      try {
        return await work();
      } finally {
        this.moversInFlight -= 1;
      }
    });
  }

  /**
   * Within a mover's case: waits until every case in flight has come to its move, then the
   * clock moves once for them all (`step`, made by whichever sees it first; the same for each).
   */
  async move(step: () => Promise<void>): Promise<void> {
    if (this.moversInFlight === 0) throw new Error('the clock moved outside a mover case: a defect of the lifecycle scenario');
    const gathering = (this.gathering ??= { arrived: 0 });
    gathering.arrived += 1;
    this.wake();
    await this.take(
      () => gathering.made !== undefined || gathering.arrived === this.inFlight,
      () => {
        gathering.made ??= step().finally(() => {
          this.gathering = undefined;
          this.wake();
        });
      },
    );
    await gathering.made;
  }

  /** Waits until ready, then claims in the same step: no other waiter can see ready in between. */
  private async take(ready: () => boolean, claim: () => void): Promise<void> {
    while (!ready()) await new Promise<void>((resolve) => this.wakeUps.push(resolve));
    claim();
  }

  private wake(): void {
    const waiting = this.wakeUps;
    this.wakeUps = [];
    for (const resolve of waiting) resolve();
  }
}
