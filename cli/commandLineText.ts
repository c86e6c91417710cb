import type { NarrowedBy } from '../run/scenarioSelection.ts';
import { formatShard } from '../run/scenarioShard.ts';
import { DEFAULT_SIGNATURE_HEADER, DEFAULT_TIMEOUT_MS, type ReceiverConfig } from '../receiver/receiverConfig.ts';
import { DEFAULT_PLAN, NO_PLAN } from '../client/perturbations.ts';
import type { ClientChoice } from './clientValues.ts';

// Values said again as the command line that gives them, written once here: how a partial run
// was narrowed (results.json's partial.narrowedBy, `merge`), and the options that chose what
// a run or a receiver run judged (results.json's replayArguments, repeated in replay commands).

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
    ...(config.effectsUrl ? ['--effects', config.effectsUrl] : []),
    ...(config.headerName !== DEFAULT_SIGNATURE_HEADER ? ['--header-name', config.headerName] : []),
    ...(config.timeoutMs !== DEFAULT_TIMEOUT_MS ? ['--timeout-ms', String(config.timeoutMs)] : []),
  ];
}

/** A client run again: `-- COMMAND`, or the wait for a client started elsewhere, with its idle time; a plan not the default. */
export function clientReplayArguments(choice: ClientChoice): string[] {
  const plan = choice.plan.join(',') === DEFAULT_PLAN.join(',') ? [] : ['--plan', choice.plan.length > 0 ? choice.plan.join(',') : NO_PLAN];
  return [...plan, ...('command' in choice ? ['--', ...choice.command] : ['--wait', '--idle', String(choice.wait.idleSeconds)])];
}
