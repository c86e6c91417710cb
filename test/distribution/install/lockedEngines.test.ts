import { readFileSync } from 'node:fs';
import semver from 'semver';
import { expect, test } from 'vitest';

// The README promises Node 20.19+: `npm ci` must install the locked tree there without an
// EBADENGINE warning, so no locked package may declare an engine range that excludes it.

const OLDEST_SUPPORTED_NODE = '20.19.0';

interface LockedPackage {
  version?: string;
  engines?: { node?: string } | string[];
}

test(`every locked package accepts Node ${OLDEST_SUPPORTED_NODE}`, () => {
  const lock = JSON.parse(readFileSync(new URL('../../../package-lock.json', import.meta.url), 'utf8')) as {
    packages: Record<string, LockedPackage>;
  };
  const packages = Object.entries(lock.packages);
  expect(packages.length).toBeGreaterThan(100);
  const refusing = packages
    .filter(([, locked]) => !Array.isArray(locked.engines) && locked.engines?.node)
    .filter(([, locked]) => !semver.satisfies(OLDEST_SUPPORTED_NODE, (locked.engines as { node: string }).node))
    .map(([path, locked]) => `${path}@${locked.version} requires node ${(locked.engines as { node: string }).node}`);
  expect(refusing).toEqual([]);
});
