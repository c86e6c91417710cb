import { type MergedRun, RESULTS_FORMAT_VERSION, type ResultsDocument, type ShardInfo } from './resultsDocument.ts';
import type { CheckRecord } from '../harness/records/checkRecords.ts';
import type { RequirementCatalogue } from '../contract/catalogue/requirementCatalogue.ts';
import { countOutcomes, judgeRequirements, verdictOf } from './requirementVerdict.ts';
import { AREAS } from '../harness/engine/scenario.ts';
import { SetupError } from '../harness/records/setupError.ts';
import type { TargetInfo } from '../harness/targetIO/targetManifest.ts';

// Joins the results of several runs (the shards of one run, or areas run
// separately) into one document, re-judged from the raw check records: a
// requirement's outcome is the worst of its checks across all runs, and it is
// "not selected" only if no run selected it, so a shard that did not run a
// scenario can never hide what another shard found.

function refuse(problem: string): never {
  throw new SetupError(`merge: ${problem}`);
}

function sameEverywhere<T>(documents: readonly ResultsDocument[], what: string, pick: (document: ResultsDocument) => T): T {
  const first = pick(documents[0] as ResultsDocument);
  const other = documents.find((document) => JSON.stringify(pick(document)) !== JSON.stringify(first));
  if (other)
    refuse(
      `the results differ in ${what} (${JSON.stringify(first)} vs ${JSON.stringify(pick(other))}); only runs of one suite against one target can be merged`,
    );
  return first;
}

function checkShards(documents: readonly ResultsDocument[]): void {
  const sharded = documents.filter((document) => document.shard);
  if (sharded.length === 0) return;
  if (sharded.length !== documents.length) refuse('some results are shards and some are not');
  const count = sameEverywhere(documents, 'shard count', (document) => document.shard?.count);
  const seen = new Set<number>();
  for (const document of documents) {
    const index = document.shard?.index as number;
    if (seen.has(index)) refuse(`shard ${index}/${count} is given twice`);
    seen.add(index);
  }
  // A missing shard would make its requirements "not selected": a false conformant.
  const missing = Array.from({ length: count as number }, (_, i) => i + 1).filter((index) => !seen.has(index));
  if (missing.length > 0)
    refuse(`shard(s) ${missing.map((index) => `${index}/${count}`).join(', ')} missing; every shard is needed for a verdict`);
}

export function mergeResults(
  documents: readonly ResultsDocument[],
  catalogue: RequirementCatalogue,
  currentCatalogueHash: string,
  /** How a run tells its shard (cli/commandLineText.ts), to know the words a whole merge leaves out. */
  narrowingText: (narrowedBy: { shard: ShardInfo }) => string[],
): ResultsDocument {
  if (documents.length === 0) refuse('no results given');
  const catalogueHash = sameEverywhere(documents, 'catalogueHash', (document) => document.catalogueHash);
  if (catalogueHash !== currentCatalogueHash) {
    refuse(
      `the results were judged against catalogue ${catalogueHash}, this checkout has ${currentCatalogueHash}; merge with the suite version that ran them`,
    );
  }
  // Base URLs may differ (each shard's embedded emulator listens on its own port); the target may not.
  const { baseUrl: _baseUrl, ...identity } = sameEverywhere(documents, 'target', ({ target: { baseUrl: _url, ...rest } }) => ({
    ...rest,
    baseUrl: '',
  }));
  const target = { ...identity, baseUrl: [...new Set(documents.map((document) => document.target.baseUrl))].join(', ') };
  const suiteVersion = sameEverywhere(documents, 'suiteVersion', (document) => document.suiteVersion);
  checkShards(documents);

  const ordered = [...documents].sort((a, b) => (a.shard?.index ?? 0) - (b.shard?.index ?? 0));
  const records: CheckRecord[] = ordered.flatMap((document) => document.requirements.flatMap((result) => result.checks));
  const selected = new Set(ordered.flatMap((document) => document.selectedRequirements));
  // judgeRequirements reads only the environment and the claimed capabilities of the target.
  const targetInfo = { ...target, capabilities: new Set(target.capabilities) } as unknown as TargetInfo;
  const areas = new Set(ordered.flatMap((document) => document.areas));
  // All the shards of a run make it whole again; any other narrowing stays. Each document's shard is a value, told
  // as every run tells it, so an older results.json, which keeps only the words of its narrowing, merges alike.
  const narrowedBy = [
    ...new Set(
      ordered.flatMap((document) => {
        const shard = document.shard ? narrowingText({ shard: document.shard }) : [];
        return (document.partial?.narrowedBy ?? []).filter((text) => !shard.includes(text));
      }),
    ),
  ];
  const requirements = judgeRequirements(catalogue, records, targetInfo, { selected, onlySelected: narrowedBy.length > 0 });
  const mergedFrom: MergedRun[] = ordered.map((document) => ({
    ...(document.shard ? { shard: document.shard } : {}),
    seed: document.seed,
    startedAt: document.startedAt,
    finishedAt: document.finishedAt,
  }));
  return {
    formatVersion: RESULTS_FORMAT_VERSION,
    suiteVersion,
    catalogueHash,
    target,
    seed: (ordered[0] as ResultsDocument).seed,
    areas: AREAS.filter((area) => areas.has(area)),
    itemIds: ordered.flatMap((document) => document.itemIds),
    selectedRequirements: [...selected].sort(),
    mergedFrom,
    startedAt: ordered.map((document) => document.startedAt).sort()[0] as string,
    finishedAt: ordered
      .map((document) => document.finishedAt)
      .sort()
      .at(-1) as string,
    verdict: verdictOf(requirements),
    ...(documents[0]?.replayArguments ? { replayArguments: documents[0].replayArguments } : {}),
    ...(documents[0]?.requestReplay ? { requestReplay: documents[0].requestReplay } : {}),
    ...(narrowedBy.length > 0 ? { partial: { requirements: requirements.length, of: catalogue.all().length, narrowedBy } } : {}),
    counts: countOutcomes(requirements),
    requirements,
  };
}
