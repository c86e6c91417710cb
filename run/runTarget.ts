import type { Emulator } from '../emulator/emulator.ts';
import { EMULATOR_MANIFEST_PATH, loadManifest, type TargetManifestFile } from '../harness/targetIO/targetManifest.ts';
import { SetupError } from '../harness/records/setupError.ts';
import {
  type ContainerTarget,
  disposeTargetContainer,
  startTargetContainer,
  targetImageManifestPath,
  type TargetImageOptions,
} from '../container/targetImageRun.ts';
import { assertReachable } from './reachability.ts';
import type { OptionWords } from '../harness/records/optionWords.ts';

// What the run is against: the embedded emulator (no --target, no --base-url, no
// --target-image), a container image started for the run, or a base URL from the
// options or the manifest. Started here, checked reachable, stopped by stopRunTarget.

/** TargetImageOptions: --target-image, --target-port, --target-env, --target-manifest (container/). */
export interface TargetRequest extends TargetImageOptions {
  target?: string;
  baseUrl?: string;
  /** Faults or tolerated variations for the embedded emulator. */
  emulatorFault?: string[];
  /** How long a target that does not answer yet is waited for (one CI started a moment before). */
  waitForTarget?: number;
  /** The command line's options, as a setup error names the one to fix (cli/commandLineText.ts). */
  optionWords?: OptionWords;
}

export interface RunTarget {
  manifest: TargetManifestFile;
  baseUrl: string;
  emulator?: Emulator;
  container?: ContainerTarget;
}

/** The manifest the run will use, read before anything starts (a bad one is a setup error). */
export function targetManifestPath(request: TargetRequest): string {
  return request.target ?? targetImageManifestPath(request) ?? EMULATOR_MANIFEST_PATH;
}

export async function startRunTarget(
  request: TargetRequest,
  say: (text: string) => void,
  write: (text: string) => void,
): Promise<RunTarget> {
  const manifestPath = targetManifestPath(request);
  const manifest = loadManifest(manifestPath);
  const embedded = !request.target && !request.baseUrl && !request.targetImage;
  const target: RunTarget = { manifest, baseUrl: '' };
  try {
    if (embedded) {
      const faults = request.emulatorFault ?? [];
      try {
        // Loaded only when it runs: a run against a URL, or one refused for its options, never pays for it.
        const { startEmulator } = await import('../emulator/emulator.ts');
        target.emulator = await startEmulator({ environment: manifest.environment, faults });
      } catch (error) {
        throw new SetupError(`${request.optionWords?.emulatorFault ?? 'the embedded emulator'}: ${(error as Error).message}`);
      }
      // Its URL is said once, on the run's Target line; it stops with the run.
      say(`Started the embedded reference emulator for this run${faults.length ? ` with ${faults.join(', ')}` : ''}`);
    }
    const container = await startTargetContainer(request, manifest, write);
    if (container) target.container = container;
    target.baseUrl = target.emulator?.url() ?? container?.baseUrl ?? request.baseUrl ?? manifest.baseUrl ?? '';
    await assertReachable(
      target.baseUrl.replace(/\/+$/, ''),
      request.baseUrl
        ? (request.optionWords?.baseUrl ?? 'the base URL')
        : container
          ? `the container of ${container.image.name}`
          : `baseUrl in ${manifestPath}`,
      request.waitForTarget,
      say,
    );
    return target;
  } catch (error) {
    await stopRunTarget(target);
    throw error;
  }
}

/** For `finally`: removes the container and closes the embedded emulator, whatever happened. */
export async function stopRunTarget(target: RunTarget | undefined): Promise<void> {
  await disposeTargetContainer(target?.container);
  await target?.emulator?.close();
}
