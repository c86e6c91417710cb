import { startEmulator, type Emulator } from '../emulator/emulator.ts';
import type { Area } from '../harness/scenario.ts';
import { EMULATOR_MANIFEST_PATH, loadManifest, SetupError, type TargetManifestFile } from '../harness/targetManifest.ts';
import { type ContainerTarget, disposeTargetContainer, startTargetContainer, targetImageManifestPath, type TargetImageOptions } from '../container/targetImageRun.ts';
import { assertReachable } from './reachability.ts';

// What the run is against: the embedded emulator (no --target, no --base-url, no
// --target-image; one instance per area), a container image started for the run,
// or a base URL from the options or the manifest. Started here, checked reachable, stopped by stopRunTarget.

/** TargetImageOptions: --target-image, --target-port, --target-env, --target-manifest (container/). */
export interface TargetRequest extends TargetImageOptions {
  target?: string;
  baseUrl?: string;
  /** Faults or tolerated variations for the embedded emulator. */
  emulatorFault?: string[];
}

export interface RunTarget {
  manifest: TargetManifestFile;
  baseUrl: string;
  /** The embedded emulators: one per area, so that areas run side by side without sharing a clock. */
  emulators: Map<Area, Emulator>;
  container?: ContainerTarget;
}

/** The manifest the run will use, read before anything starts (a bad one is a setup error). */
export function targetManifestPath(request: TargetRequest): string {
  return request.target ?? targetImageManifestPath(request) ?? EMULATOR_MANIFEST_PATH;
}

/**
 * `areas`: the areas of the run. The embedded emulator is started once per area (same
 * options, own state and clock): an area holding the clock then holds only its own.
 */
export async function startRunTarget(request: TargetRequest, areas: readonly Area[], say: (text: string) => void, write: (text: string) => void): Promise<RunTarget> {
  const manifestPath = targetManifestPath(request);
  const manifest = loadManifest(manifestPath);
  const embedded = !request.target && !request.baseUrl && !request.targetImage;
  const target: RunTarget = { manifest, baseUrl: '', emulators: new Map() };
  try {
    if (embedded) {
      const faults = request.emulatorFault ?? [];
      try {
        for (const area of areas) target.emulators.set(area, await startEmulator({ environment: manifest.environment, faults }));
      } catch (error) {
        throw new SetupError(`--emulator-fault: ${(error as Error).message}`);
      }
      const first = [...target.emulators.values()][0];
      say(`Started the embedded reference emulator at ${first?.url()}${target.emulators.size > 1 ? ` and ${target.emulators.size - 1} more, one per area` : ''}${faults.length ? ` with ${faults.join(', ')}` : ''}`);
    }
    const container = await startTargetContainer(request, manifest, write);
    if (container) target.container = container;
    target.baseUrl = [...target.emulators.values()][0]?.url() ?? container?.baseUrl ?? request.baseUrl ?? manifest.baseUrl ?? '';
    await assertReachable(target.baseUrl.replace(/\/+$/, ''), request.baseUrl ? '--base-url' : container ? `the container of ${container.image.name}` : `baseUrl in ${manifestPath}`);
    return target;
  } catch (error) {
    await stopRunTarget(target);
    throw error;
  }
}

/** For `finally`: removes the container and closes the embedded emulator, whatever happened. */
export async function stopRunTarget(target: RunTarget | undefined): Promise<void> {
  await disposeTargetContainer(target?.container);
  await Promise.all([...(target?.emulators.values() ?? [])].map((emulator) => emulator.close()));
}
