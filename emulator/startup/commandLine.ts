import { parseArgs, type ParseArgsConfig } from 'node:util';
import { CONTROL_PREFIX, CONTROL_ROUTES } from '../../contract/facts/controlRoutes.ts';
import { ENVIRONMENTS, type Environment } from '../../contract/facts/environments.ts';
import type { EmulatorOptions } from '../emulator.ts';
import { EMULATOR_PROFILES, isProfileName, type ProfileName } from '../profiles/emulatorProfiles.ts';
import { readTokensFile } from './tokensFile.ts';
import { unknownFaultLine } from '../faultCatalogue.ts';
import { isSubcommand, SUBCOMMANDS, type SubcommandName } from '../tools/subcommands.ts';
import { refusalLine } from '../tools/toolArguments.ts';
import { DEFAULT_EMULATOR_PORT, DEFAULT_EMULATOR_URL } from '../tools/emulatorConnection.ts';
import { calibrate, calibrationLines } from '../calibration/calibration.ts';
import { CalibrationFileError, readObservedRun } from '../calibration/observedRun.ts';
import { type ConfiguredToken, TOKEN_VARIABLES, tokensFromEnvironment } from './tokenVariables.ts';

// `banking-api-emulator [options]`: the command line read into EmulatorOptions.
// A profile gives the starting options; every flag given overrides its part.

export const HELP = `Usage: banking-api-emulator [options]

       banking-api-emulator trigger <eventType> [--count N] [--set PATH=VALUE] [--url EMULATOR]
       banking-api-emulator trigger --list [--grep PATTERN]
       banking-api-emulator deliveries [--follow] [--url EMULATOR]

Starts the reference emulator of the banking platform API (in memory). The
subcommands talk to one already running (--url, default ${DEFAULT_EMULATOR_URL},
the URL the emulator listens on by default):
trigger makes events happen and prints where each was delivered and what was
answered; deliveries prints the recent deliveries (--help after either for more).
The page ${CONTROL_PREFIX}${CONTROL_ROUTES.ui.path} of a running emulator shows the same in a browser.

Options:
  --port N                  port to listen on (default ${DEFAULT_EMULATOR_PORT}; 0: a free port, printed at start)
  --host ADDR               address to bind (default 127.0.0.1)
  --environment ENV         ${ENVIRONMENTS.join(' or ')} (default sandbox)
  --clock-scale X           emulator seconds per real second (default 1)
  --profile NAME            start from a named set of the options below; flags override it
                            (${Object.keys(EMULATOR_PROFILES).join(', ')}; see --list-profiles)
  --latency MS              every documented-API answer waits MS milliseconds (0: none)
  --latency-jitter MS       ... plus or minus up to MS, uniformly (default 0)
  --rate-limit-every N      every Nth documented-API request is answered 429 (0: never)
  --retry-after S           the Retry-After of those 429 answers, in seconds (default 1)
  --lived-in SEED           start lived-in, as a shared sandbox is found: other tenants'
                            rules, about 20 webhooks, events of many types over 90 days
  --lived-in-events N       events of history in the lived-in store (default 3000)
  --lived-in-enabled-webhooks N
                            other tenants' Enabled webhooks in it (default 6, at most 100)
  --no-control-endpoints    serve only the documented API: ${CONTROL_PREFIX}/* answers 404
  --control-endpoints       serve ${CONTROL_PREFIX}/* even when the profile turns them off
  --tokens-file FILE        also accept the tokens in FILE: [{"value": "...", "scopes": [...]}]
                            (no "scopes": every scope)
  --fixture-account-id ID   id of the fixture account (default: the next numeric id)
  --fixture-deposit-product-id ID
                            id of the fixture deposit product (default: the next numeric id)
  --max-webhooks N          webhooks it holds at most, of any status (default 10000)
  --max-events N            events it stores at most (default 1000000)
  --fault NAME              start with a seeded fault or tolerated variation (repeatable)
  --state DIR               keep the store in DIR across restarts (fixtures, tokens, rules,
                            webhooks, events, pending retries, the clock); a saved state there
                            is read at start (docs/emulator-state.md)
  --calibrate FILE          choose as the target of a run chose where the documents leave it
                            open: the tolerated variations its results.json (or report
                            directory) observed; prints what it adopted and what it cannot
                            follow, and why (docs/emulator-calibration.md)
  --list-faults             list the seeded faults and tolerated variations, then exit
  --list-profiles           list the profiles and their options, then exit
  --logger                  log every request (tokens are never logged)
  -V, --version             print the version, then exit
  -h, --help                show this help

Tokens: ${CONTROL_ROUTES.mintToken.method} ${CONTROL_PREFIX}${CONTROL_ROUTES.mintToken.path} {"scopes": [...]} mints a bearer token with the
given scopes (all scopes when omitted). These environment variables add tokens
of your choosing (values are never printed):
${TOKEN_VARIABLES.map((variable) => `  ${variable.env.padEnd(38)} ${variable.scopes.length === 0 ? 'no scope' : variable.scopes.join(', ')}`).join('\n')}
Without control endpoints these and --tokens-file are the only tokens.`;

export class UsageError extends Error {}

export type CommandLine =
  | { action: 'help' | 'version' | 'list-faults' | 'list-profiles' }
  | { action: 'subcommand'; name: SubcommandName; argv: string[] }
  | {
      action: 'start';
      options: EmulatorOptions;
      profile?: ProfileName;
      tokenSources: string[];
      /** With --calibrate: the lines saying what was adopted and what not. */
      calibration?: string[];
    };

const FLAGS = {
  port: { type: 'string' },
  host: { type: 'string' },
  environment: { type: 'string' },
  'clock-scale': { type: 'string' },
  profile: { type: 'string' },
  latency: { type: 'string' },
  'max-webhooks': { type: 'string' },
  'max-events': { type: 'string' },
  'latency-jitter': { type: 'string' },
  'rate-limit-every': { type: 'string' },
  'retry-after': { type: 'string' },
  'lived-in': { type: 'string' },
  'lived-in-events': { type: 'string' },
  'lived-in-enabled-webhooks': { type: 'string' },
  'no-control-endpoints': { type: 'boolean' },
  'control-endpoints': { type: 'boolean' },
  'tokens-file': { type: 'string' },
  state: { type: 'string' },
  'fixture-account-id': { type: 'string' },
  'fixture-deposit-product-id': { type: 'string' },
  fault: { type: 'string', multiple: true },
  calibrate: { type: 'string' },
  logger: { type: 'boolean' },
  'list-faults': { type: 'boolean' },
  'list-profiles': { type: 'boolean' },
  version: { type: 'boolean', short: 'V' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies NonNullable<ParseArgsConfig['options']>;

function readFlags(argv: readonly string[]) {
  try {
    return parseArgs({
      args: [...argv],
      options: FLAGS,
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    throw new UsageError(refusalLine(error, Object.keys(FLAGS), Object.keys(SUBCOMMANDS)));
  }
}

function integer(flag: string, raw: string | undefined, min: number, max: number): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max)
    throw new UsageError(`--${flag} must be an integer from ${min} to ${max}; got '${raw}'`);
  return value;
}

type Flags = ReturnType<typeof readFlags>;

function latencyOf(flags: Flags, base: EmulatorOptions['latency']): EmulatorOptions['latency'] {
  const ms = integer('latency', flags.latency, 0, 60_000);
  const jitterMs = integer('latency-jitter', flags['latency-jitter'], 0, 60_000);
  if (ms === 0) return undefined;
  const merged = { ms: ms ?? base?.ms, jitterMs: jitterMs ?? (ms === undefined ? base?.jitterMs : 0) };
  if (merged.ms === undefined) {
    if (jitterMs !== undefined) throw new UsageError('--latency-jitter needs --latency (or a profile with latency)');
    return undefined;
  }
  if ((merged.jitterMs ?? 0) > merged.ms)
    throw new UsageError(`--latency-jitter (${merged.jitterMs}) must not exceed --latency (${merged.ms})`);
  return { ms: merged.ms, jitterMs: merged.jitterMs ?? 0 };
}

function rateLimitOf(flags: Flags, base: EmulatorOptions['rateLimit']): EmulatorOptions['rateLimit'] {
  const every = integer('rate-limit-every', flags['rate-limit-every'], 0, 1_000_000);
  const retryAfterSeconds = integer('retry-after', flags['retry-after'], 0, 3600);
  if (every === 0) return undefined;
  const merged = { every: every ?? base?.every, retryAfterSeconds: retryAfterSeconds ?? base?.retryAfterSeconds ?? 1 };
  if (merged.every === undefined) {
    if (retryAfterSeconds !== undefined) throw new UsageError('--retry-after needs --rate-limit-every (or a profile with a rate limit)');
    return undefined;
  }
  return { every: merged.every, retryAfterSeconds: merged.retryAfterSeconds };
}

function livedInOf(flags: Flags, base: EmulatorOptions['livedIn']): EmulatorOptions['livedIn'] {
  const seed = integer('lived-in', flags['lived-in'], 0, Number.MAX_SAFE_INTEGER);
  const events = integer('lived-in-events', flags['lived-in-events'], 0, 200_000);
  const enabledWebhooks = integer('lived-in-enabled-webhooks', flags['lived-in-enabled-webhooks'], 0, 100);
  const merged = { seed: seed ?? base?.seed, events: events ?? base?.events, enabledWebhooks: enabledWebhooks ?? base?.enabledWebhooks };
  if (merged.seed === undefined) {
    for (const [flag, value] of [
      ['--lived-in-events', events],
      ['--lived-in-enabled-webhooks', enabledWebhooks],
    ] as const) {
      if (value !== undefined) throw new UsageError(`${flag} needs --lived-in SEED (or a profile with a lived-in store)`);
    }
    return undefined;
  }
  return {
    seed: merged.seed,
    ...(merged.events === undefined ? {} : { events: merged.events }),
    ...(merged.enabledWebhooks === undefined ? {} : { enabledWebhooks: merged.enabledWebhooks }),
  };
}

/** --calibrate FILE: the variations its observations call for, and the account of them. */
function calibrationOf(flags: Flags): { variations: string[]; lines: string[] } | undefined {
  const source = flags.calibrate;
  if (source === undefined) return undefined;
  try {
    const calibration = calibrate(readObservedRun(source));
    return { variations: calibration.variations, lines: calibrationLines(calibration, source) };
  } catch (error) {
    if (error instanceof CalibrationFileError) throw new UsageError(`--calibrate ${error.message}`);
    throw error;
  }
}

function controlEndpointsOf(flags: Flags, base: boolean | undefined): boolean {
  if (flags['control-endpoints'] && flags['no-control-endpoints'])
    throw new UsageError('--control-endpoints and --no-control-endpoints contradict each other');
  if (flags['control-endpoints']) return true;
  if (flags['no-control-endpoints']) return false;
  return base ?? true;
}

function tokensOf(flags: Flags, env: NodeJS.ProcessEnv): ConfiguredToken[] {
  const fromFile =
    flags['tokens-file'] === undefined
      ? []
      : (() => {
          try {
            return readTokensFile(flags['tokens-file']);
          } catch (error) {
            throw new UsageError((error as Error).message);
          }
        })();
  return [...tokensFromEnvironment(env), ...fromFile];
}

export function readCommandLine(argv: readonly string[], env: NodeJS.ProcessEnv): CommandLine {
  if (isSubcommand(argv[0])) return { action: 'subcommand', name: argv[0], argv: argv.slice(1) };
  const flags = readFlags(argv);
  if (flags.help) return { action: 'help' };
  if (flags.version) return { action: 'version' };
  if (flags['list-faults']) return { action: 'list-faults' };
  if (flags['list-profiles']) return { action: 'list-profiles' };

  let profile: ProfileName | undefined;
  if (flags.profile !== undefined) {
    if (!isProfileName(flags.profile))
      throw new UsageError(`--profile must be one of ${Object.keys(EMULATOR_PROFILES).join(', ')}; got '${flags.profile}'`);
    profile = flags.profile;
  }
  const base: EmulatorOptions = profile ? EMULATOR_PROFILES[profile].options : {};

  const environment = (flags.environment ?? 'sandbox') as Environment;
  if (!ENVIRONMENTS.includes(environment))
    throw new UsageError(`--environment must be ${ENVIRONMENTS.join(' or ')}; got '${flags.environment}'`);
  const scale = flags['clock-scale'] === undefined ? 1 : Number(flags['clock-scale']);
  if (!(scale > 0) || !Number.isFinite(scale))
    throw new UsageError(`--clock-scale must be a positive number; got '${flags['clock-scale']}'`);
  const tokens = tokensOf(flags, env);
  const controlEndpoints = controlEndpointsOf(flags, base.controlEndpoints);
  if (!controlEndpoints && tokens.length === 0) {
    throw new UsageError(
      `without control endpoints no token can be minted: set ${TOKEN_VARIABLES[0]!.env} (or another token variable, see --help) or give --tokens-file`,
    );
  }
  const fixtures = {
    ...base.fixtures,
    ...(flags['fixture-account-id'] !== undefined ? { accountId: flags['fixture-account-id'] } : {}),
    ...(flags['fixture-deposit-product-id'] !== undefined ? { depositProductId: flags['fixture-deposit-product-id'] } : {}),
  };
  const calibration = calibrationOf(flags);
  const faults = flags.fault ?? [];
  const unknownFault = unknownFaultLine(faults);
  if (unknownFault) throw new UsageError(unknownFault);
  const options: EmulatorOptions = {
    port: integer('port', flags.port, 0, 65535) ?? DEFAULT_EMULATOR_PORT,
    host: flags.host ?? '127.0.0.1',
    environment,
    clock: { scale },
    faults: [...faults, ...(calibration?.variations ?? []).filter((name) => !faults.includes(name))],
    logger: flags.logger ?? false,
    tokens: tokens.map(({ value, scopes }) => ({ value, scopes })),
    controlEndpoints,
    fixtures,
  };
  const latency = latencyOf(flags, base.latency);
  if (latency) options.latency = latency;
  const rateLimit = rateLimitOf(flags, base.rateLimit);
  if (rateLimit) options.rateLimit = rateLimit;
  const livedIn = livedInOf(flags, base.livedIn);
  if (livedIn) options.livedIn = livedIn;
  if (flags.state !== undefined) options.state = flags.state;
  const webhooks = integer('max-webhooks', flags['max-webhooks'], 1, Number.MAX_SAFE_INTEGER);
  const storedEvents = integer('max-events', flags['max-events'], 1, Number.MAX_SAFE_INTEGER);
  if (webhooks !== undefined || storedEvents !== undefined)
    options.limits = { ...(webhooks !== undefined ? { webhooks } : {}), ...(storedEvents !== undefined ? { storedEvents } : {}) };
  return {
    action: 'start',
    options,
    ...(profile ? { profile } : {}),
    tokenSources: tokens.map((token) => token.source),
    ...(calibration ? { calibration: calibration.lines } : {}),
  };
}
