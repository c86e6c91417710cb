import type { CheckRecord } from '../harness/records/checkRecords.ts';
import type { RequirementCatalogue } from '../contract/catalogue/requirementCatalogue.ts';
import { catalogueHash } from './catalogueHash.ts';
import { countOutcomes, judgeRequirements, verdictOf } from './requirementVerdict.ts';
import { type DescribedSubject, describeSubject, RESULTS_FORMAT_VERSION, type ResultsDocument } from './resultsDocument.ts';

// The judgement every subject shares: check records and what they ran against in, a results
// document out. run/runJudgement.ts adds what only a run of scenarios knows (its plan, a partial
// run's extent, the baseline, the comparison); receiver/ and client/ call this alone.

/** What a command judges into a results document: the check records of its items (scenarios, cases, a client's items), and what they ran against. */
export interface JudgedRecords {
  command: NonNullable<ResultsDocument['command']>;
  /** The catalogue of the command's subject: the target's for `run`, the receiver's for `receiver`, the client's for `client`. */
  catalogue: RequirementCatalogue;
  /** What was judged, whatever the subject (results.json keeps the key `target`: see ResultsDocument). */
  target: DescribedSubject;
  suiteVersion: string;
  seed: number;
  areas: string[];
  /** The items that ran, in plan order. */
  itemIds: string[];
  records: readonly CheckRecord[];
  /** Requirements the items could record: the rest is "not selected". */
  selected: ReadonlySet<string>;
  /** Report only what was selected or recorded (a narrowed run). */
  onlySelected?: boolean;
  startedAt: string;
  replayArguments: string[];
}

/** The one assembly of a results document, for `run` and `receiver` alike: requirement outcomes, the verdict, the counts. */
export function judgedDocument(judged: JudgedRecords): ResultsDocument {
  const { catalogue, records, target, selected } = judged;
  const results = judgeRequirements(catalogue, records, target, { selected, onlySelected: judged.onlySelected ?? false });
  return {
    formatVersion: RESULTS_FORMAT_VERSION,
    suiteVersion: judged.suiteVersion,
    catalogueHash: catalogueHash(),
    target: describeSubject(target),
    seed: judged.seed,
    areas: judged.areas,
    itemIds: judged.itemIds,
    // What its checks recorded on the way (the shape of a response, its time-out) counts as selected too.
    selectedRequirements: [...new Set([...selected, ...records.map((record) => record.requirementId)])].sort(),
    startedAt: judged.startedAt,
    finishedAt: new Date().toISOString(),
    verdict: verdictOf(results),
    command: judged.command,
    replayArguments: judged.replayArguments,
    counts: countOutcomes(results),
    requirements: results,
  };
}
