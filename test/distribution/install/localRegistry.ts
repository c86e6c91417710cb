import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { commandToExit } from '../../support/childProcess.ts';

// A real npm registry on loopback for the install tests: Verdaccio, installed into a
// scratch folder at test time (not a dependency of the project), serving the package
// under test from its own storage and every other package through one uplink, the
// registry npm is configured with here. Nothing of it is written into the project.

/** The last Verdaccio that runs on Node 20; its node-fetch 3 dependency would want a newer Node too. */
const VERDACCIO = 'verdaccio@6.8.0';
const OVERRIDES = { 'node-fetch': '2.7.0' };

export interface LocalRegistry {
  url: string;
  /** Verdaccio's storage: one folder per package it holds, published or fetched through the uplink. */
  storage: string;
  process: ChildProcess;
}

/** npm settings an environment may carry that say where the config files are and how to reach the network. */
const MACHINE_SETTINGS = ['userconfig', 'globalconfig', 'cafile', 'noproxy', 'proxy', 'https_proxy', 'strict_ssl'].map(
  (name) => `npm_config_${name}`,
);

/**
 * npm's other settings from this process's environment (`npm test` and npx export them all, the project's
 * folder among them) left out, so a folder's .npmrc decides; with a cache of its own when given one.
 */
export function npmEnvironmentOf(cache?: string): NodeJS.ProcessEnv {
  const setting = (key: string): string => key.toLowerCase().replaceAll('-', '_');
  const inherited = Object.keys(process.env).filter(
    (key) => setting(key).startsWith('npm_config_') && !MACHINE_SETTINGS.includes(setting(key)),
  );
  return { ...Object.fromEntries(inherited.map((key) => [key, undefined])), ...(cache ? { npm_config_cache: cache } : {}), NO_COLOR: '1' };
}

/** The registry npm uses from the project's folder: the uplink, read now, never stored. */
async function configuredRegistry(): Promise<string> {
  const ran = await commandToExit('npm', ['config', 'get', 'registry']);
  if (ran.code !== 0) throw new Error(`npm config get registry exited ${ran.code}: ${ran.stderr}`);
  return ran.stdout.trim();
}

/** Verdaccio's configuration: the package under test is local only (never mixed with a registry's copy), the rest proxied. */
function configOf(folder: string, packageName: string, uplink: string): string {
  return [
    `storage: ${JSON.stringify(join(folder, 'storage'))}`,
    `auth: { htpasswd: { file: ${JSON.stringify(join(folder, 'htpasswd'))} } }`,
    // Metadata fetched once stays fresh for the whole test: the second install need not ask the uplink again.
    `uplinks: { upstream: { url: ${JSON.stringify(uplink)}, maxage: 30m, max_fails: 5 } }`,
    'packages:',
    `  ${JSON.stringify(packageName)}: { access: $all, publish: $authenticated }`,
    "  '**': { access: $all, publish: $authenticated, proxy: upstream }",
    'web: { enable: false }',
    'log: { type: stdout, format: pretty, level: warn }',
    '',
  ].join('\n');
}

/** Loads Verdaccio from the folder it was installed in and listens on an ephemeral loopback port. */
const LAUNCHER = [
  "const { runServer } = require('verdaccio');",
  'runServer(process.argv[1]).then((app) => {',
  "  const server = app.listen(0, '127.0.0.1', () => console.log(`registry http://127.0.0.1:${server.address().port}/`));",
  '});',
].join('\n');

/** Installs Verdaccio into `folder` (from npm's usual cache where it can: its version is pinned), starts it in its own process group and waits for its URL. */
export async function startLocalRegistry(folder: string, packageName: string): Promise<LocalRegistry> {
  const env = npmEnvironmentOf();
  const prefix = join(folder, 'verdaccio');
  mkdirSync(prefix, { recursive: true });
  writeFileSync(join(prefix, 'package.json'), `${JSON.stringify({ private: true, overrides: OVERRIDES }, null, 2)}\n`);
  const install = await commandToExit('npm', ['install', '--prefix', prefix, '--no-audit', '--no-fund', VERDACCIO], { cwd: prefix, env });
  if (install.code !== 0) throw new Error(`npm install ${VERDACCIO} exited ${install.code}: ${install.stderr.slice(-2000)}`);
  const config = join(folder, 'verdaccio.yaml');
  writeFileSync(config, configOf(folder, packageName, await configuredRegistry()));
  const started = spawn(process.execPath, ['-e', LAUNCHER, config], {
    cwd: prefix,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const url = await new Promise<string>((resolve, reject) => {
    let text = '';
    const read = (chunk: Buffer): void => {
      text += chunk;
      const listening = /registry (http:\/\/\S+)/.exec(text);
      if (listening) resolve(listening[1] as string);
    };
    started.stdout.on('data', read);
    started.stderr.on('data', read);
    started.on('exit', (code) => reject(new Error(`verdaccio exited ${code}: ${text}`)));
  });
  return { url, storage: join(folder, 'storage'), process: started };
}

/** A throwaway user, made through the registry's own sign-up (what `npm adduser` calls): its token. */
export async function throwawayToken(registry: LocalRegistry): Promise<string> {
  const name = `release-test-${randomBytes(4).toString('hex')}`;
  const response = await fetch(new URL(`-/user/org.couchdb.user:${name}`, registry.url), {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, password: randomBytes(16).toString('hex') }),
  });
  const body = (await response.json()) as { token?: string; error?: string };
  if (!response.ok || !body.token) throw new Error(`could not add a user to ${registry.url}: ${response.status} ${body.error ?? ''}`);
  return body.token;
}

/** An .npmrc pointing a folder at the registry, with the token when it is to publish. */
export function npmrcFor(registry: LocalRegistry, token?: string): string {
  const host = registry.url.replace(/^http:/, '');
  return `registry=${registry.url}\n${token ? `${host}:_authToken=${token}\n` : ''}`;
}
