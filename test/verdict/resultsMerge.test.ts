import { describe, expect, test } from 'vitest';
import type { CheckRecord } from '../../harness/records/checkRecords.ts';
import { requirementCatalogue } from '../../contract/catalogue/requirementCatalogue.ts';
import { SetupError } from '../../harness/records/setupError.ts';
import { catalogueHash } from '../../verdict/catalogueHash.ts';
import { mergeResults } from '../../verdict/resultsMerge.ts';
import { resultsOfRun } from '../report/resultsOfRun.ts';
import { narrowedByText } from '../../cli/commandLineText.ts';

// merge: shards re-judged from their raw check records. A requirement one shard
// did not select must not hide what another shard found, and the worst outcome
// across shards wins.

const core = requirementCatalogue()
  .all()
  .filter((requirement) => requirement.level === 'MUST' && requirement.capability === 'core' && !requirement.excluded);
const [A, B] = core.map((requirement) => requirement.id) as [string, string];
const record = (requirementId: string, outcome: CheckRecord['outcome'], itemId: string): CheckRecord => ({
  requirementId,
  itemId,
  outcome,
  message: `${requirementId} ${outcome} in ${itemId}`,
});
const merge = (...documents: ReturnType<typeof resultsOfRun>[]) =>
  mergeResults(documents, requirementCatalogue(), catalogueHash(), narrowedByText);
const outcomeIn = (document: ReturnType<typeof resultsOfRun>, id: string) =>
  document.requirements.find((result) => result.id === id)?.outcome;

describe('merging shard results', () => {
  test('a requirement not selected in one shard takes its result from the shard that ran it', () => {
    const one = resultsOfRun({ records: [record(A, 'PASS', 's/a')], selected: [A], shard: { index: 1, count: 2 } });
    const two = resultsOfRun({ records: [record(B, 'FAIL', 's/b')], selected: [B], shard: { index: 2, count: 2 } });
    expect([outcomeIn(one, B), outcomeIn(two, A)]).toEqual(['SKIP', 'SKIP']);
    const merged = merge(two, one);
    expect([outcomeIn(merged, A), outcomeIn(merged, B)]).toEqual(['PASS', 'FAIL']);
    expect(merged.verdict).toBe('non-conformant');
    expect(merged.mergedFrom?.map((run) => run.shard?.index)).toEqual([1, 2]);
    expect(merged.itemIds).toEqual(['s/a', 's/b']);
  });

  test('the worst outcome across shards wins, and every check record is kept', () => {
    const one = resultsOfRun({ records: [record(A, 'PASS', 's/1')], selected: [A], shard: { index: 1, count: 2 } });
    const two = resultsOfRun({ records: [record(A, 'FAIL', 's/2')], selected: [A], shard: { index: 2, count: 2 } });
    const merged = merge(one, two);
    expect(outcomeIn(merged, A)).toBe('FAIL');
    expect(merged.requirements.find((result) => result.id === A)?.checks.map((check) => check.itemId)).toEqual(['s/1', 's/2']);
  });

  test('a requirement selected somewhere but recorded nowhere is UNTESTABLE, not SKIP', () => {
    const one = resultsOfRun({ records: [], selected: [A], shard: { index: 1, count: 2 } });
    const two = resultsOfRun({ records: [], selected: [], shard: { index: 2, count: 2 } });
    expect(outcomeIn(merge(one, two), A)).toBe('UNTESTABLE');
  });

  test("the shards of a narrowed run keep its narrowing and lose the shard's, an older results.json's words alike", () => {
    const shardOf = (index: number) => {
      const document = resultsOfRun({ records: [record(A, 'PASS', `s/${index}`)], selected: [A], shard: { index, count: 2 } });
      // As every results.json says a partial run: in words, the only form an older one keeps.
      const narrowedBy = narrowedByText({ areas: ['auth'], shard: { index, count: 2 } });
      return { ...document, partial: { requirements: 1, of: requirementCatalogue().all().length, narrowedBy } };
    };
    expect(shardOf(1).partial.narrowedBy).toEqual(['--only auth', '--shard 1/2']);
    expect(merge(shardOf(1), shardOf(2)).partial?.narrowedBy).toEqual(['--only auth']);
    expect(merge(resultsOfRun({ records: [], selected: [A], shard: { index: 1, count: 1 } })).partial).toBeUndefined();
  });

  test('refuses a missing or repeated shard, mixed targets and another catalogue', () => {
    const shard = (index: number, count = 3) => resultsOfRun({ records: [], selected: [], shard: { index, count } });
    expect(() => merge(shard(1), shard(3))).toThrow(/shard\(s\) 2\/3 missing/);
    expect(() => merge(shard(1, 2), shard(1, 2))).toThrow(/shard 1\/2 is given twice/);
    const elsewhere = shard(2, 2);
    elsewhere.target = { ...elsewhere.target, name: 'another target' };
    expect(() => merge(shard(1, 2), elsewhere)).toThrow(/differ in target/);
    const other = { ...shard(1, 1), catalogueHash: `sha256:${'0'.repeat(64)}` };
    expect(() => merge(other)).toThrow(SetupError);
  });
});
