import type { Faker } from '@faker-js/faker';
import type { ApiClient } from './apiClient.ts';
import type { CheckRecorder } from './checkRecorder.ts';
import type { CleanupLedger } from './cleanupLedger.ts';
import type { ControlClient } from './controlClient.ts';
import type { FixtureProvider } from './fixtureProvider.ts';
import type { Capability, Environment } from './requirementCatalogue.ts';
import type { TargetInfo } from './targetManifest.ts';
import type { TokenPool } from './tokenPool.ts';

/** Areas of the suite; each has a folder under suites/ and can be chosen with `run --only`. */
export const AREAS = ['positive-pay', 'auth', 'conventions', 'webhooks', 'delivery', 'events', 'sandbox', 'decisioning'] as const;
export type Area = (typeof AREAS)[number];

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
  /** Seeded per scenario: the same seed replays the same generated data. */
  readonly faker: Faker;
  /** The scenario's own seed, derived from the run seed and the scenario id. */
  readonly seed: number;
  /** The run's seed: what `run --seed N` takes to replay this scenario's generated data. */
  readonly runSeed: number;
  /** A progress note shown while the suite runs (never include secrets). */
  log(message: string): void;
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
  /** The behaviour in MUST wording. */
  title: string;
  requirements: readonly string[];
  /** Target capabilities the scenario cannot run without; missing ones SKIP it with the reason. */
  needs?: readonly Capability[];
  /** Environments it applies to (default both). */
  environments?: readonly Environment[];
  run(ctx: ScenarioContext): Promise<void>;
}

export const defineScenario = (scenario: Scenario): Scenario => scenario;
