import { copyFileSync, cpSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { docker } from './dockerCli.ts';

// Builds the reference emulator's image (Dockerfile): bundles emulator/ into
// one ESM file with esbuild, then runs `docker build` on it.

export const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));
export const EMULATOR_IMAGE_TAG = 'banking-api-emulator:local';
/** The project's data folders the bundle reads at run time, copied under data/ beside it. */
const BUNDLE_DATA = ['schemas', 'requirements'] as const;

export interface EmulatorImageOptions {
  tag?: string;
  /** The build context, holding the bundle under build/emulator-image/ (default: the project, as .dockerignore expects). */
  contextDir?: string;
  /** Passed as the BASE_IMAGE build argument; the Dockerfile's default when absent. */
  baseImage?: string;
  write?: (text: string) => void;
}

export interface BuiltImage {
  tag: string;
  id: string;
  sizeBytes: number;
}

export async function bundleEmulator(outDir: string): Promise<string> {
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
  // The /_emulator/ui page is read from beside the module that serves it: in the bundle, beside emulator.mjs.
  const uiDir = join(PROJECT_ROOT, 'emulator', 'ui');
  for (const file of readdirSync(uiDir).filter((name) => !name.endsWith('.ts'))) copyFileSync(join(uiDir, file), join(outDir, file));
  // The request contract the emulator's door reads (contract/catalogue/requestContract.ts) reads the request schemas
  // and the requirement catalogue from disk, at `../../schemas/` and `../../requirements/` from its module as in the
  // source tree: the Dockerfile puts these copies where that leads from /app/emulator.mjs, /schemas and /requirements.
  for (const data of BUNDLE_DATA) cpSync(join(PROJECT_ROOT, data), join(outDir, 'data', data), { recursive: true });
  return outfile;
}

export async function buildEmulatorImage(options: EmulatorImageOptions = {}): Promise<BuiltImage> {
  const tag = options.tag ?? EMULATOR_IMAGE_TAG;
  const contextDir = options.contextDir ?? PROJECT_ROOT;
  await bundleEmulator(join(contextDir, 'build', 'emulator-image'));
  const args = ['build', '--tag', tag, '--file', join(PROJECT_ROOT, 'Dockerfile')];
  if (options.baseImage) args.push('--build-arg', `BASE_IMAGE=${options.baseImage}`);
  await docker([...args, contextDir], options.write ? { echo: options.write } : {});
  const [id = '', size = '0'] = (await docker(['image', 'inspect', '--format', '{{.Id}} {{.Size}}', tag])).trim().split(' ');
  return { tag, id, sizeBytes: Number(size) };
}
