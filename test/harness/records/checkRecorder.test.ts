import { describe, expect, test } from 'vitest';
import { CheckRecorder } from '../../../harness/records/checkRecorder.ts';
import { SecretRedactor } from '../../../harness/records/secretRedactor.ts';
import type { Requirement, RequirementCatalogue } from '../../../contract/catalogue/requirementCatalogue.ts';
import { requirementEntry } from '../../support/requirementEntry.ts';

const requirement = (id: string, level: Requirement['level']): Requirement => requirementEntry(id, level);
const entries = [requirement('PP-MUST', 'MUST'), requirement('PP-SHOULD', 'SHOULD'), requirement('PP-OBSERVE', 'OBSERVE')];
const catalogue: RequirementCatalogue = {
  all: () => entries,
  has: (id) => entries.some((entry) => entry.id === id),
  get: (id) =>
    entries.find((entry) => entry.id === id) ??
    (() => {
      throw new Error(id);
    })(),
};
const recorder = () => new CheckRecorder(catalogue, 'area/scenario', new Set(['PP-MUST', 'PP-SHOULD', 'PP-OBSERVE']), new SecretRedactor());

describe('check recorder', () => {
  test('a missed MUST is FAIL, a missed SHOULD is WARN, an OBSERVE is never judged', () => {
    const checks = recorder();
    checks.expect('PP-MUST', false, 'm');
    checks.expect('PP-SHOULD', false, 's');
    checks.expect('PP-OBSERVE', false, 'o');
    expect(checks.records().map((record) => record.outcome)).toEqual(['FAIL', 'WARN', 'OBSERVED']);
  });

  test('identical passes fold into one record with a count', () => {
    const checks = recorder();
    checks.pass('PP-MUST', 'same');
    checks.pass('PP-MUST', 'same');
    expect(checks.records()).toHaveLength(1);
    expect(checks.records()[0]?.count).toBe(2);
  });

  test('recording an id the scenario did not declare is a harness error', () => {
    const checks = new CheckRecorder(catalogue, 'area/scenario', new Set(['PP-MUST']), new SecretRedactor());
    expect(() => checks.pass('PP-SHOULD', 'x')).toThrow(/does not declare/);
  });
});
