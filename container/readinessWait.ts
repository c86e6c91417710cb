import { connect } from 'node:net';
import type { BoundPorts, WaitStrategy } from 'testcontainers';
import { request } from 'undici';

// When a container target is ready: its health path answers 2xx, or, without
// one, its port accepts a connection. Under host networking nothing is
// published, so testcontainers' own port strategies have nothing to look at;
// this one is given the address to probe. A container that exits while we wait
// fails at once instead of after the whole start-up timeout.

type DockerContainer = Parameters<WaitStrategy['waitUntilReady']>[0];

export interface ProbeAddress {
  host: string;
  port: number;
}

export class ContainerNotReady extends Error {
  constructor(
    message: string,
    readonly exitCode?: number,
  ) {
    super(message);
  }
}

const POLL_INTERVAL_MS = 250;
const PROBE_TIMEOUT_MS = 2_000;

function portAccepts({ host, port }: ProbeAddress): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port, timeout: PROBE_TIMEOUT_MS });
    socket.once('connect', () => {
      socket.destroy();
      resolve();
    });
    socket.once('timeout', () => socket.destroy(new Error(`no connection within ${PROBE_TIMEOUT_MS} ms`)));
    socket.once('error', reject);
  });
}

async function healthAnswers({ host, port }: ProbeAddress, path: string): Promise<void> {
  const response = await request(`http://${host}:${port}${path}`, { headersTimeout: PROBE_TIMEOUT_MS, bodyTimeout: PROBE_TIMEOUT_MS });
  await response.body.dump();
  if (response.statusCode < 200 || response.statusCode > 299) throw new Error(`${path} answered ${response.statusCode}`);
}

export class ReadinessWait implements WaitStrategy {
  private startupTimeoutMs = 60_000;

  constructor(
    private readonly addressOf: (boundPorts: BoundPorts) => ProbeAddress,
    private readonly healthPath: string | undefined,
  ) {}

  withStartupTimeout(startupTimeoutMs: number): this {
    this.startupTimeoutMs = startupTimeoutMs;
    return this;
  }

  isStartupTimeoutSet(): boolean {
    return true;
  }

  getStartupTimeout(): number {
    return this.startupTimeoutMs;
  }

  /** What the strategy waits for, in words. */
  describe(boundPorts: BoundPorts): string {
    const { host, port } = this.addressOf(boundPorts);
    return this.healthPath ? `GET http://${host}:${port}${this.healthPath} answering 2xx` : `${host}:${port} accepting connections`;
  }

  async waitUntilReady(container: DockerContainer, boundPorts: BoundPorts): Promise<void> {
    const address = this.addressOf(boundPorts);
    const deadline = Date.now() + this.startupTimeoutMs;
    let lastProblem: string;
    for (;;) {
      const state = (await container.inspect()).State;
      if (state.Status === 'exited' || state.Status === 'dead') {
        throw new ContainerNotReady(`exited with code ${state.ExitCode} before it was ready`, state.ExitCode);
      }
      try {
        await (this.healthPath ? healthAnswers(address, this.healthPath) : portAccepts(address));
        return;
      } catch (error) {
        lastProblem = (error as Error).message || String(error);
      }
      if (Date.now() >= deadline) {
        throw new ContainerNotReady(
          `not ready within ${this.startupTimeoutMs} ms (waiting for ${this.describe(boundPorts)}; last probe: ${lastProblem})`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
    }
  }
}
