import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

// Builds the reference emulator's image (Dockerfile): bundles emulator/ into
// one ESM file with esbuild, then runs `docker build` on it.

export const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));
export const EMULATOR_IMAGE_TAG = 'banking-api-emulator:local';
export const BUNDLE_DIR = join(PROJECT_ROOT, 'build', 'emulator-image');

export interface EmulatorImageOptions {
  tag?: string;
  /** Passed as the BASE_IMAGE build argument; the Dockerfile's default when absent. */
  baseImage?: string;
  write?: (text: string) => void;
}

export interface BuiltImage {
  tag: string;
  id: string;
  sizeBytes: number;
}

/** Runs docker with these arguments; resolves with its stdout, rejects with its last output lines. */
export function docker(args: readonly string[], options: { input?: NodeJS.ReadableStream; echo?: (text: string) => void } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('docker', args, { stdio: [options.input ? 'pipe' : 'ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      options.echo?.(String(chunk).trimEnd());
    });
    child.stderr.on('data', (chunk) => (stderr += chunk));
    if (options.input && child.stdin) options.input.pipe(child.stdin);
    child.on('error', (error) => reject(new Error(`docker ${args[0]}: ${error.message} (is the docker CLI installed?)`)));
    child.on('close', (code) => {
      if (code === 0) resolve(stdout);
      else reject(new Error(`docker ${args.join(' ')} exited with ${code}: ${(stderr || stdout).trim().split('\n').slice(-5).join(' | ')}`));
    });
  });
}

export async function bundleEmulator(outDir: string = BUNDLE_DIR): Promise<string> {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const outfile = join(outDir, 'emulator.mjs');
  await build({
    entryPoints: [join(PROJECT_ROOT, 'emulator', 'imageEntry.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    minifySyntax: true,
    legalComments: 'none',
    logLevel: 'warning',
    // Some dependencies are CommonJS and call require(); an ES module has none of its own.
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  });
  writeFileSync(join(outDir, 'package.json'), `${JSON.stringify({ type: 'module', private: true }, null, 2)}\n`);
  return outfile;
}

export async function buildEmulatorImage(options: EmulatorImageOptions = {}): Promise<BuiltImage> {
  const tag = options.tag ?? EMULATOR_IMAGE_TAG;
  await bundleEmulator();
  const args = ['build', '--tag', tag, '--file', join(PROJECT_ROOT, 'Dockerfile')];
  if (options.baseImage) args.push('--build-arg', `BASE_IMAGE=${options.baseImage}`);
  await docker([...args, PROJECT_ROOT], options.write ? { echo: options.write } : {});
  const [id = '', size = '0'] = (await docker(['image', 'inspect', '--format', '{{.Id}} {{.Size}}', tag])).trim().split(' ');
  return { tag, id, sizeBytes: Number(size) };
}
