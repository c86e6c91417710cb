import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

// A nodejs.org/dist mirror on disk, for action/suiteNode.sh to download a Node from
// without a network: latest-vMAJOR.x/ holds SHASUMS256.txt and this machine's
// node-vX.Y.Z-OS-ARCH.tar.gz, whose bin/node is the Node running the tests.

const OS: Partial<Record<string, string>> = { linux: 'linux', darwin: 'darwin' };

/** Builds the mirror under `dir`; returns its file: URL and the version it serves. */
export function nodeMirror(dir: string): { url: string; version: string; major: string } {
  const version = process.version;
  const major = version.slice(1).split('.')[0] as string;
  const name = `node-${version}-${OS[process.platform] ?? process.platform}-${process.arch}`;
  mkdirSync(join(dir, 'build', name, 'bin'), { recursive: true });
  symlinkSync(process.execPath, join(dir, 'build', name, 'bin', 'node'));
  const folder = join(dir, `latest-v${major}.x`);
  mkdirSync(folder);
  execFileSync('tar', ['-czf', join(folder, `${name}.tar.gz`), '-C', join(dir, 'build'), name]);
  const sum = createHash('sha256')
    .update(readFileSync(join(folder, `${name}.tar.gz`)))
    .digest('hex');
  writeFileSync(join(folder, 'SHASUMS256.txt'), `${'0'.repeat(64)}  node-${version}-win-x64.zip\n${sum}  ${name}.tar.gz\n`);
  return { url: pathToFileURL(dir).href, version, major };
}
