import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join, sep } from 'node:path';
import { closestSpelling } from '../contract/catalogue/closestSpelling.ts';
import { SetupError } from '../harness/records/setupError.ts';
import {
  type Aim,
  aimableOperations,
  DEFAULT_PLAN,
  NO_PLAN,
  parametersOf,
  PERTURBATION_NAMES,
  type PerturbationName,
} from '../client/perturbations.ts';
import { type OperationName, OPERATIONS } from '../contract/catalogue/operationCatalogue.ts';
import { DEFAULT_IDLE_SECONDS } from '../client/quietWatch.ts';
import { requirementCatalogue } from '../contract/catalogue/requirementCatalogue.ts';
import { type ExpectedFailure, loadExpectedFailures } from '../verdict/expectedFailures.ts';
import type { ReceiverEffects } from '../receiver/receiverConfig.ts';
import { effectsProbe } from './receiverValues.ts';
import { parseSeed } from './runValues.ts';
import { loadManifest, tokenCarrying } from '../harness/targetIO/targetManifest.ts';
import { SCOPES } from '../contract/facts/scopes.ts';
import type { ClientTarget } from '../client/clientTarget.ts';
import { readSigningKey } from '../verdict/certificateSigning.ts';
import { type ClientCertification, type ClientCertifyOptions, certificationTexts } from './clientCertificate.ts';

// The client command's options made values once, here: client/ is handed a command to run or
// how to wait for a client started elsewhere, never the text a user typed. Every bad value is
// a setup error naming the option and what is wrong.

export { DEFAULT_IDLE_SECONDS };

export interface ClientOptionTexts {
  wait?: boolean;
  idle?: string;
  port?: string;
  plan?: string;
  baseline?: string;
  /** --effects: the effects probe the receivers of the client's webhooks are judged with, as the receiver command takes it. */
  effects?: string;
  /** --effects-patience: seconds, as typed. */
  effectsPatience?: string;
  /** --target: a target manifest; the client calls its base URL through the recording proxy. */
  target?: string;
  /** --wait-for-target: seconds, as commander made them a number. */
  waitForTarget?: number;
  /** --seed: places each perturbation given no call (client/planCursor.ts), as typed. */
  seed?: string;
}

/** --target MANIFEST read: where the client calls through the proxy, and what it is given. */
export interface ClientTargetChoice {
  manifestPath: string;
  target: ClientTarget;
  /** How long a target that does not answer yet is waited for. */
  waitSeconds: number;
}

/** A baseline of the client's known failures, read and checked before anything starts. */
export interface ClientBaseline {
  path: string;
  entries: ExpectedFailure[];
}

/** What the client runs as: a command, or a client started elsewhere to wait for. */
type Served = { command: string[] } | { wait: { idleSeconds: number; port?: number } };

/** What the command line chose: a command to run, or a client started elsewhere to wait for, and the perturbations. */
export type ClientChoice = Served & {
  plan: readonly PerturbationName[];
  /** Where the plan aims the perturbations it gave parameters (--plan NAME:KEY=VALUE…). */
  aims: PlanChoice['aims'];
  /** The run's seed (--seed; 0 unless given): where each perturbation given no call lands. */
  seed: number;
  baseline?: ClientBaseline;
  /** The effects probe the receivers of the client's webhooks are judged with. */
  effects?: ReceiverEffects;
  /** A target of a manifest (--target); the embedded emulator when absent. */
  target?: ClientTargetChoice;
  /** How the client is certified (--certify), its key read; absent when it is not. */
  certification?: ClientCertification;
};

/** The perturbations a plan chose, and where it aims those it gave parameters. */
export interface PlanChoice {
  plan: readonly PerturbationName[];
  aims: Partial<Record<PerturbationName, Aim>>;
}

/** One perturbation's `KEY=VALUE` parameters made an aim: each a parameter it takes, an operation it may aim at, a positive count. */
function aimOf(name: PerturbationName, parameters: readonly string[]): Aim {
  const takes = parametersOf(name);
  const aim: Aim = {};
  for (const parameter of parameters) {
    const [key = '', value = ''] = parameter.split(/=(.*)/s, 2).map((part) => part.trim());
    if (!(takes as readonly string[]).includes(key)) {
      const closest = closestSpelling(key, takes);
      const taken = takes.length > 0 ? `; it takes ${takes.join(', ')}` : '; it takes none';
      throw new SetupError(`--plan: ${name} takes no parameter '${key}'${closest ? ` (did you mean ${closest}?)` : ''}${taken}`);
    }
    if (key === 'op') {
      const aimable = aimableOperations(name);
      const operations = aimable?.operations ?? (Object.keys(OPERATIONS) as OperationName[]);
      if (!(operations as readonly string[]).includes(value)) {
        const closest = closestSpelling(value, operations);
        const which = aimable?.what ?? 'no operation';
        throw new SetupError(`--plan: ${name}: op: '${value}' is ${which}${closest ? ` (did you mean ${closest}?)` : ''}`);
      }
      aim.op = value as OperationName;
      continue;
    }
    const count = Number(value);
    if (!/^\d+$/.test(value) || !Number.isSafeInteger(count) || count < 1)
      throw new SetupError(`--plan: ${name}: ${key} must be a positive integer; got '${value}'`);
    aim[key as 'call' | 'times'] = count;
  }
  return aim;
}

/**
 * --plan NAME[:KEY=VALUE[,KEY=VALUE…]][,NAME…]: the perturbations chosen (every one unless told), or `none`, and where each
 * is aimed. The text is split on commas; a piece with `=` and no `:` is one more parameter of the perturbation before it, any
 * other piece names a perturbation (names hold no `=`), so `--plan a,b` is read as ever. An unknown name says the closest.
 */
export function perturbationPlan(text: string | undefined): PlanChoice {
  if (text === undefined) return { plan: DEFAULT_PLAN, aims: {} };
  const chosen: Array<{ name: string; parameters: string[] }> = [];
  for (const piece of text.split(',').map((part) => part.trim())) {
    const colon = piece.indexOf(':');
    if (colon < 0 && piece.includes('=')) {
      const before = chosen.at(-1);
      if (!before) throw new SetupError(`--plan: '${piece}' is a parameter, but no perturbation comes before it; got '${text}'`);
      before.parameters.push(piece);
      continue;
    }
    chosen.push(colon < 0 ? { name: piece, parameters: [] } : { name: piece.slice(0, colon), parameters: [piece.slice(colon + 1)] });
  }
  const names = chosen.map(({ name }) => name);
  if (names.includes(NO_PLAN)) {
    if (names.length === 1 && chosen[0]!.parameters.length === 0) return { plan: [], aims: {} };
    throw new SetupError(`--plan: ${NO_PLAN} bends nothing and goes alone; got '${text}'`);
  }
  for (const name of names)
    if (!(PERTURBATION_NAMES as readonly string[]).includes(name)) {
      const closest = closestSpelling(name, [...PERTURBATION_NAMES, NO_PLAN]);
      throw new SetupError(
        `--plan: unknown perturbation '${name}'${closest ? ` (did you mean ${closest}?)` : ''}; \`banking-api-conformance list perturbations\` shows them`,
      );
    }
  const aims: PlanChoice['aims'] = {};
  for (const { name, parameters } of chosen) {
    if (parameters.length === 0) continue;
    if (aims[name as PerturbationName]) throw new SetupError(`--plan: ${name} is aimed twice; give its parameters once`);
    aims[name as PerturbationName] = aimOf(name as PerturbationName, parameters);
  }
  return { plan: PERTURBATION_NAMES.filter((name) => names.includes(name)), aims };
}

function idleSeconds(text: string | undefined): number {
  if (text === undefined) return DEFAULT_IDLE_SECONDS;
  const seconds = Number(text);
  if (text.trim() === '' || !Number.isFinite(seconds) || seconds <= 0)
    throw new SetupError(`--idle must be a positive number of seconds; got '${text}'`);
  return seconds;
}

function port(text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1 || value > 65535)
    throw new SetupError(`--port must be an integer from 1 to 65535; got '${text}'`);
  return value;
}

/** --effects URL and --effects-patience S, checked as the receiver command checks them; the patience alone has no use. */
function receiverEffects(options: ClientOptionTexts): { effects?: ReceiverEffects } {
  if (options.effects !== undefined) return { effects: effectsProbe(options) };
  if (options.effectsPatience !== undefined)
    throw new SetupError('--effects-patience goes with --effects (an effects probe to read); without one it has no use');
  return {};
}

/** A command to run, or how to wait for a client started elsewhere: --wait, --idle and --port checked against the command. */
function served(command: readonly string[], options: ClientOptionTexts): Served {
  if (options.wait) {
    if (command.length > 0)
      throw new SetupError(`--wait serves a client started elsewhere and runs no command; drop --wait to run ${command.join(' ')}`);
    return { wait: { idleSeconds: idleSeconds(options.idle), ...(options.port !== undefined ? { port: port(options.port) } : {}) } };
  }
  for (const [option, given] of [
    ['--idle', options.idle],
    ['--port', options.port],
  ] as const)
    if (given !== undefined) throw new SetupError(`${option} goes with --wait (a client started elsewhere); with a command it has no use`);
  if (command.length === 0)
    throw new SetupError(
      'client: give the command that runs your client after --, e.g. client -- node my-client.mjs, or --wait to serve a client started elsewhere',
    );
  assertProgramFound(command[0]!);
  return { command: [...command] };
}

/** The requirements a client's baseline may name: the client's and its receivers' (a client run judges both, client/clientWebhooks.ts). */
const baselineIds = (): string[] =>
  [...requirementCatalogue('client').all(), ...requirementCatalogue('receiver').all()].map((requirement) => requirement.id);

/**
 * Every option's text is checked before any file is read, and the files (the signing key, the baseline, the manifest)
 * are read last, each straight from here: a wrong option costs no read, and the options go down the layers once.
 */
export function clientChoice(
  command: readonly string[],
  options: ClientOptionTexts & ClientCertifyOptions,
  env: NodeJS.ProcessEnv = process.env,
): ClientChoice {
  const { plan, aims } = perturbationPlan(options.plan);
  const seed = options.seed === undefined ? 0 : parseSeed(options.seed, '--seed');
  const effects = receiverEffects(options);
  const run = served(command, options);
  const certifying = certificationTexts(options, env);
  if (options.target === undefined && options.waitForTarget !== undefined)
    throw new SetupError('--wait-for-target goes with --target (a target of a manifest); the embedded emulator needs no wait');
  const signingKey = certifying ? readSigningKey(certifying.keyFile, certifying.keyNamed) : undefined;
  const entries = options.baseline === undefined ? undefined : loadExpectedFailures(options.baseline, baselineIds());
  const manifest = options.target === undefined ? undefined : loadManifest(options.target);
  const choice: ClientChoice = { ...run, plan, aims, seed, ...effects };
  if (certifying && signingKey) choice.certification = { signingKey, validDays: certifying.validDays, subject: certifying.subject };
  if (options.baseline !== undefined && entries) choice.baseline = { path: options.baseline, entries };
  if (options.target === undefined || !manifest) return choice;
  // --target MANIFEST: its base URL, the token of its token variable that carries every scope (the first named where
  // none does), read from `env`, and its fixture ids.
  if (!manifest.baseUrl)
    throw new SetupError(
      `--target ${options.target}: baseUrl: the manifest names no base URL (a container target is not started for your client); give the URL it serves at`,
    );
  const chosen = tokenCarrying(manifest, SCOPES);
  const value = chosen && env[chosen.env];
  if (chosen && !value)
    throw new SetupError(
      `environment variable ${chosen.env} is not set (the token of target '${manifest.name}' your client is given); export it before running`,
    );
  const { accountId, depositProductId } = manifest.fixtures ?? {};
  const fixtures = { ...(accountId === undefined ? {} : { accountId }), ...(depositProductId === undefined ? {} : { depositProductId }) };
  const token = chosen && value ? { token: { variable: chosen.env, value } } : {};
  const target: ClientTarget = { name: manifest.name, baseUrl: manifest.baseUrl, ...token, fixtures };
  choice.target = { manifestPath: options.target, target, waitSeconds: options.waitForTarget ?? 0 };
  return choice;
}

const isRunnableFile = (path: string): boolean => {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/**
 * The program is looked for as spawning it will (a path as given, a bare name on PATH), so a
 * command that is not there is one line before anything starts. On Windows, where PATHEXT
 * decides what runs, spawning it is the only test.
 */
function assertProgramFound(program: string, env: NodeJS.ProcessEnv = process.env): void {
  if (process.platform === 'win32') return;
  const found =
    isAbsolute(program) || program.includes(sep)
      ? isRunnableFile(program)
      : (env.PATH ?? '').split(delimiter).some((folder) => folder !== '' && isRunnableFile(join(folder, program)));
  if (!found) throw new SetupError(`client: command not found: ${program}`);
}
