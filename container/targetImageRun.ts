import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type TargetManifestFile } from '../harness/targetIO/targetManifest.ts';
import { SetupError } from '../harness/records/setupError.ts';
import type { SecretRedactor } from '../harness/records/secretRedactor.ts';
import { containerSpecOf, type ContainerOptions } from './containerSpec.ts';
import type { ContainerRunRecord, ContainerTarget } from './containerTarget.ts';

// What `run` calls for a container target (--target-image, or a manifest with
// a `container` section): which manifest describes it, starting it, and
// recording it in the reports once the suite has run.

export type { ContainerTarget };

export interface TargetImageOptions extends ContainerOptions {
  target?: string;
  /** The manifest describing the image (capabilities, tokens); default: the emulator image's. */
  targetManifest?: string;
}

/** A --target-image is, unless told otherwise, an image of the reference emulator: same claims, its health path. */
export const EMULATOR_IMAGE_MANIFEST_PATH = fileURLToPath(new URL('../targets/emulator-image.json', import.meta.url));

export const CONTAINER_LOG_FILE = 'container.log';

/** The optional peer dependency that starts containers. */
const TESTCONTAINERS = 'testcontainers';

/** The manifest to load for a run of an image named by the options, or undefined when they name none. */
export function targetImageManifestPath(options: TargetImageOptions): string | undefined {
  if (!options.targetImage || options.target) return undefined;
  return options.targetManifest ?? EMULATOR_IMAGE_MANIFEST_PATH;
}

/** Starts the container target of this run; undefined when the target is not a container. */
export async function startTargetContainer(
  options: TargetImageOptions,
  manifest: TargetManifestFile,
  write: (text: string) => void,
): Promise<ContainerTarget | undefined> {
  const spec = containerSpecOf(options, manifest);
  if (!spec) return undefined;
  const { startContainerTarget } = await loadContainerTarget();
  return startContainerTarget(spec, write);
}

/**
 * containerTarget.ts, loaded only for a container target: testcontainers is an optional peer dependency
 * (most of an install, and a second to load, that a run against a URL never uses), so it may be missing.
 */
async function loadContainerTarget(): Promise<typeof import('./containerTarget.ts')> {
  try {
    return await import('./containerTarget.ts');
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    if (code === 'ERR_MODULE_NOT_FOUND' && message.includes(`'${TESTCONTAINERS}'`))
      throw new SetupError(
        `a container target needs the ${TESTCONTAINERS} package, which is not installed: npm install --save-dev ${TESTCONTAINERS}`,
      );
    throw error;
  }
}

/** Stops and removes the container, then writes its whole log to DIR/container.log (the reporters read it there). */
export async function recordContainerRun(
  container: ContainerTarget,
  reportDir: string,
  redactor: SecretRedactor,
): Promise<ContainerRunRecord> {
  const { record, log } = await container.finish();
  const redacted = redactor.text(log);
  mkdirSync(reportDir, { recursive: true });
  writeFileSync(join(reportDir, CONTAINER_LOG_FILE), redacted);
  return record;
}

/** For `finally`: removes the container whatever happened, and says so if it cannot. */
export async function disposeTargetContainer(container: ContainerTarget | undefined): Promise<void> {
  if (!container) return;
  try {
    await container.finish();
  } catch (error) {
    process.stderr.write(
      `banking-api-conformance: could not remove the target container: ${(error as Error).message}; see docker ps -a --filter label=banking-api-conformance.target\n`,
    );
  }
}
