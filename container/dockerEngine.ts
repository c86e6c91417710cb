import { existsSync } from 'node:fs';
import { getContainerRuntimeClient, type ContainerRuntimeClient } from 'testcontainers';
import { Agent, request } from 'undici';
import { SetupError } from '../harness/records/setupError.ts';
import type { NetworkMode } from './containerSpec.ts';

// The Docker engine a container target runs on, and the two settings that
// depend on it. Each leaves Docker's default only where detection shows the need:
// - network: host networking when the engine has no bridge network (started
//   with `--bridge=none`, as on machines without one), or when the target must
//   reach the harness's webhook sink on the host's loopback (it claims webhook
//   delivery and no --sink-public-url is given): from a bridge network the
//   container's 127.0.0.1 is its own;
// - testcontainers' reaper (Ryuk) needs a port published through the bridge,
//   so with host networking it is disabled, and this harness removes its
//   containers itself (it always does: on success, failure, Ctrl-C, setup error).
// And one that testcontainers needs on such an engine: run inside a container
// (/.dockerenv), it looks for the bridge network's gateway to reach the
// engine's host and fails where there is none; the host is then `localhost`.

export const RYUK_DISABLED_ENV = 'TESTCONTAINERS_RYUK_DISABLED';
export const HOST_OVERRIDE_ENV = 'TESTCONTAINERS_HOST_OVERRIDE';

export interface NetworkChoice {
  network: NetworkMode;
  /** Why, for the run's output. */
  reason: string;
}

export interface DockerEngine extends NetworkChoice {
  client: ContainerRuntimeClient;
  reaper: 'enabled' | 'disabled';
}

export function chooseNetwork(requested: NetworkMode | undefined, hasBridge: boolean, needsHostLoopback: boolean): NetworkChoice {
  if (requested === 'bridge' && !hasBridge)
    throw new SetupError(
      'container.network is bridge, but this Docker engine has no bridge network (started with --bridge=none?): use host',
    );
  if (requested) return { network: requested, reason: 'as the manifest asks' };
  if (!hasBridge) return { network: 'host', reason: 'the engine has no bridge network' };
  if (needsHostLoopback) return { network: 'host', reason: "webhook deliveries must reach the sink on the host's loopback" };
  return { network: 'bridge', reason: "Docker's default" };
}

/** Whether a local engine (a unix socket) has a bridge network; undefined when that cannot be asked before testcontainers connects. */
async function localEngineHasBridge(): Promise<boolean | undefined> {
  const dockerHost = process.env.DOCKER_HOST;
  const socketPath =
    dockerHost === undefined ? '/var/run/docker.sock' : dockerHost.startsWith('unix://') ? dockerHost.slice('unix://'.length) : undefined;
  if (!socketPath || !existsSync(socketPath)) return undefined;
  const agent = new Agent({ connect: { socketPath } });
  try {
    const response = await request('http://docker/networks', { dispatcher: agent, headersTimeout: 5_000, bodyTimeout: 5_000 });
    if (response.statusCode !== 200) {
      await response.body.dump();
      return undefined;
    }
    return ((await response.body.json()) as Array<{ Name: string }>).some((network) => network.Name === 'bridge');
  } catch {
    return undefined;
  } finally {
    await agent.close();
  }
}

export async function connectDockerEngine(requested: NetworkMode | undefined, needsHostLoopback: boolean): Promise<DockerEngine> {
  if ((await localEngineHasBridge()) === false && process.env[HOST_OVERRIDE_ENV] === undefined)
    process.env[HOST_OVERRIDE_ENV] = 'localhost';
  let client: ContainerRuntimeClient;
  try {
    client = await getContainerRuntimeClient();
  } catch (error) {
    throw new SetupError(`a container target needs a running Docker engine (docker info must answer): ${(error as Error).message}`);
  }
  const networks = await client.container.dockerode.listNetworks();
  const choice = chooseNetwork(
    requested,
    networks.some((network) => network.Name === 'bridge'),
    needsHostLoopback,
  );
  // testcontainers reads the setting when it first starts a container; a user's own choice stands.
  if (choice.network === 'host' && process.env[RYUK_DISABLED_ENV] === undefined) process.env[RYUK_DISABLED_ENV] = 'true';
  return { client, ...choice, reaper: process.env[RYUK_DISABLED_ENV] === 'true' ? 'disabled' : 'enabled' };
}
