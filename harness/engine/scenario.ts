import type { Faker } from '@faker-js/faker';
import type { ApiClient } from '../targetIO/apiClient.ts';
import type { CheckRecorder } from '../records/checkRecorder.ts';
import type { CleanupLedger } from './cleanupLedger.ts';
import type { ControlClient } from '../targetIO/controlClient.ts';
import type { FixtureProvider } from '../targetIO/fixtureProvider.ts';
import type { PaymentSimulationAdapter } from '../targetIO/simulation/paymentSimulation.ts';
import {
  type Capability,
  type Environment,
  type RequirementCatalogue,
  requirementCatalogue,
} from '../../contract/catalogue/requirementCatalogue.ts';
import type { SessionSink } from '../targetIO/sessionSink.ts';
import type { SharedState } from './sharedState.ts';
import type { SharedStateGuard } from './sharedStateGuard.ts';
import type { TargetInfo } from '../targetIO/targetManifest.ts';
import type { TokenPool } from '../targetIO/tokenPool.ts';
import type { Area } from './areas.ts';
import type { OptionWords } from '../records/optionWords.ts';

export { AREAS, type Area } from './areas.ts';

/**
 * Ways a scenario can make events happen (suites/shared/eventTriggers.ts):
 * injection through the emulator's control endpoint, or a documented operation
 * that fires events (API 6.3): the sandbox approve of an application
 * (customer.created) or its sandbox deny (application.denied).
 */
export const EVENT_TRIGGERS = {
  injection: { capability: 'eventInjection', environment: undefined },
  'sandbox-approve': { capability: 'applications', environment: 'sandbox' },
  'sandbox-deny': { capability: 'applications', environment: 'sandbox' },
} as const satisfies Record<string, { capability: Capability; environment: Environment | undefined }>;
export type EventTriggerKind = keyof typeof EVENT_TRIGGERS;

export function triggerAvailable(kind: EventTriggerKind, target: Pick<TargetInfo, 'capabilities' | 'environment'>): boolean {
  const { capability, environment } = EVENT_TRIGGERS[kind];
  return target.capabilities.has(capability) && (environment === undefined || environment === target.environment);
}

export const describeTrigger = (kind: EventTriggerKind): string => {
  const { capability, environment } = EVENT_TRIGGERS[kind];
  return `${kind} (capability ${capability}${environment ? `, ${environment} only` : ''})`;
};

/** What a scenario gets to talk to the target and record its checks. */
export interface ScenarioContext {
  readonly target: TargetInfo;
  /** Client with a token holding every scope. */
  readonly api: ApiClient;
  readonly tokens: TokenPool;
  readonly check: CheckRecorder;
  /** Everything registered here is undone when the scenario ends, pass or fail. */
  readonly cleanup: CleanupLedger;
  /** Emulator-style control endpoints; only usable for the capabilities the target claims. */
  readonly control: ControlClient;
  readonly fixtures: FixtureProvider;
  /** Makes the target receive payments (capability paymentSimulation): the manifest's adapter or the emulator's. */
  readonly simulation: PaymentSimulationAdapter;
  /** The session's webhook sink, shared by its scenarios (each adds and removes its own endpoints). */
  readonly sink: SessionSink;
  /** Seeded per scenario: the same seed replays the same generated data. */
  readonly faker: Faker;
  /** The scenario's own seed, derived from the run seed and the scenario id. */
  readonly seed: number;
  /** The run's seed: what `run --seed N` takes to replay this scenario's generated data. */
  readonly runSeed: number;
  /** Target-wide state: a use it did not declare is a suite defect; a reader may move a state alone when it must. */
  readonly shared: Pick<SharedStateGuard, 'use' | 'moveAlone' | 'webhooks' | 'holdWebhook' | 'releaseWebhook'>;
  /** A progress note shown while the suite runs (never include secrets). */
  log(message: string): void;
  /** The command line's options, for a message that names the one to change; none where no command started the run. */
  readonly optionWords?: OptionWords;
}

/**
 * One behaviour (or one parameterised family of behaviours) of the API. A scenario
 * declares every requirement id it may record; the catalogue gate holds these
 * declarations against requirements/*.yaml.
 */
export interface Scenario {
  /** Stable id: `<area>/<what>`, e.g. `positive-pay/create/checkPaymentPositivePay`. */
  id: string;
  area: Area;
  /**
   * What is shown for the scenario: derived by defineScenario from the statement of
   * its first requirement in requirements/*.yaml, never written by hand, so a title
   * cannot state a level its requirement does not have.
   */
  title: string;
  requirements: readonly string[];
  /**
   * Ways the scenario can make its events happen, best first; it runs when the
   * target offers at least one, and SKIPs naming them otherwise.
   */
  eventTriggers?: readonly EventTriggerKind[];
  /** Target capabilities the scenario cannot run without; missing ones SKIP it with the reason. */
  needs?: readonly Capability[];
  /**
   * Why the scenario is heavy or leaves traces that cannot be undone through the
   * documented API. Such a scenario runs only where the target allows heavy
   * probes (the emulator, `--heavy-probes`, `--certify`); elsewhere it SKIPs.
   */
  heavy?: string;
  /**
   * Target-wide state it relies on staying put (harness/engine/sharedState.ts): it runs
   * beside other readers of it, never beside a mover.
   */
  reads?: readonly SharedState[];
  /**
   * Target-wide state it changes: it runs while no other reader or mover of it
   * does. Needing clockControl makes a scenario a mover of the clock.
   */
  moves?: readonly SharedState[];
  /**
   * Target-wide state it reads at each step where it needs it and judges by what it
   * read then (harness/engine/sharedState.ts): it holds no lock and runs beside movers.
   */
  follows?: readonly SharedState[];
  /**
   * The most webhooks it holds at once (created and not yet disabled); default one
   * where it reads or moves the webhook quota, else none. The scheduler keeps the
   * run within its webhook budget by these; holding more is a defect of the suite.
   */
  webhooks?: number;
  /** Environments it applies to (default both). */
  environments?: readonly Environment[];
  run(ctx: ScenarioContext): Promise<void>;
}

/** A scenario as written: everything but the title, which is derived. */
export type ScenarioDefinition = Omit<Scenario, 'title'>;

/**
 * What an area's folder gives the suite: suites/<area>/index.ts exports it as `area`, and
 * suites/scenarioIndex.ts reads every area of AREAS from it.
 */
export interface AreaSuite<A extends Area = Area> {
  readonly name: A;
  /** Every scenario of the area, each declaring `area: name`. */
  readonly scenarios: readonly Scenario[];
  /**
   * The response shapes its scenarios check on the way, through the operations they call (an auth
   * scenario creates a rule, whose answer is held to PP-RULE-RESOURCE-SHAPE): a run judges what its
   * checks recorded, so `run --only AREA` judges these too. Which calls a scenario makes is known only
   * by running it: test/cli/areaListing.test.ts holds each area's list to what a run of it records.
   */
  readonly shapesCheckedOnTheWay: readonly string[];
}

/** `<what>: <statement of the first requirement>`; the catalogue gate holds every scenario to it. */
export function derivedTitle(
  scenario: Pick<Scenario, 'id' | 'requirements'> & { area: string },
  catalogue: RequirementCatalogue = requirementCatalogue(),
): string {
  const first = scenario.requirements[0];
  const statement = first !== undefined && catalogue.has(first) ? catalogue.get(first).statement : `(no requirement ${first ?? ''})`;
  return `${scenario.id.slice(scenario.area.length + 1)}: ${statement}`;
}

export const defineScenario = (definition: ScenarioDefinition): Scenario => ({ ...definition, title: derivedTitle(definition) });

/** The scenarios, each also declared a reader of `state` (an area whose every scenario relies on it). */
export const alsoReading = (state: SharedState, scenarios: readonly Scenario[]): Scenario[] =>
  scenarios.map((scenario) => ({ ...scenario, reads: [...new Set([...(scenario.reads ?? []), state])] }));

/** Why a heavy probe SKIPs where the target does not allow heavy probes: what includes it, its option where a command started the run. */
export const heavyProbeSkipReason = (why: string, words: OptionWords | undefined): string =>
  `heavy probe, off by default against this target: ${why}; ${words ? `run with ${words.heavyProbes} (or "heavyProbes": true in the manifest)` : 'set "heavyProbes": true in the manifest'} to include it`;
