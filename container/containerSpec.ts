import type { TargetManifestFile } from '../harness/targetIO/targetManifest.ts';

// What to start when the target is a container image: from the run's container options
// or from the `container` section of a target manifest (the options win field by field,
// and their environment over the manifest's, name by name).

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

/** The container options of `run`, as values (cli/containerValues.ts parses and checks them). */
export interface ContainerOptions {
  targetImage?: string;
  targetPort?: number;
  /** Over the manifest's env, name by name. */
  targetEnv?: Record<string, string>;
  sinkPublicUrl?: string;
}

export const DEFAULT_STARTUP_TIMEOUT_MS = 60_000;

/** The container to start for this run, or undefined when the target is not an image. */
export function containerSpecOf(options: ContainerOptions, manifest: TargetManifestFile): ContainerSpec | undefined {
  const fromManifest = manifest.container;
  const image = options.targetImage ?? fromManifest?.image;
  if (!image) return undefined;
  const port = options.targetPort ?? fromManifest?.port;
  return {
    image,
    ...(port !== undefined ? { port } : {}),
    env: { ...fromManifest?.env, ...options.targetEnv },
    ...(fromManifest?.healthPath ? { healthPath: fromManifest.healthPath } : {}),
    startupTimeoutMs: fromManifest?.startupTimeoutMs ?? DEFAULT_STARTUP_TIMEOUT_MS,
    ...(fromManifest?.network ? { network: fromManifest.network } : {}),
    deliversToHostLoopback: manifest.capabilities.includes('webhookDelivery') && !options.sinkPublicUrl && !manifest.webhookSink?.publicUrl,
  };
}
