import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type SuggestionName, SUGGESTIONS } from '../../cli/suggestions.ts';
import { type Emulator, startEmulator } from '../../emulator/emulator.ts';
import { commandToExit, type ProcessResult } from '../support/childProcess.ts';
import { writeKeyPair } from '../support/certificateTampering.ts';
import { PROJECT_ROOT } from './cliProcess.ts';

// Every command the CLI suggests (cli/suggestions.ts), taken from what the CLI printed in the setting
// it prints it in, and run as printed by a shell: each must work there. SETTINGS is typed by the
// registry, so a new suggestion does not compile without its setting here, and
// test/tree/suggestionLiterals.test.ts finds one written anywhere else in cli/. `npx NAME` is the
// bin an installed project has in node_modules/.bin: a shim on PATH stands for npx, mapping
// banking-api-conformance and banking-api-emulator to this checkout's bin/ and the rest to its
// node_modules/.bin. A run a suggestion starts is narrowed to one area (`--only auth`): what is
// followed is the command's start (its target, manifest and reports), a whole run is the
// registry install test's (test/distribution/install/registryInstall.test.ts) and the screen test's.

const scratch = mkdtempSync(join(tmpdir(), 'bac-suggestions-'));
const NARROWED = '--only auth';
const started: ChildProcess[] = [];
let emulator: Emulator;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
}, 60_000);

afterAll(async () => {
  for (const child of started) if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
  await emulator.close();
  rmSync(scratch, { recursive: true, force: true });
});

const npxShim = (() => {
  const dir = join(scratch, 'bin');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'npx'),
    [
      '#!/bin/sh',
      'name=$1; shift',
      'case "$name" in',
      `  banking-api-conformance|banking-api-emulator) exec "${process.execPath}" "${PROJECT_ROOT}/bin/$name.mjs" "$@" ;;`,
      `  *) exec "${PROJECT_ROOT}/node_modules/.bin/$name" "$@" ;;`,
      'esac',
      '',
    ].join('\n'),
  );
  chmodSync(join(dir, 'npx'), 0o755);
  return dir;
})();

const environment = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
  PATH: `${npxShim}:${process.env.PATH ?? ''}`,
  NO_COLOR: '1',
  ...extra,
});

/** A command line run by a shell as a person pastes it, in `cwd`. */
const shell = (command: string, cwd: string, extra: NodeJS.ProcessEnv = {}): Promise<ProcessResult> =>
  commandToExit('bash', ['-c', command], { cwd, env: environment(extra) });

/** A command line left running (a server), its output gathered; ended with its process group after the tests. */
function background(command: string, cwd: string): { child: ChildProcess; output: () => string } {
  const child = spawn('bash', ['-c', `exec ${command}`], { cwd, env: { ...process.env, ...environment() }, detached: true });
  started.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return { child, output: () => output };
}

/** Waits while the server is still starting (alive, no line matched yet) for its line: bounded by the server's own exit. */
function lineOf(server: { child: ChildProcess; output: () => string }, pattern: RegExp): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    const look = () => {
      const found = pattern.exec(server.output());
      if (found) return resolve(found);
      if (server.child.exitCode !== null) return reject(new Error(`exited ${server.child.exitCode}: ${server.output()}`));
      const again = () => {
        server.child.stdout?.off('data', again);
        server.child.stderr?.off('data', again);
        server.child.off('exit', again);
        look();
      };
      server.child.stdout?.once('data', again);
      server.child.stderr?.once('data', again);
      server.child.once('exit', again);
    };
    look();
  });
}

const folder = (name: string): string => {
  const dir = join(scratch, name);
  mkdirSync(dir, { recursive: true });
  return dir;
};

/** The command of the printed line holding `prefix` (the text after it to the line's end, or up to `end`). */
function printed(output: string, prefix: string, end?: string): string {
  const line = output.split('\n').find((each) => each.includes(prefix));
  expect(line, `no line with ${prefix} in:\n${output}`).toBeDefined();
  const rest = line!.slice(line!.indexOf(prefix) + prefix.length);
  return end !== undefined && rest.includes(end) ? rest.slice(0, rest.indexOf(end)) : rest;
}

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

const shown = (result: ProcessResult): string => `${result.stdout.slice(-3000)}\n${result.stderr}`;

/** A narrowed run of the suggested command: exit 0, CONFORMANT. */
async function followRun(command: string, cwd: string, extra = ''): Promise<ProcessResult> {
  const ran = await shell(`${command} ${NARROWED}${extra}`, cwd);
  expect(ran.code, shown(ran)).toBe(0);
  expect(ran.stdout).toContain('Verdict: CONFORMANT');
  return ran;
}

/** A run whose reports the allure suggestions are printed after. */
let reportsRun: { dir: string; output: string } | undefined;
async function aRunWithReports(): Promise<{ dir: string; output: string }> {
  if (!reportsRun) {
    const dir = folder('with-reports');
    const ran = await followRun(`npx banking-api-conformance run --report-dir reports`, dir);
    reportsRun = { dir, output: ran.stdout };
  }
  return reportsRun;
}

const SETTINGS: Record<SuggestionName, () => Promise<void>> = {
  async runEmbedded() {
    const dir = folder('embedded');
    const init = await shell('npx banking-api-conformance init --kind embedded', dir);
    expect(init.code, shown(init)).toBe(0);
    const next = printed(init.stdout, 'Next: ');
    expect(next).toBe(SUGGESTIONS.runEmbedded());
    await followRun(next, dir);
  },

  async runTarget() {
    const dir = folder('emulator-running');
    const init = await shell(`npx banking-api-conformance init --kind emulator --base-url ${emulator.url()}`, dir);
    expect(init.code, shown(init)).toBe(0);
    const next = printed(init.stdout, 'Next: ');
    expect(next).toBe(SUGGESTIONS.runTarget('banking-api-target.json'));
    await followRun(next, dir);
  },

  async runTargetOnceStarted() {
    // Nothing answers at the URL yet: init says to start an emulator there, then the run waits for it.
    const dir = folder('emulator-not-yet');
    const port = await freePort();
    const init = await shell(`npx banking-api-conformance init --kind emulator --base-url http://127.0.0.1:${port}`, dir);
    expect(init.code, shown(init)).toBe(0);
    const start = printed(init.stdout, 'start the emulator there first (', ').');
    expect(start).toBe(SUGGESTIONS.startEmulator(String(port)));
    const next = printed(init.stdout, 'Next: ');
    expect(next).toBe(SUGGESTIONS.runTargetOnceStarted('banking-api-target.json'));
    background(start, dir);
    const running = await followRun(next, dir);
    expect(running.stdout).toContain(`127.0.0.1:${port}`);
  },

  async startEmulator() {
    // Printed beside runTargetOnceStarted (above, which runs it); here: what it starts listens on the URL init was given.
    const dir = folder('start-emulator');
    const port = await freePort();
    const init = await shell(`npx banking-api-conformance init --kind emulator --base-url http://127.0.0.1:${port}`, dir);
    const server = background(printed(init.stdout, 'start the emulator there first (', ').'), dir);
    await lineOf(server, new RegExp(`listening on http://127\\.0\\.0\\.1:${port}\\b`));
  },

  async startEmulatorWithFault() {
    const dir = folder('fault-with-target');
    const refused = await shell(`npx banking-api-conformance run --base-url ${emulator.url()} --emulator-fault list-without-total`, dir);
    expect(refused.code).toBe(2);
    const start = printed(refused.stderr, 'start `', '` yourself');
    expect(start).toBe(SUGGESTIONS.startEmulatorWithFault());
    // NAME is the reader's fault; the port is this shared machine's to choose (the default 8080 may be taken).
    const server = background(`${start.replace('NAME', 'list-without-total')} --port 0`, dir);
    const [, url] = await lineOf(server, /listening on (http:\/\/\S+)/);
    expect(server.output()).toContain('fault list-without-total active');
    const ran = await shell(`npx banking-api-conformance run --base-url ${url} --requirement PP-LIST-SHAPE`, dir);
    expect(ran.code, shown(ran)).toBe(1);
  },

  async runInto() {
    // A report directory with no Allure results yet (one that does not exist at all is refused before).
    const dir = folder('report-first');
    mkdirSync(join(dir, 'reports'));
    const report = await shell('npx banking-api-conformance report --report-dir reports', dir);
    expect(report.code).toBe(2);
    const run = printed(report.stderr, 'run `', '` first');
    expect(run).toBe(SUGGESTIONS.runInto('reports'));
    await followRun(run, dir);
    const again = await shell('npx banking-api-conformance report --report-dir reports', dir);
    expect(again.code, shown(again)).toBe(0);
  },

  async buildAllure() {
    const { dir, output } = await aRunWithReports();
    const build = printed(output, 'allure-results (', ' builds the Allure HTML)');
    expect(build).toBe(SUGGESTIONS.buildAllure('reports'));
    const built = await shell(build, dir);
    expect(built.code, shown(built)).toBe(0);
    expect(existsSync(join(dir, 'reports/allure-report/index.html'))).toBe(true);
  },

  async installAllure() {
    // Where the allure package is not installed, the run says to install it first, in the same line,
    // and offers `report` only after it; the command is the one `report` itself names there. It is not
    // run: it installs from the registry (test/distribution/install/packedPackage.test.ts installs it and builds).
    const without = {
      NODE_OPTIONS: `--import ${join(PROJECT_ROOT, 'test/distribution/install/withoutPackages.mjs')}`,
      WITHOUT_PACKAGES: 'allure',
    };
    const dir = folder('without-allure');
    const ran = await shell(`npx banking-api-conformance run --report-dir reports ${NARROWED}`, dir, without);
    expect(ran.code, shown(ran)).toBe(0);
    const line = printed(ran.stdout, 'Allure results in ');
    expect(line).toContain(`needs the allure package: ${SUGGESTIONS.installAllure()}, then ${SUGGESTIONS.buildAllure('reports')})`);
    expect(line).not.toContain(`${SUGGESTIONS.buildAllure('reports')} builds`);
    const report = await shell('npx banking-api-conformance report --report-dir reports', dir, without);
    expect(report.code).toBe(2);
    expect(report.stderr.trim().endsWith(`: ${SUGGESTIONS.installAllure()}`), report.stderr).toBe(true);
  },

  async serveAllure() {
    const { dir } = await aRunWithReports();
    const report = await shell('npx banking-api-conformance report --report-dir reports', dir);
    expect(report.code, shown(report)).toBe(0);
    const serve = printed(report.stdout, 'as a file): ');
    expect(serve).toBe(SUGGESTIONS.serveAllure(join('reports', 'allure-report')));
    const server = background(serve, dir);
    const [, url] = await lineOf(server, /running on (http:\/\/\S+)/);
    const page = await fetch(url!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<html');
  },

  async verifyCertificate() {
    // Printed by a certifying run with a signing key: the whole suite, no narrowing.
    const dir = folder('certified');
    const keys = writeKeyPair(dir, 'issuer');
    const certify = await shell(`npx banking-api-conformance run --certify --signing-key ${keys.privateKey} --report-dir reports`, dir);
    expect(certify.code, shown(certify)).toBe(0);
    const verify = printed(certify.stdout, 'check it with: ');
    expect(verify).toBe(SUGGESTIONS.verifyCertificate(join('reports', 'certificate.intoto.jsonl')));
    // PUBLIC.pem is the reader's public key.
    const checked = await shell(verify.replace('PUBLIC.pem', keys.publicKey), dir);
    expect(checked.code, shown(checked)).toBe(0);
  },

  async replay() {
    const dir = folder('replay');
    const failed = await shell(
      'npx banking-api-conformance run --requirement PP-LIST-SHAPE --emulator-fault list-without-total --seed 23 --report-dir reports',
      dir,
    );
    expect(failed.code, shown(failed)).toBe(1);
    const replay = printed(failed.stdout, 'replay: ');
    expect(replay.startsWith(SUGGESTIONS.replay('run', []))).toBe(true);
    const again = await shell(replay, dir);
    expect(again.code, shown(again)).toBe(1);
    expect(again.stdout).toMatch(/^Verdict: NON-CONFORMANT .*: 1 MUST requirement failed: PP-LIST-SHAPE$/m);
  },
};

test.each(Object.keys(SETTINGS) as SuggestionName[])('%s: followed where it is printed, it works', (name) => SETTINGS[name](), 300_000);
