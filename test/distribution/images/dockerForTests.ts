import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { docker } from '../../../container/dockerCli.ts';
import { TARGET_LABEL } from '../../../container/containerTarget.ts';
import { type BuiltImage, buildEmulatorImage, bundleEmulator, PROJECT_ROOT } from '../../../container/emulatorImage.ts';
import { buildRunnerImage } from '../../../container/runnerImage.ts';
import { contentKey, folderParts, sharedBuild } from '../../support/sharedBuild.ts';
import { missingToolReason } from '../../support/systemTools.ts';

// Docker for the container tests. No image registry is reachable where these
// tests run, so nothing is pulled: the base image is made here from the running
// Node.js binary and the shared libraries ldd lists for it (docker import of
// that root filesystem), and every image is built on it.
// Without a Docker engine the tests skip with the reason and the install command;
// .ci/run installs and starts one and sets REQUIRE_DOCKER_ENV (and CI=true), under
// which a missing engine fails.

export const REQUIRE_DOCKER_ENV = 'BANKING_CONFORMANCE_REQUIRE_DOCKER';
const DOCKER_INSTALL = 'apt-get install -y docker.io && (dockerd --bridge=none --iptables=false &) (as .ci/run does)';
export const EMULATOR_TEST_TAG = 'banking-api-emulator:test';
export const RUNNER_TEST_TAG = 'banking-api-conformance:test';
// -2: the base also holds the libraries of the native addons the suite loads (the runner image).
const BASE_TAG = `banking-api-conformance-base:node-${process.versions.node}-2`;

/** Why the container tests cannot run here, or undefined when they can. */
export function dockerUnavailableReason(): string | undefined {
  const info = spawnSync('docker', ['info', '--format', '{{.ServerVersion}}'], { encoding: 'utf8', timeout: 15_000 });
  let problem: string | undefined;
  if (info.error) problem = `no docker CLI (${(info.error as NodeJS.ErrnoException).code ?? info.error.message})`;
  else if (info.status !== 0) problem = `the Docker engine does not answer: ${(info.stderr || info.stdout).trim().split('\n').pop()}`;
  else if (spawnSync('ldd', ['--version']).error)
    problem = 'no ldd to list the libraries of the node binary for the locally made base image';
  return missingToolReason('Docker', problem, DOCKER_INSTALL, REQUIRE_DOCKER_ENV);
}

async function imageId(tag: string): Promise<string> {
  return (await docker(['image', 'inspect', '--format', '{{.Id}}', tag])).trim();
}

async function imageExists(tag: string): Promise<boolean> {
  return docker(['image', 'inspect', '--format', '{{.Id}}', tag]).then(
    () => true,
    () => false,
  );
}

function librariesOf(binary: string): string[] {
  const listed = spawnSync('ldd', [binary], { encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`ldd ${binary}: ${listed.stderr}`);
  return [...listed.stdout.matchAll(/(\/\S+) \(0x/g)].map((match) => match[1] as string);
}

/** Native addons among the installed packages (vitest's bundler has some): the runner image loads them. */
function nativeAddons(): string[] {
  const modules = join(PROJECT_ROOT, 'node_modules');
  const packages = readdirSync(modules).flatMap((name) =>
    name.startsWith('@') ? readdirSync(join(modules, name)).map((inner) => join(name, inner)) : [name],
  );
  return packages.flatMap((name) => {
    try {
      return readdirSync(join(modules, name))
        .filter((file) => file.endsWith('.node'))
        .map((file) => join(modules, name, file));
    } catch {
      return [];
    }
  });
}

/** A minimal image: this Node.js binary and the libraries it and the native addons need, nothing else (~100 MB, no shell). */
export async function localNodeBaseImage(): Promise<string> {
  if (await imageExists(BASE_TAG)) return BASE_TAG;
  const rootfs = mkdtempSync(join(tmpdir(), 'bac-rootfs-'));
  try {
    const place = (source: string, target: string): void => {
      mkdirSync(join(rootfs, dirname(target)), { recursive: true });
      copyFileSync(source, join(rootfs, target));
    };
    place(process.execPath, '/usr/local/bin/node');
    chmodSync(join(rootfs, 'usr/local/bin/node'), 0o755);
    for (const library of new Set([process.execPath, ...nativeAddons()].flatMap(librariesOf))) place(library, library);
    mkdirSync(join(rootfs, 'tmp'));
    chmodSync(join(rootfs, 'tmp'), 0o1777);
    const tar = spawn('tar', ['-C', rootfs, '-c', '.'], { stdio: ['ignore', 'pipe', 'inherit'] });
    await docker(['import', '--change', 'ENV PATH=/usr/local/bin:/usr/bin:/bin', '-', BASE_TAG], { input: tar.stdout });
  } finally {
    rmSync(rootfs, { recursive: true, force: true });
  }
  return BASE_TAG;
}

/** Whether the tag still names the image that was recorded (another run may have built the tag since). */
async function tagStillNames(image: BuiltImage): Promise<boolean> {
  return docker(['image', 'inspect', '--format', '{{.Id}}', image.tag]).then(
    (id) => id.trim() === image.id,
    () => false,
  );
}

/**
 * The project's Dockerfile built on the local base, as `npm run emulator:image -- --base-image` would:
 * built once per test run and handed to every container test, while the emulator's bundle, the
 * Dockerfile and the base are what it was built from (test/support/sharedBuild.ts).
 */
export async function emulatorImageForTests(): Promise<BuiltImage> {
  const baseImage = await localNodeBaseImage();
  return sharedBuild<BuiltImage>({
    name: 'emulator-image',
    // The bundle the image would hold, made again now: the emulator's sources and their dependencies as they are.
    key: async () => {
      const bundled = mkdtempSync(join(tmpdir(), 'bac-emulator-bundle-'));
      try {
        await bundleEmulator(bundled);
        return contentKey([...folderParts(bundled), { file: join(PROJECT_ROOT, 'Dockerfile') }, await imageId(baseImage)]);
      } finally {
        rmSync(bundled, { recursive: true, force: true });
      }
    },
    make: (contextDir) => buildEmulatorImage({ tag: EMULATOR_TEST_TAG, baseImage, contextDir }),
    stillThere: tagStillNames,
  });
}

/**
 * The suite's own image (runner.Dockerfile) built on the local base from a packed tarball, as
 * `npm run runner:image -- --base-image` would: once per test run for that tarball, the Dockerfile
 * and the base, handed to every test that runs it.
 */
export async function runnerImageForTests(tarball: string): Promise<BuiltImage> {
  const baseImage = await localNodeBaseImage();
  return sharedBuild<BuiltImage>({
    name: 'runner-image',
    key: async () => contentKey([{ file: tarball }, { file: join(PROJECT_ROOT, 'runner.Dockerfile') }, await imageId(baseImage)]),
    make: () => buildRunnerImage({ tag: RUNNER_TEST_TAG, baseImage, tarball }),
    stillThere: tagStillNames,
  });
}

/** Builds an image from a Dockerfile given as text (no build context). */
export async function imageFromDockerfile(tag: string, dockerfile: string): Promise<string> {
  await docker(['build', '--tag', tag, '-'], { input: Readable.from([dockerfile]) });
  return tag;
}

/** Containers this harness started from these images (or with this id) that still exist, running or not. */
export async function leftoverTargetContainers(filter: { image: string } | { id: string }): Promise<string[]> {
  const which = 'image' in filter ? `ancestor=${filter.image}` : `id=${filter.id}`;
  const listed = await docker(['ps', '--all', '--quiet', '--filter', `label=${TARGET_LABEL}`, '--filter', which]);
  return listed.split('\n').filter(Boolean);
}

const SLOT = join(tmpdir(), 'banking-api-conformance-docker-tests.lock');

function ownerAlive(): boolean {
  try {
    process.kill(Number(readFileSync(join(SLOT, 'pid'), 'utf8')), 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * One test file at a time runs the suite against a container: several full runs
 * at once on a small machine stretch the delivery timings the suite measures.
 * Held from a file's beforeAll to its afterAll; a slot whose owner died is taken over.
 */
export async function dockerTestSlot(): Promise<() => void> {
  for (;;) {
    try {
      mkdirSync(SLOT);
      writeFileSync(join(SLOT, 'pid'), String(process.pid));
      return () => rmSync(SLOT, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // The owner writes its pid just after creating the slot: give it a moment before judging it dead.
      await new Promise((resolve) => setTimeout(resolve, 500));
      if (!ownerAlive()) rmSync(SLOT, { recursive: true, force: true });
    }
  }
}
