import { SetupError, type TargetManifestFile } from '../harness/target/targetManifest.ts';

// What to start when the target is a container image: from `run --target-image`
// and its companions, or from the `container` section of a target manifest
// (the CLI wins field by field, and its --target-env entries over the manifest's).

export type NetworkMode = 'host' | 'bridge';

export interface ContainerSpec {
  image: string;
  /** The port the image listens on; when absent: 8080, or under host networking a free port passed as PORT. */
  port?: number;
  env: Record<string, string>;
  /** Polled until it answers 2xx; without it, readiness is the port accepting connections. */
  healthPath?: string;
  startupTimeoutMs: number;
  /** Chosen by detection when absent (dockerEngine.ts). */
  network?: NetworkMode;
  /** The target claims webhook delivery to the harness's sink on the host's loopback. */
  deliversToHostLoopback: boolean;
}

export type ManifestContainer = NonNullable<TargetManifestFile['container']>;

export interface ContainerOptions {
  targetImage?: string;
  targetPort?: string;
  targetEnv?: string[];
  baseUrl?: string;
  emulatorFault?: string[];
  sinkPublicUrl?: string;
}

export const DEFAULT_STARTUP_TIMEOUT_MS = 60_000;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new SetupError(`--target-port must be an integer from 1 to 65535; got '${value}'`);
  return port;
}

export function parseTargetEnv(entries: readonly string[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const entry of entries) {
    const equals = entry.indexOf('=');
    const name = equals < 0 ? entry : entry.slice(0, equals);
    // The value is never echoed: it may be a token.
    if (equals < 0) throw new SetupError(`--target-env ${name}: expected NAME=VALUE`);
    if (!ENV_NAME.test(name)) throw new SetupError(`--target-env: '${name}' is not a valid environment variable name`);
    env[name] = entry.slice(equals + 1);
  }
  return env;
}

/** The container to start for this run, or undefined when the target is not an image. */
export function containerSpecOf(options: ContainerOptions, manifest: TargetManifestFile): ContainerSpec | undefined {
  const fromManifest = manifest.container;
  const image = options.targetImage ?? fromManifest?.image;
  if (!image) {
    if (options.targetPort || options.targetEnv?.length)
      throw new SetupError('--target-port and --target-env apply to a container target: add --target-image IMAGE');
    return undefined;
  }
  if (options.baseUrl)
    throw new SetupError(`--base-url cannot be combined with a container target (${image}): its address is the container's`);
  if (options.emulatorFault?.length) {
    throw new SetupError(
      '--emulator-fault applies to the embedded emulator; for the emulator image use --target-env BANKING_EMULATOR_FAULTS=NAME[,NAME...]',
    );
  }
  const port = options.targetPort !== undefined ? parsePort(options.targetPort) : fromManifest?.port;
  return {
    image,
    ...(port !== undefined ? { port } : {}),
    env: { ...fromManifest?.env, ...parseTargetEnv(options.targetEnv ?? []) },
    ...(fromManifest?.healthPath ? { healthPath: fromManifest.healthPath } : {}),
    startupTimeoutMs: fromManifest?.startupTimeoutMs ?? DEFAULT_STARTUP_TIMEOUT_MS,
    ...(fromManifest?.network ? { network: fromManifest.network } : {}),
    deliversToHostLoopback: manifest.capabilities.includes('webhookDelivery') && !options.sinkPublicUrl && !manifest.webhookSink?.publicUrl,
  };
}
