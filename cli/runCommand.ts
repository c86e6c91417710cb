import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startVitest } from 'vitest/node';
import { startEmulator, type Emulator } from '../emulator/emulator.ts';
import type { CheckRecord } from '../harness/checkRecords.ts';
import { CLIENT_REQUIREMENTS } from '../harness/operationCatalogue.ts';
import { requirementCatalogue } from '../harness/requirementCatalogue.ts';
import { issueCertificate } from '../harness/certification.ts';
import { applyBaseline, excusedRequirements, loadExpectedFailures } from '../harness/expectedFailures.ts';
import { countOutcomes, judgeRequirements, verdictOf } from '../harness/requirementVerdict.ts';
import { AREAS, type Area } from '../harness/scenario.ts';
import { EMULATOR_MANIFEST_PATH, loadManifest, SetupError } from '../harness/targetManifest.ts';
import { openTargetSession, RUN_ENV, type RunDescriptor } from '../harness/targetSession.ts';
import { addTallies, describeThrottling, emptyTally } from '../harness/throttleRetry.ts';
import { SCENARIOS_BY_AREA } from '../suites/scenarioIndex.ts';
import { allureReporter } from '../report/allureResults.ts';
import { catalogueHash } from '../report/catalogueHash.ts';
import { writeReports } from '../report/reportWriter.ts';
import { compareResults } from '../report/resultsComparison.ts';
import { readBaseline } from '../report/resultsFile.ts';
import { formatShard, parseShard, scenariosOfShard, SHARD_ENV } from '../report/scenarioShard.ts';
import { type ContainerTarget, disposeTargetContainer, recordContainerRun, startTargetContainer, targetImageManifestPath, type TargetImageOptions } from '../container/targetImageRun.ts';
import { ConformanceReporter } from './conformanceReporter.ts';
import { assertReachable } from './reachability.ts';
import { describeTarget, RESULTS_FORMAT_VERSION, type ResultsDocument } from './resultsDocument.ts';
import { printBaseline, printSummary } from './summaryPrinter.ts';
import { writeCertificate } from './certificateFile.ts';

/** TargetImageOptions: --target-image, --target-port, --target-env, --target-manifest (container/). */
export interface RunOptions extends TargetImageOptions {
  target?: string;
  baseUrl?: string;
  only?: string;
  reportDir: string;
  seed?: string;
  sinkPublicUrl?: string;
  verbose?: boolean;
  /** `i/n`: run shard i of n of the scenarios (report/scenarioShard.ts). */
  shard?: string;
  /** An earlier results.json (or its directory) to report the difference from. */
  compare?: string;
  /** Expected-failures file of the target (harness/expectedFailures.ts). */
  baseline?: string;
  /** Strict run: no baseline, every applicable requirement judged; writes certificate.json. */
  certify?: boolean;
  /** Run heavy or irreversible probes even where the manifest does not allow them. */
  heavyProbes?: boolean;
  /** Faults or tolerated variations for the embedded emulator. */
  emulatorFault?: string[];
}

/** Exit codes CI understands. */
export const EXIT = { conformant: 0, nonConformant: 1, setup: 2 } as const;

const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));

function parseAreas(only: string | undefined): Area[] {
  if (!only) return [...AREAS];
  const chosen = only.split(',').map((area) => area.trim()).filter(Boolean);
  const unknown = chosen.filter((area) => !(AREAS as readonly string[]).includes(area));
  if (unknown.length > 0) throw new SetupError(`--only: unknown area ${unknown.join(', ')}; areas are ${AREAS.join(', ')}`);
  return chosen as Area[];
}

function parseSeed(seed: string | undefined): number {
  if (seed === undefined) return Math.floor(Math.random() * 2 ** 31);
  const value = Number(seed);
  if (!Number.isSafeInteger(value) || value < 0) throw new SetupError(`--seed must be a non-negative integer; got '${seed}'`);
  return value;
}

function suiteVersion(): string {
  return (JSON.parse(readFileSync(`${PROJECT_ROOT}/package.json`, 'utf8')) as { version: string }).version;
}

function assertConsistent(options: RunOptions): void {
  if (options.certify && (options.baseline || options.only || options.shard)) {
    throw new SetupError('--certify runs the whole suite with no baseline: drop --baseline, --only and --shard');
  }
  if (options.emulatorFault?.length && (options.target || options.baseUrl)) {
    throw new SetupError('--emulator-fault applies to the embedded emulator only: drop --target/--base-url, or start `npm run emulator -- --fault NAME` yourself');
  }
}

export async function runCommand(options: RunOptions, write: (text: string) => void): Promise<number> {
  assertConsistent(options);
  const areas = parseAreas(options.only);
  const seed = parseSeed(options.seed);
  const shard = options.shard ? parseShard(options.shard) : undefined;
  const baseline = options.compare ? readBaseline(options.compare) : undefined;
  const manifestPath = options.target ?? targetImageManifestPath(options) ?? EMULATOR_MANIFEST_PATH;
  const manifest = loadManifest(manifestPath);
  const embedded = !options.target && !options.baseUrl && !options.targetImage;
  let emulator: Emulator | undefined;
  let container: ContainerTarget | undefined;
  try {
    if (embedded) {
      const faults = options.emulatorFault ?? [];
      try {
        emulator = await startEmulator({ environment: manifest.environment, faults });
      } catch (error) {
        throw new SetupError(`--emulator-fault: ${(error as Error).message}`);
      }
      write(`Started the embedded reference emulator at ${emulator.url()}${faults.length ? ` with ${faults.join(', ')}` : ''}`);
    }
    container = await startTargetContainer(options, manifest, write);
    const baseUrl = emulator?.url() ?? container?.baseUrl ?? options.baseUrl ?? manifest.baseUrl ?? '';
    await assertReachable(baseUrl.replace(/\/+$/, ''), options.baseUrl ? '--base-url' : container ? `the container of ${container.image.name}` : `baseUrl in ${manifestPath}`);
    const heavyProbes = options.heavyProbes || options.certify ? { heavyProbes: true } : {};
    const descriptor: RunDescriptor = { manifest, options: { baseUrl, seed, ...heavyProbes, ...(options.sinkPublicUrl ? { sinkPublicUrl: options.sinkPublicUrl } : {}) } };
    // Opening a session here catches missing tokens before any test starts.
    const session = await openTargetSession(manifest, descriptor.options);
    process.env[RUN_ENV] = JSON.stringify(descriptor);

    const scenarios = areas.flatMap((area) => scenariosOfShard(area, SCENARIOS_BY_AREA[area], shard));
    // Response-shape requirements count as selected only through a scenario that declares them.
    const selected = new Set([...scenarios.flatMap((scenario) => scenario.requirements), ...Object.values(CLIENT_REQUIREMENTS)]);
    write(`Target: ${session.target.name} (${session.target.environment}) at ${session.target.baseUrl}; areas: ${areas.join(', ')}${shard ? `; shard ${formatShard(shard)} (${scenarios.length} scenarios)` : ''}; seed ${seed}`);
    const startedAt = new Date().toISOString();
    const reporter = new ConformanceReporter(scenarios.length, write, options.verbose ?? false);
    const allure = allureReporter(options.reportDir, { target: session.target.name, baseUrl: session.target.baseUrl, seed: String(seed), suiteVersion: suiteVersion() });
    // Read by report/shardSetup.ts in the vitest workers.
    if (shard) process.env[SHARD_ENV] = formatShard(shard);
    else delete process.env[SHARD_ENV];
    const vitest = await startVitest('test', areas.map((area) => `suites/${area}/`), {
      root: PROJECT_ROOT,
      config: `${PROJECT_ROOT}/vitest.config.ts`,
      project: 'conformance',
      watch: false,
      reporters: [reporter, allure],
    });
    await vitest.close();
    const containerRun = container ? await recordContainerRun(container, options.reportDir) : undefined;
    if (reporter.suiteErrors.length > 0) {
      throw new SetupError(`the suite itself failed, not the target: ${reporter.suiteErrors[0]}`);
    }
    const expected = scenarios.map((scenario) => scenario.id).sort();
    const reported = reporter.scenarios.map((meta) => meta.scenarioId).sort();
    if (shard && JSON.stringify(expected) !== JSON.stringify(reported)) {
      throw new SetupError(`shard ${formatShard(shard)} ran other scenarios than it selected (the suite's test layout changed): expected ${expected.length}, ran ${reported.length}`);
    }

    const records: CheckRecord[] = reporter.scenarios.flatMap((meta) => meta.records);
    const catalogue = requirementCatalogue();
    const results = judgeRequirements(catalogue, records, session.target, { selected });
    const expectedFailures = options.baseline ? loadExpectedFailures(options.baseline, (id) => catalogue.has(id)) : undefined;
    const baselineOutcome = expectedFailures ? applyBaseline(expectedFailures, results) : undefined;
    const verdict = baselineOutcome && baselineOutcome.stale.length > 0
      ? 'non-conformant'
      : verdictOf(results, baselineOutcome ? excusedRequirements(baselineOutcome.known, results) : new Set());
    const counts = countOutcomes(results);
    const throttling = reporter.scenarios.reduce((sum, meta) => addTallies(sum, meta.throttling), emptyTally());
    const throttled = throttling.tooManyRequests + throttling.unavailable > 0;
    const document: ResultsDocument = {
      formatVersion: RESULTS_FORMAT_VERSION,
      suiteVersion: suiteVersion(),
      catalogueHash: catalogueHash(),
      target: { ...describeTarget(session.target), ...(container ? { image: container.image } : {}) },
      seed,
      areas,
      ...(shard ? { shard } : {}),
      scenarioIds: scenarios.map((scenario) => scenario.id),
      selectedRequirements: [...selected].sort(),
      startedAt,
      finishedAt: new Date().toISOString(),
      verdict,
      counts,
      requirements: results,
      ...(containerRun ? { container: containerRun } : {}),
    };
    if (throttled) document.throttling = throttling;
    if (baseline) document.comparison = compareResults(baseline, document);
    if (options.baseline && baselineOutcome) document.baseline = { path: options.baseline, ...baselineOutcome };
    const paths = writeReports(options.reportDir, document);
    printSummary(results, counts, verdict, write);
    const throttleNote = describeThrottling(throttling, Date.parse(document.finishedAt) - Date.parse(startedAt));
    if (throttleNote) write(throttleNote);
    write(`Results: ${paths.results}`);
    write(`Reports: ${paths.html}, ${paths.junit}, Allure results in ${options.reportDir}/allure-results (npm run report builds the Allure HTML)`);
    if (baselineOutcome) printBaseline(baselineOutcome, write);
    if (options.certify) {
      const certificate = issueCertificate(results, { target: document.target, suiteVersion: document.suiteVersion, catalogueHash: document.catalogueHash });
      write(`Certificate: ${writeCertificate(options.reportDir, certificate)}: ${certificate.certified ? 'CERTIFIED' : `NOT CERTIFIED (${certificate.blocking.map((entry) => `${entry.id} ${entry.outcome}`).join(', ')})`}`);
      return certificate.certified ? EXIT.conformant : EXIT.nonConformant;
    }
    return verdict === 'conformant' ? EXIT.conformant : EXIT.nonConformant;
  } finally {
    await disposeTargetContainer(container);
    await emulator?.close();
  }
}
