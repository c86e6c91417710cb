import { RESULTS_FORMAT_VERSION, describeSubject, type ResultsDocument, type ShardInfo } from '../../verdict/resultsDocument.ts';
import type { CheckRecord } from '../../harness/records/checkRecords.ts';
import { requirementCatalogue } from '../../contract/catalogue/requirementCatalogue.ts';
import { countOutcomes, judgeRequirements, verdictOf } from '../../verdict/requirementVerdict.ts';
import type { Scenario } from '../../harness/engine/scenario.ts';
import { resolveTarget, type TargetInfo } from '../../harness/targetIO/targetManifest.ts';
import { emulatorManifest } from '../../harness/targetIO/targetSession.ts';
import { catalogueHash } from '../../verdict/catalogueHash.ts';

// A results document built the way the CLI builds one, from check records the
// test produced (in-process scenario runs or hand-written records).

export const emulatorTarget = (baseUrl = 'http://127.0.0.1:1'): TargetInfo => resolveTarget(emulatorManifest(), baseUrl);

export interface RunShape {
  records: readonly CheckRecord[];
  selected: Iterable<string>;
  scenarios?: readonly Pick<Scenario, 'id'>[];
  target?: TargetInfo;
  shard?: ShardInfo;
  seed?: number;
}

export function resultsOfRun(run: RunShape): ResultsDocument {
  const target = run.target ?? emulatorTarget();
  const selected = new Set(run.selected);
  const requirements = judgeRequirements(requirementCatalogue(), run.records, target, { selected });
  const itemIds = run.scenarios?.map((scenario) => scenario.id) ?? [...new Set(run.records.map((record) => record.itemId))];
  return {
    formatVersion: RESULTS_FORMAT_VERSION,
    suiteVersion: '0.1.0',
    catalogueHash: catalogueHash(),
    target: describeSubject(target),
    seed: run.seed ?? 1,
    areas: ['positive-pay'],
    ...(run.shard ? { shard: run.shard } : {}),
    itemIds,
    selectedRequirements: [...selected].sort(),
    startedAt: '2026-11-21T10:00:00.000Z',
    finishedAt: '2026-11-21T10:00:05.000Z',
    verdict: verdictOf(requirements),
    counts: countOutcomes(requirements),
    requirements,
  };
}
