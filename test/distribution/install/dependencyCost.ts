import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';

// What each runtime dependency costs an installed project: the bytes of the
// packages it brings that nothing else of the package needs (its own cost, what
// leaving it out would save) and of everything it brings (shared included).
// Read from the lock npm writes into node_modules of the installing project.

interface InstalledPackage {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

export interface DependencyCost {
  name: string;
  ownBytes: number;
  allBytes: number;
  packages: number;
}

/** Bytes of a package's own files, its nested node_modules left to their own entries. */
function bytesOf(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += bytesOf(path);
    else if (entry.isFile()) total += statSync(path).size;
  }
  return total;
}

/** Node's resolution from a package's folder: its own node_modules, then each parent's. */
function resolveFrom(from: string, name: string, installed: Map<string, InstalledPackage>): string | undefined {
  for (let dir = from; ; dir = dirname(dirname(dir))) {
    const candidate = dir === '' || dir === '.' ? `node_modules/${name}` : `${dir}/node_modules/${name}`;
    if (installed.has(candidate)) return candidate;
    if (dir === '' || dir === '.' || !dir.includes('node_modules/'))
      return installed.has(`node_modules/${name}`) ? `node_modules/${name}` : undefined;
  }
}

function closure(start: string, installed: Map<string, InstalledPackage>): Set<string> {
  const seen = new Set<string>();
  const pending = [start];
  while (pending.length > 0) {
    const path = pending.pop() as string;
    if (seen.has(path)) continue;
    seen.add(path);
    const entry = installed.get(path) ?? {};
    for (const name of Object.keys({ ...entry.dependencies, ...entry.optionalDependencies })) {
      const resolved = resolveFrom(path, name, installed);
      if (resolved) pending.push(resolved);
    }
  }
  return seen;
}

/** Cost of each direct dependency of `packageName` as installed in `projectDir`, most expensive first. */
export function dependencyCosts(projectDir: string, packageName: string): { costs: DependencyCost[]; installedBytes: number } {
  const lock = JSON.parse(readFileSync(join(projectDir, 'node_modules/.package-lock.json'), 'utf8')) as {
    packages: Record<string, InstalledPackage>;
  };
  const installed = new Map(Object.entries(lock.packages).filter(([path]) => path.startsWith('node_modules/')));
  const size = new Map([...installed.keys()].map((path) => [path, bytesOf(join(projectDir, path))]));
  const root = `node_modules/${packageName}`;
  const direct = Object.keys({ ...installed.get(root)?.dependencies }).map((name) => [name, resolveFrom(root, name, installed)] as const);
  const closures = new Map(direct.flatMap(([name, path]) => (path ? [[name, closure(path, installed)] as const] : [])));
  const sum = (paths: Iterable<string>): number => [...paths].reduce((total, path) => total + (size.get(path) ?? 0), 0);
  const costs = [...closures].map(([name, reached]) => {
    const elsewhere = new Set([...closures].filter(([other]) => other !== name).flatMap(([, paths]) => [...paths]));
    const own = [...reached].filter((path) => !elsewhere.has(path));
    return { name, ownBytes: sum(own), allBytes: sum(reached), packages: reached.size };
  });
  return { costs: costs.sort((a, b) => b.ownBytes - a.ownBytes), installedBytes: sum(installed.keys()) };
}
