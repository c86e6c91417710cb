import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startVitest } from 'vitest/node';
import { startEmulator, type Emulator } from '../emulator/emulator.ts';
import type { CheckRecord } from '../harness/checkRecords.ts';
import { requirementCatalogue } from '../harness/requirementCatalogue.ts';
import { issueCertificate } from '../harness/certification.ts';
import { applyBaseline, excusedRequirements, loadExpectedFailures } from '../harness/expectedFailures.ts';
import { countOutcomes, judgeRequirements, verdictOf } from '../harness/requirementVerdict.ts';
import { EMULATOR_MANIFEST_PATH, loadManifest, SetupError } from '../harness/targetManifest.ts';
import { openTargetSession, RUN_ENV, type RunDescriptor } from '../harness/targetSession.ts';
import { addTallies, describeThrottling, emptyTally } from '../harness/throttleRetry.ts';
import { SCENARIOS_BY_AREA } from '../suites/scenarioIndex.ts';
import { SELECTION_ENV, type SelectedPositions } from '../report/selectionPositions.ts';
import { allureReporter } from '../report/allureResults.ts';
import { catalogueHash } from '../report/catalogueHash.ts';
import { writeReports } from '../report/reportWriter.ts';
import { writeHar } from '../report/harWriter.ts';
import { compareResults } from '../report/resultsComparison.ts';
import { readBaseline } from '../report/resultsFile.ts';
import { formatShard, parseShard, SHARD_ENV } from '../report/scenarioShard.ts';
import { type ContainerTarget, disposeTargetContainer, recordContainerRun, startTargetContainer, targetImageManifestPath, type TargetImageOptions } from '../container/targetImageRun.ts';
import { ConformanceReporter } from './conformanceReporter.ts';
import { progressDisplayFor } from './progressDisplay.ts';
import { colourWanted, terminalStyle } from './terminalStyle.ts';
import { assertReachable } from './reachability.ts';
import { describeTarget, RESULTS_FORMAT_VERSION, type PartialRun, type ResultsDocument } from './resultsDocument.ts';
import { selectScenarios, type Selection } from './scenarioSelection.ts';
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
  /** Comma-separated requirement ids: run the scenarios that judge them (cli/scenarioSelection.ts). */
  requirement?: string;
  /** Run the scenarios whose id or title contains this text. */
  grep?: string;
  /** Stop after the first scenario with a FAIL or UNTESTABLE check. */
  failFast?: boolean;
  /** Print the verdict and the failures only. */
  quiet?: boolean;
  /** Write every API exchange of the run to this file as HAR 1.2 (report/harWriter.ts). */
  har?: string;
}

/** Where the selected scenarios sit in their area's list: what report/selectionSetup.ts reads. */
function selectedPositions(selection: Selection): SelectedPositions {
  const positions: SelectedPositions = {};
  for (const scenario of selection.scenarios) (positions[scenario.area] ??= []).push(SCENARIOS_BY_AREA[scenario.area].indexOf(scenario));
  return positions;
}

/** After --fail-fast stopped the run: the selected requirements of the scenarios that ran. */
function requirementsOfReported(selection: Selection, reported: readonly string[]): Set<string> {
  const ran = new Set(reported);
  const declared = new Set(selection.scenarios.filter((scenario) => ran.has(scenario.id)).flatMap((scenario) => scenario.requirements));
  return new Set([...selection.requirements].filter((id) => declared.has(id) || !selection.scenarios.some((scenario) => scenario.requirements.includes(id))));
}

/** The options that chose the target, for the replay command of each failure (report/reproduction.ts). */
function replayArguments(options: RunOptions): string[] {
  return [
    ...(options.target ? ['--target', options.target] : []),
    ...(options.baseUrl ? ['--base-url', options.baseUrl] : []),
    ...(options.emulatorFault ?? []).flatMap((fault) => ['--emulator-fault', fault]),
  ];
}

/** Exit codes CI understands. */
export const EXIT = { conformant: 0, nonConformant: 1, setup: 2 } as const;

const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));

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
  if (options.certify && (options.baseline || options.only || options.shard || options.requirement !== undefined || options.grep !== undefined || options.failFast)) {
    throw new SetupError('--certify runs the whole suite with no baseline: drop --baseline, --only, --shard, --requirement, --grep and --fail-fast');
  }
  if (options.emulatorFault?.length && (options.target || options.baseUrl)) {
    throw new SetupError('--emulator-fault applies to the embedded emulator only: drop --target/--base-url, or start `npm run emulator -- --fault NAME` yourself');
  }
}

export async function runCommand(options: RunOptions, write: (text: string) => void): Promise<number> {
  assertConsistent(options);
  const seed = parseSeed(options.seed);
  const shard = options.shard ? parseShard(options.shard) : undefined;
  const catalogue = requirementCatalogue();
  const selection = selectScenarios({
    ...(options.only !== undefined ? { only: options.only } : {}),
    ...(options.requirement !== undefined ? { requirement: options.requirement } : {}),
    ...(options.grep !== undefined ? { grep: options.grep } : {}),
    ...(shard ? { shard } : {}),
  }, catalogue);
  const { areas, scenarios } = selection;
  // --quiet: the verdict and the failures only.
  const say = options.quiet ? () => {} : write;
  const style = terminalStyle(colourWanted(process.stdout, process.env));
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
      say(`Started the embedded reference emulator at ${emulator.url()}${faults.length ? ` with ${faults.join(', ')}` : ''}`);
    }
    container = await startTargetContainer(options, manifest, write);
    const baseUrl = emulator?.url() ?? container?.baseUrl ?? options.baseUrl ?? manifest.baseUrl ?? '';
    await assertReachable(baseUrl.replace(/\/+$/, ''), options.baseUrl ? '--base-url' : container ? `the container of ${container.image.name}` : `baseUrl in ${manifestPath}`);
    const descriptor: RunDescriptor = {
      manifest,
      options: {
        baseUrl,
        seed,
        ...(options.heavyProbes || options.certify ? { heavyProbes: true } : {}),
        ...(options.sinkPublicUrl ? { sinkPublicUrl: options.sinkPublicUrl } : {}),
        ...(options.har ? { recordExchanges: true } : {}),
      },
    };
    // Opening a session here catches missing tokens before any test starts.
    const session = await openTargetSession(manifest, descriptor.options);
    process.env[RUN_ENV] = JSON.stringify(descriptor);

    say(`Target: ${session.target.name} (${session.target.environment}) at ${session.target.baseUrl}; areas: ${areas.join(', ')}${shard ? `; shard ${formatShard(shard)} (${scenarios.length} scenarios)` : ''}; seed ${seed}`);
    const startedAt = new Date().toISOString();
    const progress = progressDisplayFor(scenarios.length, { quiet: options.quiet ?? false, style }, write);
    const reporter = new ConformanceReporter(progress, options.verbose ?? false);
    const allure = allureReporter(options.reportDir, { target: session.target.name, baseUrl: session.target.baseUrl, seed: String(seed), suiteVersion: suiteVersion() });
    // Read by report/shardSetup.ts in the vitest workers.
    if (shard) process.env[SHARD_ENV] = formatShard(shard);
    else delete process.env[SHARD_ENV];
    if (options.requirement !== undefined || options.grep !== undefined) process.env[SELECTION_ENV] = JSON.stringify(selectedPositions(selection));
    else delete process.env[SELECTION_ENV];
    const vitest = await startVitest('test', areas.map((area) => `suites/${area}/`), {
      root: PROJECT_ROOT,
      config: `${PROJECT_ROOT}/vitest.config.ts`,
      project: 'conformance',
      watch: false,
      reporters: [reporter, allure],
      // A conformance test fails exactly when a check is FAIL or UNTESTABLE.
      ...(options.failFast ? { bail: 1 } : {}),
    });
    await vitest.close();
    progress.finish();
    const containerRun = container ? await recordContainerRun(container, options.reportDir) : undefined;
    if (reporter.suiteErrors.length > 0) {
      throw new SetupError(`the suite itself failed, not the target: ${reporter.suiteErrors[0]}`);
    }
    const expected = scenarios.map((scenario) => scenario.id).sort();
    const reported = reporter.scenarios.map((meta) => meta.scenarioId).sort();
    const stoppedEarly = options.failFast === true && reported.length < expected.length;
    if (selection.narrowedBy.length > 0 && !stoppedEarly && JSON.stringify(expected) !== JSON.stringify(reported)) {
      throw new SetupError(`${selection.narrowedBy.join(' ')} ran other scenarios than it selected (the suite's test layout changed): expected ${expected.length}, ran ${reported.length}`);
    }

    const records: CheckRecord[] = reporter.scenarios.flatMap((meta) => meta.records)
      .filter((record) => !selection.onlyRequirements || selection.onlyRequirements.has(record.requirementId));
    const selected = stoppedEarly ? requirementsOfReported(selection, reported) : selection.requirements;
    const narrowedBy = stoppedEarly ? [...selection.narrowedBy, '--fail-fast'] : selection.narrowedBy;
    const partial: PartialRun | undefined = narrowedBy.length > 0 ? { requirements: selected.size, of: catalogue.all().length, narrowedBy } : undefined;
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
      scenarioIds: scenarios.map((scenario) => scenario.id).filter((id) => !stoppedEarly || reported.includes(id)),
      selectedRequirements: [...selected].sort(),
      startedAt,
      finishedAt: new Date().toISOString(),
      verdict,
      replayArguments: replayArguments(options),
      ...(partial ? { partial } : {}),
      counts,
      requirements: results,
      ...(containerRun ? { container: containerRun } : {}),
    };
    if (throttled) document.throttling = throttling;
    if (baseline) document.comparison = compareResults(baseline, document);
    if (options.baseline && baselineOutcome) document.baseline = { path: options.baseline, ...baselineOutcome };
    const paths = writeReports(options.reportDir, document);
    printSummary(document, write, { quiet: options.quiet ?? false, style });
    const throttleNote = describeThrottling(throttling, Date.parse(document.finishedAt) - Date.parse(startedAt));
    if (throttleNote) say(throttleNote);
    say(`Results: ${paths.results}`);
    say(`Reports: ${paths.html}, ${paths.junit}, Allure results in ${options.reportDir}/allure-results (npm run report -- --report-dir ${options.reportDir} builds the Allure HTML)`);
    if (options.har) {
      const exchanges = reporter.scenarios.flatMap((meta) => meta.exchanges ?? []);
      say(`HAR: ${writeHar(options.har, exchanges, suiteVersion())} (${exchanges.length} exchanges)`);
    }
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
