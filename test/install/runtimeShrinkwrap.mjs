#!/usr/bin/env node
// package.json's prepack and postpack: the package carries npm-shrinkwrap.json, the runtime part
// of package-lock.json, so that a user's `npm install` gets exactly the tree the tests ran
// (overrides and a lock bind only this project; a shrinkwrap binds its users too). Only the
// runtime part: npm installs every package a dependency's shrinkwrap lists, devDependencies
// included. Written for the pack and removed after it, since in a folder that has one npm
// reads it instead of package-lock.json.
//   node test/install/runtimeShrinkwrap.mjs write | remove
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import process from 'node:process';
import { URL } from 'node:url';

const LOCK = new URL('../../package-lock.json', import.meta.url);
const SHRINKWRAP = new URL('../../npm-shrinkwrap.json', import.meta.url);

/** The lock less every package only a devDependency needs, and less the root's devDependencies. */
export function runtimeShrinkwrap(lock) {
  const packages = Object.fromEntries(Object.entries(lock.packages).filter(([, locked]) => !locked.dev));
  const root = { ...packages[''] };
  delete root.devDependencies;
  return { ...lock, packages: { ...packages, '': root } };
}

const [command] = process.argv.slice(2);
if (command === 'write')
  writeFileSync(SHRINKWRAP, `${JSON.stringify(runtimeShrinkwrap(JSON.parse(readFileSync(LOCK, 'utf8'))), null, 2)}\n`);
else if (command === 'remove') rmSync(SHRINKWRAP, { force: true });
else if (command !== undefined) {
  process.stderr.write(`runtimeShrinkwrap: unknown command '${command}': write or remove\n`);
  process.exit(2);
}
