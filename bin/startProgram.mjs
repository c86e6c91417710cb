/* global process, URL */
// How the package's programs start. The package carries JavaScript compiled next to each source
// (`npm run build`, run by npm before packing), which Node loads at once, with source maps so
// stack traces name the TypeScript lines. A clone runs the TypeScript sources through tsx (a
// devDependency), so a build left over there is never run stale.
import { existsSync } from 'node:fs';

const CLONE = new URL('../tsconfig.build.json', import.meta.url);

/** Readies Node for the program: true to load its compiled `.js`, false for its `.ts` source (tsx registered). */
export async function runsCompiled() {
  if (existsSync(CLONE)) {
    const { register } = await import('tsx/esm/api');
    register();
    return false;
  }
  process.setSourceMapsEnabled(true);
  return true;
}
