import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// A container target is removed however the run ends. The normal ends (pass,
// fail, setup error) remove it asynchronously; an interrupted or exiting
// process cannot wait for a promise, so from the 'exit' event the removal runs
// as a separate process we wait for. testcontainers' reaper would do this job
// where it can run; where it is disabled (host networking) nothing else would.

const REMOVER = fileURLToPath(new URL('./removeContainerProcess.mjs', import.meta.url));
const EXIT_CODE_OF: Partial<Record<NodeJS.Signals, number>> = { SIGINT: 130, SIGTERM: 143 };

export class ContainerCleanup {
  private containerId: string | undefined;
  private released = false;
  private readonly onExit = (): void => this.removeBeforeExit();
  private readonly onSignal = (signal: NodeJS.Signals): void => {
    process.stderr.write(`banking-api-conformance: ${signal}: removing the target container\n`);
    process.exit(EXIT_CODE_OF[signal] ?? 1);
  };

  constructor() {
    process.once('exit', this.onExit);
    process.once('SIGINT', this.onSignal);
    process.once('SIGTERM', this.onSignal);
  }

  track(containerId: string): void {
    this.containerId = containerId;
  }

  /** The container is gone (or never existed): stop watching the process. */
  release(): void {
    this.released = true;
    process.off('exit', this.onExit);
    process.off('SIGINT', this.onSignal);
    process.off('SIGTERM', this.onSignal);
  }

  private removeBeforeExit(): void {
    if (this.released || !this.containerId) return;
    this.released = true;
    const result = spawnSync(process.execPath, [REMOVER, this.containerId], { stdio: ['ignore', 'ignore', 'inherit'], timeout: 30_000 });
    if (result.status !== 0)
      process.stderr.write(`banking-api-conformance: remove container ${this.containerId} by hand: docker rm -f ${this.containerId}\n`);
  }
}
