import type { EngineListener, ItemReport } from '../harness/engine/engineEvents.ts';
import type { JournalEntry } from '../harness/records/exchangeJournal.ts';
import type { SecretRedactor } from '../harness/records/secretRedactor.ts';
import { requirementCatalogue } from '../contract/catalogue/requirementCatalogue.ts';
import type { TargetInfo } from '../harness/targetIO/targetManifest.ts';
import { openTargetSession, type SessionOptions } from '../harness/targetIO/targetSession.ts';
import { recordContainerRun } from '../container/targetImageRun.ts';
import { defaultConcurrency, describeConcurrency } from '../harness/targetIO/concurrency.ts';
import { measureRoundTrip } from '../harness/targetIO/roundTrip.ts';
import type { RequestReplay, ResultsDocument } from '../verdict/resultsDocument.ts';
import type { ComparableResults } from '../verdict/resultsComparison.ts';
import { executeRun, notStartedReports } from './runExecution.ts';
import { judgeRun } from './runJudgement.ts';
import { planRun, type PlanRequest, type RunPlan } from './runPlan.ts';
import type { NarrowingText } from './scenarioSelection.ts';
import { RunLedger } from './runLedger.ts';
import { type RunTarget, startRunTarget, stopRunTarget, type TargetRequest } from './runTarget.ts';
import { CONTROL_ROUTES } from '../contract/facts/controlRoutes.ts';
import { formatShard } from './scenarioShard.ts';

// A run, one way through: plan → target → execute → judge → results document.
// Nothing here prints a report: the caller hands the document to the reporters.

export interface RunRequest extends PlanRequest, TargetRequest {
  reportDir: string;
  /**
   * The options that chose the target, for the replay command of each failure (report/reproduction.ts),
   * as cli/commandLineText.ts writes them; none for the embedded emulator.
   */
  replayArguments?: string[];
  /** How a partial run's narrowing is told in results.json (cli/commandLineText.ts); needed by a narrowed run. */
  narrowingText?: NarrowingText;
  sinkPublicUrl?: string;
  heavyProbes?: boolean;
  certify?: boolean;
  har?: boolean;
  baseline?: string;
  /** An earlier run to report the difference from, read before the run (cli/runCommand.ts). */
  compare?: ComparableResults;
  verbose?: boolean;
}

export interface RunObservers {
  /** Notes about the run (target started, what runs); --quiet silences them. */
  say(text: string): void;
  /** Output that is always shown (a container's start). */
  write(text: string): void;
  /** The faces that watch the run as it goes (the progress display): told every event of the engine. */
  progress(plan: RunPlan): { tell: EngineListener; finish(): void };
  /** Learns the run's secrets (the session's tokens) and masks what the run writes (a container's log). */
  redactor: SecretRedactor;
}

export interface RunOutcome {
  document: ResultsDocument;
  /** Every planned scenario's report, for the faces that take a finished run (Allure); those not started only SKIP. */
  reports: ItemReport[];
  target: TargetInfo;
  /** Every exchange of the run, with --har. */
  exchanges: JournalEntry[];
}

/** The target as the run's header names it; a name that already says where it is ("emulator at URL", init's) is not followed by the URL again. */
const targetText = (info: Pick<TargetInfo, 'name' | 'environment' | 'baseUrl'>): string =>
  info.name.includes(info.baseUrl) ? `${info.name} (${info.environment})` : `${info.name} (${info.environment}) at ${info.baseUrl}`;

/** What a failure's curl command can reach after the run: a target the run started is gone; one that minted the run's tokens mints more. */
function requestReplay(target: RunTarget, info: TargetInfo): RequestReplay {
  const targetStopped = target.emulator ? 'embedded emulator' : target.container ? 'container' : undefined;
  const mints = info.capabilities.has('tokenMinting');
  return {
    ...(targetStopped ? { targetStopped } : {}),
    ...(mints ? { mintTokenUrl: `${info.baseUrl.replace(/\/+$/, '')}${info.controlPrefix}${CONTROL_ROUTES.mintToken.path}` } : {}),
  };
}

export async function runConformance(request: RunRequest, suiteVersion: string, observers: RunObservers): Promise<RunOutcome> {
  const catalogue = requirementCatalogue();
  const plan = planRun(request);
  const target = await startRunTarget(request, observers.say, observers.write);
  // Every resource the scenarios create is recorded as it is created, so a killed run leaves it to `cleanup`.
  const ledger = new RunLedger(request.reportDir);
  let closeSession = async (): Promise<void> => {};
  try {
    const budgetMs = plan.budgetMinutes * 60_000;
    const session: SessionOptions = {
      baseUrl: target.baseUrl,
      seed: plan.seed,
      ...(request.heavyProbes || request.certify ? { heavyProbes: true } : {}),
      ...(request.sinkPublicUrl ? { sinkPublicUrl: request.sinkPublicUrl } : {}),
      ...(request.optionWords ? { optionWords: request.optionWords } : {}),
      budget: {
        deadline: Date.now() + budgetMs,
        reason: `the run's budget of ${plan.budgetMinutes} minute(s) ran out before this scenario started`,
      },
      cleanupLedgerPath: ledger.path,
    };
    // The run's one session: opened before any scenario starts, it also catches missing tokens.
    const opened = await openTargetSession(target.manifest, session, { redactor: observers.redactor });
    closeSession = () => opened.sink.close();
    const info = opened.target;
    ledger.begin(opened, request.target, observers.write);
    // --fail-fast stops at the first failing scenario: only one at a time has a first.
    // Without --concurrency, how far the target is chooses it; the embedded emulator shares this process, so its round trip is our own CPU.
    const chosenBy = plan.failFast || plan.concurrency !== undefined || target.emulator ? undefined : await measureRoundTrip(info.baseUrl);
    const concurrency = plan.failFast ? 1 : (plan.concurrency ?? defaultConcurrency(chosenBy));
    const { areas, scenarios } = plan.selection;
    observers.say(
      `Target: ${targetText(info)}; areas: ${areas.join(', ')}${plan.shard ? `; shard ${formatShard(plan.shard)} (${scenarios.length} scenarios)` : ''}; seed ${plan.seed}${plan.scheduleSeed !== undefined ? `; schedule seed ${plan.scheduleSeed}` : ''}; concurrency ${describeConcurrency(concurrency, info.rateLimit.concurrency, chosenBy)}`,
    );
    const progress = observers.progress(plan);
    const execution = await executeRun({
      plan,
      session: opened,
      concurrency,
      recordExchanges: request.har ?? false,
      listener: progress.tell,
    });
    progress.finish();
    await ledger.finish(observers.say);
    const container = target.container ? await recordContainerRun(target.container, request.reportDir, observers.redactor) : undefined;
    const document = judgeRun({
      plan,
      execution,
      catalogue,
      target: info,
      suiteVersion,
      ...(target.container ? { image: target.container.image } : {}),
      ...(container ? { container } : {}),
      replayArguments: request.replayArguments ?? [],
      ...(request.narrowingText ? { narrowingText: request.narrowingText } : {}),
      ...(request.baseline ? { baseline: request.baseline } : {}),
      ...(request.compare ? { compare: request.compare } : {}),
    });
    document.requestReplay = requestReplay(target, info);
    return {
      document,
      reports: [...execution.scenarios, ...notStartedReports(plan, execution)],
      target: info,
      exchanges: request.har ? execution.scenarios.flatMap((report) => report.exchanges ?? []) : [],
    };
  } finally {
    await closeSession();
    ledger.dispose();
    await stopRunTarget(target);
  }
}
