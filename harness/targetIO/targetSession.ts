import { CallGate } from './callGate.ts';
import { ControlClient } from './controlClient.ts';
import { SecretRedactor } from '../records/secretRedactor.ts';
import { SessionSink } from './sessionSink.ts';
import { createFixtureProvider, type FixtureProvider } from './fixtureProvider.ts';
import { loadManifest, resolveTarget, type TargetInfo, type TargetManifestFile, EMULATOR_MANIFEST_PATH } from './targetManifest.ts';
import type { PaymentSimulationAdapter } from './simulation/paymentSimulation.ts';
import { loadSimulationAdapter } from './simulation/simulationAdapterLoader.ts';
import { HeldWebhooks } from './heldWebhooks.ts';
import { emptyTally, type ThrottleTally } from './throttleRetry.ts';
import { createTokenPool, type TokenPool } from './tokenPool.ts';
import type { OptionWords } from '../records/optionWords.ts';
import { runSeed } from '../records/runSeed.ts';

/** Everything scenarios share for one target in one process. */
export interface TargetSession {
  target: TargetInfo;
  control: ControlClient;
  tokens: TokenPool;
  fixtures: FixtureProvider;
  simulation: PaymentSimulationAdapter;
  /** Masks the session's secrets (its tokens, the signing tokens its scenarios make up) in everything it records. */
  redactor: SecretRedactor;
  /** The harness webhook sink, started on first use; close it when the session ends. */
  sink: SessionSink;
  seed: number;
  /** Throttling waited out by every scenario run in this session so far. */
  throttling: ThrottleTally;
  /** The target's webhooks the session's scenarios hold: a good tenant on a shared sandbox states its footprint. */
  webhooks: HeldWebhooks;
  /** Every API call passes it: the target's stated rate limit, kept across all the session's scenarios. */
  gate: CallGate;
  /** The run's cleanup ledger file (harness/targetIO/cleanupLedgerFile.ts), when the run keeps one. */
  cleanupLedgerPath?: string;
  /** The run's budget (run --budget-minutes): scenarios not started by then are UNTESTABLE. */
  budget?: RunBudget;
  /** The command line's options, for a message that names the one to change (harness/records/optionWords.ts). */
  optionWords?: OptionWords;
}

export interface RunBudget {
  /** Epoch ms. */
  deadline: number;
  /** The reason recorded on what was not run. */
  reason: string;
}

export interface SessionOptions {
  baseUrl?: string;
  sinkPublicUrl?: string;
  seed?: number;
  /** Overrides the manifest's heavyProbes (`--heavy-probes`, `--certify`). */
  heavyProbes?: boolean;
  /** Where every created resource is recorded until undone (the report directory's cleanup-ledger.jsonl). */
  cleanupLedgerPath?: string;
  /** The run's budget: a scenario that has not started by its deadline is not run. */
  budget?: RunBudget;
  /** The command line's options, as its messages name them (cli/commandLineText.ts); none where no command started the run. */
  optionWords?: OptionWords;
}

/** What a session is opened with that cannot travel to a worker with SessionOptions. */
export interface SessionOwners {
  /** Where the manifest's token variables are read (the process environment unless a test gives its own). */
  tokenEnv?: NodeJS.ProcessEnv;
  /** The redactor the session teaches its secrets; the command line's own, so that what it writes is masked too. Default: the session's own. */
  redactor?: SecretRedactor;
}

export async function openTargetSession(
  manifest: TargetManifestFile,
  options: SessionOptions = {},
  owners: SessionOwners = {},
): Promise<TargetSession> {
  const target = resolveTarget(manifest, options.baseUrl, options.sinkPublicUrl, options.heavyProbes);
  const control = new ControlClient(target);
  const redactor = owners.redactor ?? new SecretRedactor();
  const tokens = await createTokenPool(target, control, redactor, owners.tokenEnv, options.optionWords);
  return {
    target,
    control,
    tokens,
    fixtures: createFixtureProvider(target, control),
    simulation: await loadSimulationAdapter(manifest.simulation),
    redactor,
    sink: new SessionSink(target.webhookSink, redactor),
    seed: runSeed(options.seed),
    throttling: emptyTally(),
    webhooks: new HeldWebhooks(),
    gate: new CallGate(target.rateLimit),
    ...(options.cleanupLedgerPath ? { cleanupLedgerPath: options.cleanupLedgerPath } : {}),
    ...(options.budget ? { budget: options.budget } : {}),
    ...(options.optionWords ? { optionWords: options.optionWords } : {}),
  };
}

/** The embedded emulator's manifest, optionally amended (e.g. another environment). */
export function emulatorManifest(overrides: Partial<TargetManifestFile> = {}): TargetManifestFile {
  return { ...loadManifest(EMULATOR_MANIFEST_PATH), ...overrides };
}
