// Turns on the target's clock among the lifecycle's lanes (lifecycleScenario.ts). A case that
// leaves the clock alone runs beside the others; a case that moves it runs alone: it waits
// until the cases in flight have finished, and none start while it waits or runs. So no case
// ever sees a move it did not make, and each judges by its own model of the day: what a lane
// decides depends on its own cases only, never on when another lane's move fell.

export class ClockTurns {
  private together = 0;
  private moving = false;
  private waitingToMove = 0;
  private wakeUps: Array<() => void> = [];

  /** Runs work beside others that leave the clock alone; none that moves it runs meanwhile. */
  async beside<T>(work: () => Promise<T>): Promise<T> {
    await this.take(
      () => !this.moving && this.waitingToMove === 0,
      () => (this.together += 1),
    );
    try {
      return await work();
    } finally {
      this.together -= 1;
      this.wake();
    }
  }

  /** Runs work that moves the clock, with nothing else in flight from start to end. */
  async alone<T>(work: () => Promise<T>): Promise<T> {
    this.waitingToMove += 1;
    await this.take(
      () => !this.moving && this.together === 0,
      () => {
        this.waitingToMove -= 1;
        this.moving = true;
      },
    );
    try {
      return await work();
    } finally {
      this.moving = false;
      this.wake();
    }
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
