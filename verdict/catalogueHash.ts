import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

// One fingerprint for what a run was judged against: the requirement catalogue
// and the schemas. Two results with the same hash were judged by the same rules,
// so they can be merged or compared requirement by requirement.

const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));

function filesUnder(dir: string, suffix: string, recursive: boolean): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive })
    .filter((entry) => entry.isFile() && entry.name.endsWith(suffix))
    .map((entry) => join(entry.parentPath, entry.name));
}

export function catalogueHash(root: string = PROJECT_ROOT): string {
  const files = [...filesUnder(join(root, 'requirements'), '.yaml', false), ...filesUnder(join(root, 'schemas'), '.json', true)].map(
    (file) => ({ file, name: relative(root, file).split(sep).join('/') }),
  );
  // Sorted by portable path so the hash does not depend on directory order or OS.
  files.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const hash = createHash('sha256');
  for (const { file, name } of files) {
    hash.update(name).update('\0').update(readFileSync(file)).update('\0');
  }
  return `sha256:${hash.digest('hex')}`;
}
