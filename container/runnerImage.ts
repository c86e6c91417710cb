import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { docker } from './dockerCli.ts';
import { type BuiltImage, PROJECT_ROOT } from './emulatorImage.ts';

// Builds the suite's own image (runner.Dockerfile): the package as `npm pack` makes
// it, installed on this machine with its runtime dependencies only, copied onto the
// base. Installing here, not in the image, keeps npm out of the base (the tests'
// locally made base has nothing but node).

export const RUNNER_IMAGE_TAG = 'banking-api-conformance:local';

export interface RunnerImageOptions {
  tag?: string;
  /** Passed as the BASE_IMAGE build argument; the Dockerfile's default when absent. */
  baseImage?: string;
  write?: (text: string) => void;
  /**
   * A tarball of the package already packed: packing compiles into this tree and removes what it
   * compiled (package.json's prepack and postpack), so whoever packs beside other packs (the
   * project's tests) packs in turn and hands the tarball here. Packed here when absent.
   */
  tarball?: string;
}

function npm(args: string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(stdout) : reject(new Error(`npm ${args[0]} exited ${code}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`)),
    );
  });
}

export async function buildRunnerImage(options: RunnerImageOptions = {}): Promise<BuiltImage> {
  const tag = options.tag ?? RUNNER_IMAGE_TAG;
  const context = mkdtempSync(join(tmpdir(), 'bac-runner-image-'));
  try {
    const tarball =
      options.tarball ??
      join(
        context,
        (JSON.parse(await npm(['pack', '--json', '--pack-destination', context], PROJECT_ROOT)) as Array<{ filename: string }>)[0]
          ?.filename ?? '',
      );
    const app = join(context, 'app');
    mkdirSync(app);
    writeFileSync(join(app, 'package.json'), `${JSON.stringify({ name: 'banking-api-conformance-image', private: true }, null, 2)}\n`);
    options.write?.(`Installing ${basename(tarball)} with its runtime dependencies`);
    await npm(['install', '--omit=dev', '--no-audit', '--no-fund', tarball], app);
    const args = ['build', '--force-rm', '--tag', tag, '--file', join(PROJECT_ROOT, 'runner.Dockerfile')];
    if (options.baseImage) args.push('--build-arg', `BASE_IMAGE=${options.baseImage}`);
    await docker([...args, context], options.write ? { echo: options.write } : {});
  } finally {
    rmSync(context, { recursive: true, force: true });
  }
  const [id = '', size = '0'] = (await docker(['image', 'inspect', '--format', '{{.Id}} {{.Size}}', tag])).trim().split(' ');
  return { tag, id, sizeBytes: Number(size) };
}
