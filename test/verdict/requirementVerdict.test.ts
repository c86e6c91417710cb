import { describe, expect, test } from 'vitest';
import type { CheckRecord } from '../../harness/records/checkRecords.ts';
import type { Requirement, RequirementCatalogue } from '../../contract/catalogue/requirementCatalogue.ts';
import { requirementEntry } from '../support/requirementEntry.ts';
import { judgeRequirements, verdictOf } from '../../verdict/requirementVerdict.ts';
import { resolveTarget } from '../../harness/targetIO/targetManifest.ts';

const make = requirementEntry;
const entries = [
  make('PP-A', 'MUST'),
  make('PP-B', 'SHOULD'),
  make('PP-C', 'MUST', { environments: ['sandbox'] }),
  make('PP-D', 'MUST', { capability: 'clockControl' }),
  make('PP-E', 'MUST'),
  make('PP-F', 'MUST', { excluded: 'cannot be seen from outside the service' }),
];
const catalogue: RequirementCatalogue = {
  all: () => entries,
  has: () => true,
  get: (id) => entries.find((e) => e.id === id) as Requirement,
};
const live = resolveTarget({ name: 't', baseUrl: 'http://127.0.0.1:1', environment: 'live', capabilities: ['core'] });
const record = (requirementId: string, outcome: CheckRecord['outcome']): CheckRecord => ({
  requirementId,
  outcome,
  itemId: 's',
  message: 'm',
});

describe('requirement verdict', () => {
  const results = judgeRequirements(catalogue, [record('PP-A', 'PASS'), record('PP-A', 'FAIL'), record('PP-B', 'WARN')], live, {
    selected: new Set(['PP-A', 'PP-B', 'PP-E']),
  });
  const outcome = (id: string) => results.find((result) => result.id === id)?.outcome;

  test('a requirement takes the worst outcome of its checks', () => expect(outcome('PP-A')).toBe('FAIL'));
  test('another environment, an unclaimed capability and an exclusion SKIP with the reason', () => {
    expect([outcome('PP-C'), outcome('PP-D'), outcome('PP-F')]).toEqual(['SKIP', 'SKIP', 'SKIP']);
    expect(results.find((result) => result.id === 'PP-D')?.reason).toMatch(/clockControl/);
  });
  test('a selected requirement with no result is UNTESTABLE, never a silent pass', () => expect(outcome('PP-E')).toBe('UNTESTABLE'));
  test('a failed MUST makes the run non-conformant; a WARN alone does not', () => {
    expect(verdictOf(results)).toBe('non-conformant');
    expect(verdictOf(results.filter((result) => result.id === 'PP-B'))).toBe('conformant');
  });
});
