import { Faker, en } from '@faker-js/faker';
import type { CallAnswer } from '../harness/targetIO/adaptiveConcurrency.ts';
import { ApiClient } from '../harness/targetIO/apiClient.ts';
import type { CheckRecord } from '../harness/records/checkRecords.ts';
import { CheckRecorder } from '../harness/records/checkRecorder.ts';
import { CleanupLedger } from '../harness/engine/cleanupLedger.ts';
import type { ExchangeJournal } from '../harness/records/exchangeJournal.ts';
import { CLIENT_REQUIREMENTS, shapeRequirements } from '../contract/catalogue/operationCatalogue.ts';
import { requirementCatalogue } from '../contract/catalogue/requirementCatalogue.ts';
import {
  describeTrigger,
  heavyProbeSkipReason,
  type Scenario,
  type ScenarioContext,
  triggerAvailable,
} from '../harness/engine/scenario.ts';
import type { Pace } from '../harness/targetIO/apiClient.ts';
import { mixSeed } from '../harness/engine/schedulePerturbation.ts';
import { footprintOf, noteOperation, webhookAllowanceOf } from '../harness/engine/sharedState.ts';
import { SharedStateGuard } from '../harness/engine/sharedStateGuard.ts';
import type { TargetSession } from '../harness/targetIO/targetSession.ts';

// Runs one scenario against a target session and returns its check records.
// Never throws for target behaviour: a crash mid-scenario makes whatever it had
// not judged yet UNTESTABLE, with the error as the reason.

const HARNESS_REQUIREMENTS = [...Object.values(CLIENT_REQUIREMENTS), ...shapeRequirements()];

/** Stable per-scenario seed: the run seed mixed with the scenario id. */
export const scenarioSeed = (runSeed: number, scenarioId: string): number => mixSeed(runSeed, scenarioId);

function whyNotApplicable(scenario: Scenario, session: TargetSession): string | undefined {
  const { target } = session;
  if (scenario.environments && !scenario.environments.includes(target.environment)) {
    return `applies to ${scenario.environments.join(', ')} only; the target is ${target.environment}`;
  }
  const missing = (scenario.needs ?? []).filter((capability) => !target.capabilities.has(capability));
  if (missing.length > 0) return `needs capability ${missing.join(', ')}, which the target does not claim`;
  if (scenario.eventTriggers && !scenario.eventTriggers.some((kind) => triggerAvailable(kind, target))) {
    return `needs a way to make events happen, one of: ${scenario.eventTriggers.map(describeTrigger).join('; ')}; the target offers none`;
  }
  if (scenario.heavy && !target.heavyProbes) {
    return heavyProbeSkipReason(scenario.heavy, session.optionWords);
  }
  return undefined;
}

export interface ScenarioRunOptions {
  log?: (message: string) => void;
  /** Told of every exchange of the scenario's API client (`run --har`). */
  journal?: ExchangeJournal;
  /** Holds the scenario to its declared shared state (target/targetSubject.ts gives one that knows the scheduler). */
  guard?: SharedStateGuard;
  /** The schedule fuzzer's pause before each API call. */
  pace?: Pace;
  /** Told as each API call goes out, and how it was answered (`--concurrency auto`). */
  sending?: () => (answer: CallAnswer) => void;
  /** Told the scenario's checks once its body has ended, before its cleanup runs (beside the next scenarios). */
  bodyEnded?: (records: CheckRecord[]) => void;
  /** Told of each check record as it is first made. */
  recorded?: (record: CheckRecord) => void;
}

/** A scenario's check records; `notRun` when the run's budget kept it from starting (its records say why). */
export interface ScenarioRecords {
  records: CheckRecord[];
  notRun?: true;
}

export async function runScenario(scenario: Scenario, session: TargetSession, options: ScenarioRunOptions = {}): Promise<ScenarioRecords> {
  const log = options.log ?? (() => {});
  const catalogue = requirementCatalogue();
  const recorder = new CheckRecorder(
    catalogue,
    scenario.id,
    new Set([...scenario.requirements, ...HARNESS_REQUIREMENTS]),
    session.redactor,
  );
  recorder.onRecorded = options.recorded;
  const reason = whyNotApplicable(scenario, session);
  if (reason) {
    recorder.skipAll(scenario.requirements, reason);
    return { records: recorder.records() };
  }
  if (session.budget && Date.now() >= session.budget.deadline) {
    for (const id of scenario.requirements) recorder.untestable(id, `not run: ${session.budget.reason}`);
    return { records: recorder.records(), notRun: true };
  }
  const seed = scenarioSeed(session.seed, scenario.id);
  const faker = new Faker({ locale: [en] });
  faker.seed(seed);
  const cleanup = new CleanupLedger(session.cleanupLedgerPath, scenario.id);
  const shared =
    options.guard ?? new SharedStateGuard(scenario.id, footprintOf(scenario), undefined, session.webhooks, webhookAllowanceOf(scenario));
  const context: ScenarioContext = {
    target: session.target,
    api: new ApiClient(session.target.baseUrl, session.tokens.full(), recorder, session.throttling, options.journal, {
      ...(options.pace ? { pace: options.pace } : {}),
      ...(options.sending ? { sending: options.sending } : {}),
      gate: session.gate,
      operation: (name) => noteOperation(shared, name),
    }),
    tokens: session.tokens,
    check: recorder,
    cleanup,
    control: session.control,
    fixtures: session.fixtures,
    simulation: session.simulation,
    sink: session.sink,
    faker,
    seed,
    runSeed: session.seed,
    shared,
    log,
    ...(session.optionWords ? { optionWords: session.optionWords } : {}),
  };
  try {
    await recorder.runDeclared(
      scenario.requirements,
      () => scenario.run(context),
      (error) => `scenario ${scenario.id} could not finish (run seed ${session.seed}): ${error.message}`,
    );
  } finally {
    options.bodyEnded?.(recorder.records());
    for (const failure of await cleanup.run()) log(`cleanup of ${failure.label} failed: ${failure.error}`);
  }
  return { records: recorder.records() };
}
