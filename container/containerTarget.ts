import { GenericContainer, type StartedTestContainer } from 'testcontainers';
import { SetupError } from '../harness/records/setupError.ts';
import { ContainerCleanup } from './containerCleanup.ts';
import { ContainerLog, dockerLogText } from './containerLog.ts';
import type { ContainerSpec, NetworkMode } from './containerSpec.ts';
import { connectDockerEngine, type DockerEngine } from './dockerEngine.ts';
import { listenAddress } from './listenAddress.ts';
import { ContainerNotReady, ReadinessWait } from './readinessWait.ts';

// A container image as the target of a run: started with testcontainers,
// waited for, addressed, its output captured, and removed afterwards.

/** Labels every container this harness starts, so that one left behind can be found. */
export const TARGET_LABEL = 'banking-api-conformance.target';

/** Exactly what ran: the name given, the image id (content-addressed) and any registry digests. */
export interface ImageIdentity {
  name: string;
  id: string;
  repoDigests: string[];
}

/** The container part of results.json. */
export interface ContainerRunRecord {
  image: ImageIdentity;
  containerId: string;
  network: NetworkMode;
  reaper: 'enabled' | 'disabled';
  startedAt: string;
  /** From asking Docker to start it until it was ready. */
  startupMs: number;
  /** Names only: values may be secrets. */
  envNames: string[];
  /** The last lines of its output, for the report next to the verdict. */
  logTail: string[];
  logLineCount: number;
}

export interface ContainerTarget {
  baseUrl: string;
  image: ImageIdentity;
  /** Stops and removes the container; the record and the whole log, complete. Idempotent. */
  finish(): Promise<{ record: ContainerRunRecord; log: string }>;
}

export const LOG_TAIL_LINES = 40;
const STOP_TIMEOUT_MS = 5_000;

/** Learns the container's id as soon as Docker creates it, before start() returns or fails. */
class TrackedContainer extends GenericContainer {
  createdId: string | undefined;

  constructor(
    image: string,
    private readonly cleanup: ContainerCleanup,
  ) {
    super(image);
  }

  protected override async containerCreated(containerId: string): Promise<void> {
    this.cleanup.track(containerId);
    this.createdId = containerId;
  }
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

async function removeUnstarted(engine: DockerEngine, containerId: string | undefined): Promise<void> {
  if (!containerId) return;
  try {
    await engine.client.container.dockerode.getContainer(containerId).remove({ force: true, v: true });
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== 404 && status !== 409) throw error;
  }
}

/** Docker's whole record of a container's output into `log`, where it can still be read. */
async function readWholeLog(engine: DockerEngine, containerId: string | undefined, log: ContainerLog): Promise<void> {
  if (!containerId) return;
  try {
    const output: unknown = await engine.client.container.dockerode
      .getContainer(containerId)
      .logs({ stdout: true, stderr: true, follow: false });
    if (Buffer.isBuffer(output)) log.replaceWith(dockerLogText(output));
  } catch {
    // What was streamed stays: a missing line is better than a lost error.
  }
}

async function imageIdentity(engine: DockerEngine, name: string, started: StartedTestContainer): Promise<ImageIdentity> {
  const { Image: id } = await engine.client.container.dockerode.getContainer(started.getId()).inspect();
  const { RepoDigests } = await engine.client.container.dockerode.getImage(id).inspect();
  return { name, id, repoDigests: RepoDigests ?? [] };
}

export async function startContainerTarget(spec: ContainerSpec, write: (text: string) => void): Promise<ContainerTarget> {
  const engine = await connectDockerEngine(spec.network, spec.deliversToHostLoopback);
  const { port, env } = await listenAddress(spec, engine.network);
  const host = engine.network === 'host' ? '127.0.0.1' : engine.client.info.containerRuntime.host;
  const wait = new ReadinessWait((bound) => ({ host, port: engine.network === 'host' ? port : bound.getBinding(port) }), spec.healthPath);
  const log = new ContainerLog();
  const cleanup = new ContainerCleanup();
  const container = new TrackedContainer(spec.image, cleanup)
    .withEnvironment(env)
    .withLabels({ [TARGET_LABEL]: 'true' })
    .withWaitStrategy(wait)
    .withStartupTimeout(spec.startupTimeoutMs)
    .withLogConsumer((stream) => log.consume(stream));
  if (engine.network === 'host') container.withNetworkMode('host');
  else container.withExposedPorts(port);

  write(`Starting container ${spec.image} (network ${engine.network}: ${engine.reason}; testcontainers reaper ${engine.reaper})`);
  const startedAt = Date.now();
  let started: StartedTestContainer;
  try {
    started = await container.start();
  } catch (error) {
    await log.settled(1_000);
    await readWholeLog(engine, container.createdId, log);
    await removeUnstarted(engine, container.createdId).then(
      () => cleanup.release(),
      () => undefined, // left to the exit hook, which tries again
    );
    const reason = error instanceof ContainerNotReady ? error.message : `could not be started: ${oneLine((error as Error).message)}`;
    if (container.createdId === undefined) throw new SetupError(`target image ${spec.image} ${reason}`);
    const last = log.lastLine();
    throw new SetupError(
      `target image ${spec.image} ${reason}; last log line: ${last === undefined ? '(none: it printed nothing)' : oneLine(last)}`,
    );
  }
  const startupMs = Date.now() - startedAt;
  let image: ImageIdentity;
  try {
    image = await imageIdentity(engine, spec.image, started);
  } catch (error) {
    await started.stop({ remove: true, timeout: 0 }).then(
      () => cleanup.release(),
      () => undefined, // left to the exit hook, which tries again
    );
    throw new SetupError(`target image ${spec.image}: could not read its image id: ${oneLine((error as Error).message)}`);
  }
  const baseUrl = `http://${host}:${engine.network === 'host' ? port : started.getMappedPort(port)}`;
  write(`Container ${started.getId().slice(0, 12)} of ${spec.image} (${image.id}) ready at ${baseUrl} after ${startupMs} ms`);

  let finished: Promise<{ record: ContainerRunRecord; log: string }> | undefined;
  const finish = async (): Promise<{ record: ContainerRunRecord; log: string }> => {
    // On failure the exit hook stays armed and tries again.
    await started.stop({ remove: true, timeout: STOP_TIMEOUT_MS });
    cleanup.release();
    await log.settled(1_000);
    return {
      record: {
        image,
        containerId: started.getId(),
        network: engine.network,
        reaper: engine.reaper,
        startedAt: new Date(startedAt).toISOString(),
        startupMs,
        envNames: Object.keys(env).sort(),
        logTail: log.tail(LOG_TAIL_LINES),
        logLineCount: log.lines().length,
      },
      log: log.text(),
    };
  };
  return {
    baseUrl,
    image,
    finish: () => (finished ??= finish()),
  };
}
