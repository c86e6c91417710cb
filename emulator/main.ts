import { readFileSync } from 'node:fs';
import { CONTROL_PREFIX, CONTROL_ROUTES } from '../contract/facts/controlRoutes.ts';
import type { Emulator } from './emulator.ts';
import { startEmulator } from './emulator.ts';
import { FAULTS } from './faultCatalogue.ts';
import { TOLERATED_VARIATIONS } from './faults/toleratedVariations.ts';
import { EMULATOR_PROFILES } from './profiles/emulatorProfiles.ts';
import { type CommandLine, HELP, readCommandLine } from './startup/commandLine.ts';
import { runSubcommand } from './tools/subcommands.ts';

// Standalone reference emulator: `npm run emulator` (on port 8080 unless --port says otherwise).

function fail(message: string): never {
  process.stderr.write(`banking-api-emulator: ${message}\n`);
  process.exit(2);
}

/** An active fault or variation, so nobody mistakes a deliberately broken emulator for a correct one. */
function activeDeviationLine(name: string): string {
  const fault = FAULTS.find((each) => each.name === name);
  if (fault) return `  fault ${name} active: breaks ${fault.breaks.join(', ')}: ${fault.description}`;
  const variation = TOLERATED_VARIATIONS.find((each) => each.name === name);
  return `  variation ${name} active: ${variation?.description ?? ''}`;
}

/** The package's version, as `--version` prints it. */
function packageVersion(): string {
  return (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
}

function describeStart(emulator: Emulator, command: Extract<CommandLine, { action: 'start' }>): string {
  const { options } = command;
  const { fixtures, environment } = emulator.state;
  const lines = [
    `banking-api-emulator (${environment}${command.profile ? `, profile ${command.profile}` : ''}) listening on ${emulator.url()}`,
    `  fixtures: deposit product ${fixtures.depositProductId}, account ${fixtures.accountId}`,
  ];
  if (emulator.livedIn) {
    const { rules, webhooks, events } = emulator.livedIn;
    lines.push(`  lived-in (seed ${options.livedIn?.seed}): ${rules} rules, ${webhooks} webhooks, ${events} events`);
  }
  if (options.latency) lines.push(`  latency: ${options.latency.ms} ± ${options.latency.jitterMs ?? 0} ms`);
  if (options.rateLimit)
    lines.push(
      `  rate limit: every ${options.rateLimit.every}th request answered 429, Retry-After: ${options.rateLimit.retryAfterSeconds ?? 1}`,
    );
  for (const name of options.faults ?? []) lines.push(activeDeviationLine(name));
  if (command.tokenSources.length > 0) lines.push(`  tokens from: ${command.tokenSources.join(', ')}`);
  if (options.state) lines.push(`  state: ${options.state} (${emulator.stateLoaded ? 'read back' : 'fresh'}; kept across restarts)`);
  const gone = emulator.stateTakenOver;
  if (gone) lines.push(`  state: took over the lock of pid ${gone.pid} (\`${gone.command}\`), which is no longer running`);
  lines.push(
    options.controlEndpoints === false
      ? '  control endpoints: off (only the documented API is served)'
      : `  mint a token: curl -X ${CONTROL_ROUTES.mintToken.method} ${emulator.url()}${CONTROL_PREFIX}${CONTROL_ROUTES.mintToken.path}`,
  );
  return `${lines.join('\n')}\n`;
}

// `--list-faults | head`, `trigger --list | head`: a reader that stops early ends the listing, not in a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(0);
});

const command = (() => {
  try {
    return readCommandLine(process.argv.slice(2), process.env);
  } catch (error) {
    return fail((error as Error).message);
  }
})();

async function run(command: CommandLine): Promise<void> {
  switch (command.action) {
    case 'help':
      process.stdout.write(`${HELP}\n`);
      return;
    case 'version':
      process.stdout.write(`${packageVersion()}\n`);
      return;
    case 'subcommand': {
      const write = (stream: NodeJS.WriteStream) => (text: string) => void stream.write(text);
      process.exitCode = await runSubcommand(command.name, command.argv, process.env, {
        out: write(process.stdout),
        err: write(process.stderr),
      });
      return;
    }
    case 'list-faults':
      for (const fault of FAULTS)
        process.stdout.write(`fault      ${fault.name.padEnd(44)} breaks ${fault.breaks.join(', ')}: ${fault.description}\n`);
      for (const variation of TOLERATED_VARIATIONS)
        process.stdout.write(`variation  ${variation.name.padEnd(44)} ${variation.description}\n`);
      return;
    case 'list-profiles':
      for (const [name, profile] of Object.entries(EMULATOR_PROFILES)) {
        process.stdout.write(`${name}: ${profile.description}\n  options: ${JSON.stringify(profile.options)}\n`);
      }
      return;
    case 'start': {
      if (command.calibration) process.stdout.write(`${command.calibration.join('\n')}\n`);
      const emulator = await startEmulator(command.options).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'EADDRINUSE') throw error;
        return fail(
          `port ${command.options.port} of ${command.options.host} is taken (another emulator?): give --port N, or --port 0 for a free one`,
        );
      });
      process.stdout.write(describeStart(emulator, command));
      const stop = () => void emulator.close().then(() => process.exit(0));
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    }
  }
}

try {
  await run(command);
} catch (error) {
  fail((error as Error).message);
}
