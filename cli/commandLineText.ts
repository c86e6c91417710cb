import type { NarrowedBy } from '../run/scenarioSelection.ts';
import { formatShard } from '../run/scenarioShard.ts';
import {
  DEFAULT_EFFECTS_PATIENCE_MS,
  DEFAULT_SIGNATURE_HEADER,
  DEFAULT_TIMEOUT_MS,
  type ReceiverConfig,
  type ReceiverEffects,
} from '../receiver/receiverConfig.ts';
import { DEFAULT_PLAN, NO_PLAN } from '../client/perturbations.ts';
import type { ClientChoice } from './clientValues.ts';
import type { ResultsDocument } from '../verdict/resultsDocument.ts';
import type { OptionWords } from '../harness/records/optionWords.ts';
import { type Replay, shellQuote } from '../report/reproduction.ts';
import { SUGGESTIONS } from './suggestions.ts';

// Values said again as the command line that gives them, written once here: how a partial run
// was narrowed (results.json's partial.narrowedBy, `merge`), the options that chose what a run or
// a receiver run judged (results.json's replayArguments), and the command that replays each failure
// (replayOf, handed to the faces that show it).

/** `--only auth`, `--grep "cancel"`, `--shard 1/4`, `--fail-fast`: one entry per option, in a fixed order. */
export function narrowedByText(narrowedBy: NarrowedBy): string[] {
  return [
    ...(narrowedBy.areas ? [`--only ${narrowedBy.areas.join(',')}`] : []),
    ...(narrowedBy.shard ? [`--shard ${formatShard(narrowedBy.shard)}`] : []),
    ...(narrowedBy.skip ? [`--skip ${narrowedBy.skip.join(',')}`] : []),
    ...(narrowedBy.requirements ? [`--requirement ${narrowedBy.requirements.join(',')}`] : []),
    ...(narrowedBy.grep !== undefined ? [`--grep ${JSON.stringify(narrowedBy.grep)}`] : []),
    ...(narrowedBy.lastFailed ? ['--last-failed'] : []),
    ...(narrowedBy.failFast ? ['--fail-fast'] : []),
  ];
}

/** The options a message past cli/ names for the user to change (harness/records/optionWords.ts). */
export const OPTION_WORDS: OptionWords = {
  heavyProbes: '--heavy-probes',
  sinkPublicUrl: '--sink-public-url',
  target: '--target',
  baseUrl: '--base-url',
  emulatorFault: '--emulator-fault',
  key: '--key',
  subject: '--subject',
  at: '--at',
  results: '--results',
  evidence: '--evidence',
  url: '--url',
  tokenEnv: '--token-env',
  deliveryMode: '--delivery-mode',
  effects: '--effects',
  effectsPatience: '--effects-patience',
};

/** The target a run judged, as the options that chose it. */
export interface TargetChoice {
  target?: string;
  baseUrl?: string;
  targetImage?: string;
  targetPort?: number;
  targetManifest?: string;
  emulatorFault?: readonly string[];
}

/** A container's environment values are left out: they may hold secrets, and reports repeat none. */
export function runReplayArguments(choice: TargetChoice): string[] {
  return [
    ...(choice.target ? ['--target', choice.target] : []),
    ...(choice.baseUrl ? ['--base-url', choice.baseUrl] : []),
    ...(choice.targetImage ? ['--target-image', choice.targetImage] : []),
    ...(choice.targetImage && choice.targetPort !== undefined ? ['--target-port', String(choice.targetPort)] : []),
    ...(choice.targetImage && choice.targetManifest ? ['--target-manifest', choice.targetManifest] : []),
    ...(choice.emulatorFault ?? []).flatMap((fault) => ['--emulator-fault', fault]),
  ];
}

/** `--effects URL` and a patience not the default, as the receiver and client commands take them. */
function effectsArguments({ effectsUrl, effectsPatienceMs }: ReceiverEffects): string[] {
  return [
    ...(effectsUrl ? ['--effects', effectsUrl] : []),
    ...(effectsPatienceMs !== undefined && effectsPatienceMs !== DEFAULT_EFFECTS_PATIENCE_MS
      ? ['--effects-patience', String(effectsPatienceMs / 1000)]
      : []),
  ];
}

/** The options that describe this receiver again, for the replay command of each failure (never the token's value). */
export function receiverReplayArguments(config: ReceiverConfig): string[] {
  return [
    '--url',
    config.url,
    '--token-env',
    config.tokenEnv,
    '--content-type',
    config.contentType,
    '--delivery-mode',
    config.deliveryMode,
    ...(config.includeResources ? ['--include-resources'] : []),
    ...(config.headerName !== DEFAULT_SIGNATURE_HEADER ? ['--header-name', config.headerName] : []),
    ...(config.timeoutMs !== DEFAULT_TIMEOUT_MS ? ['--timeout-ms', String(config.timeoutMs)] : []),
    ...effectsArguments(config),
  ];
}

/** A plan's entries as --plan takes them: each name, with its aim's parameters where it has one (`retry-after-429:op=webhook.create,times=2`). */
export function planEntries({ plan, aims }: Pick<ClientChoice, 'plan' | 'aims'>): string[] {
  return plan.map((name) => {
    const parameters = Object.entries(aims[name] ?? {}).map(([key, value]) => `${key}=${value}`);
    return parameters.length > 0 ? `${name}:${parameters.join(',')}` : name;
  });
}

/** A plan as --plan takes it: its entries, or `none`. */
export function planText(choice: Pick<ClientChoice, 'plan' | 'aims'>): string {
  return choice.plan.length === 0 ? NO_PLAN : planEntries(choice).join(',');
}

/**
 * A client run again: `-- COMMAND`, or the wait for a client started elsewhere, with its idle time; the target of a manifest it
 * called; a plan not the default; its baseline; its effects probe.
 */
export function clientReplayArguments(choice: ClientChoice): string[] {
  const aimed = Object.keys(choice.aims).length > 0;
  const plan = choice.plan.join(',') === DEFAULT_PLAN.join(',') && !aimed ? [] : ['--plan', planText(choice)];
  const baseline = choice.baseline ? ['--baseline', choice.baseline.path] : [];
  const target = choice.target ? ['--target', choice.target.manifestPath] : [];
  // The seed placed the perturbations given no call: the same seed bends the same calls again.
  const seed = choice.seed !== 0 && choice.plan.length > 0 ? ['--seed', String(choice.seed)] : [];
  return [
    ...target,
    ...plan,
    ...seed,
    ...baseline,
    ...effectsArguments(choice.effects ?? {}),
    ...('command' in choice ? ['--', ...choice.command] : ['--wait', '--idle', String(choice.wait.idleSeconds)]),
  ];
}

/** What "depends on the schedule" means where a replay command would be printed. */
export const SCHEDULE_DEPENDENT_NOTE =
  'depends on the schedule: it failed while other scenarios ran beside it and passed when run again alone, so replaying it alone will pass; replay the whole run';

type ReplaySource = Pick<ResultsDocument, 'seed' | 'replayArguments' | 'command' | 'scheduleSeed' | 'scheduleDependent'>;

/**
 * `npx banking-api-conformance run --grep '<scenario>' --seed N [--schedule-seed M]` plus the options
 * that chose the target; for a failure that depends on the schedule, the note and the whole run instead;
 * for a receiver document, the receiver command with the options that described the receiver; for a
 * client document, the client command with the client's own command.
 */
export function replayCommand(document: ReplaySource, itemId: string | undefined, requirementId: string): string {
  const target = (document.replayArguments ?? []).map((argument) => (/^[\w./:@=,+-]+$/.test(argument) ? argument : shellQuote(argument)));
  // The receiver's options, or `-- <the client's command>`: the command judged again, as it was judged.
  if (document.command === 'receiver' || document.command === 'client') return SUGGESTIONS.replay(document.command, target);
  const whole = itemId !== undefined && (document.scheduleDependent ?? []).includes(itemId);
  const selection = whole ? [] : itemId ? ['--grep', shellQuote(itemId)] : ['--requirement', requirementId];
  const schedule = document.scheduleSeed !== undefined ? ['--schedule-seed', String(document.scheduleSeed)] : [];
  const command = SUGGESTIONS.replay('run', [...selection, '--seed', String(document.seed), ...schedule, ...target]);
  return whole ? `${SCHEDULE_DEPENDENT_NOTE}: ${command}` : command;
}

/** A document's replays as the faces are handed them: each failure's command, and what a container's leaves out. */
export const replayOf = (document: ReplaySource): Replay => ({
  command: (itemId, requirementId) => replayCommand(document, itemId, requirementId),
  // A container's --target-env values are not in replayArguments (reports repeat none).
  leftOut: 'the --target-env options the run had',
});
