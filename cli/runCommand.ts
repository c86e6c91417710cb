import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startVitest } from 'vitest/node';
import { startEmulator, type Emulator } from '../emulator/emulator.ts';
import type { CheckRecord } from '../harness/checkRecords.ts';
import { CLIENT_REQUIREMENTS, shapeRequirements } from '../harness/operationCatalogue.ts';
import { requirementCatalogue } from '../harness/requirementCatalogue.ts';
import { countOutcomes, judgeRequirements, verdictOf } from '../harness/requirementVerdict.ts';
import { AREAS, type Area } from '../harness/scenario.ts';
import { EMULATOR_MANIFEST_PATH, loadManifest, SetupError } from '../harness/targetManifest.ts';
import { openTargetSession, RUN_ENV, type RunDescriptor } from '../harness/targetSession.ts';
import { SCENARIOS_BY_AREA } from '../suites/scenarioIndex.ts';
import { ConformanceReporter } from './conformanceReporter.ts';
import { assertReachable } from './reachability.ts';
import { describeTarget, writeResults } from './resultsDocument.ts';
import { printSummary } from './summaryPrinter.ts';

export interface RunOptions {
  target?: string;
  baseUrl?: string;
  only?: string;
  reportDir: string;
  seed?: string;
  sinkPublicUrl?: string;
  verbose?: boolean;
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

export async function runCommand(options: RunOptions, write: (text: string) => void): Promise<number> {
  const areas = parseAreas(options.only);
  const seed = parseSeed(options.seed);
  const manifestPath = options.target ?? EMULATOR_MANIFEST_PATH;
  const manifest = loadManifest(manifestPath);
  const embedded = !options.target && !options.baseUrl;
  let emulator: Emulator | undefined;
  try {
    if (embedded) {
      emulator = await startEmulator({ environment: manifest.environment });
      write(`Started the embedded reference emulator at ${emulator.url()}`);
    }
    const baseUrl = emulator?.url() ?? options.baseUrl ?? manifest.baseUrl;
    await assertReachable(baseUrl.replace(/\/+$/, ''), options.baseUrl ? '--base-url' : `baseUrl in ${manifestPath}`);
    const descriptor: RunDescriptor = { manifest, options: { baseUrl, seed, ...(options.sinkPublicUrl ? { sinkPublicUrl: options.sinkPublicUrl } : {}) } };
    // Opening a session here catches missing tokens before any test starts.
    const session = await openTargetSession(manifest, descriptor.options);
    process.env[RUN_ENV] = JSON.stringify(descriptor);

    const scenarios = areas.flatMap((area) => SCENARIOS_BY_AREA[area]);
    const selected = new Set([...scenarios.flatMap((scenario) => scenario.requirements), ...Object.values(CLIENT_REQUIREMENTS), ...shapeRequirements()]);
    write(`Target: ${session.target.name} (${session.target.environment}) at ${session.target.baseUrl}; areas: ${areas.join(', ')}; seed ${seed}`);
    const startedAt = new Date().toISOString();
    const reporter = new ConformanceReporter(scenarios.length, write, options.verbose ?? false);
    const vitest = await startVitest('test', areas.map((area) => `suites/${area}/`), {
      root: PROJECT_ROOT,
      config: `${PROJECT_ROOT}/vitest.config.ts`,
      project: 'conformance',
      watch: false,
      reporters: [reporter],
    });
    await vitest.close();
    if (reporter.suiteErrors.length > 0) {
      throw new SetupError(`the suite itself failed, not the target: ${reporter.suiteErrors[0]}`);
    }

    const records: CheckRecord[] = reporter.scenarios.flatMap((meta) => meta.records);
    const results = judgeRequirements(requirementCatalogue(), records, session.target, { selected });
    const verdict = verdictOf(results);
    const counts = countOutcomes(results);
    const resultsPath = writeResults(options.reportDir, {
      formatVersion: 1,
      suiteVersion: suiteVersion(),
      target: describeTarget(session.target),
      seed,
      areas,
      startedAt,
      finishedAt: new Date().toISOString(),
      verdict,
      counts,
      requirements: results,
    });
    printSummary(results, counts, verdict, write);
    write(`Results: ${resultsPath}`);
    return verdict === 'conformant' ? EXIT.conformant : EXIT.nonConformant;
  } finally {
    await emulator?.close();
  }
}
